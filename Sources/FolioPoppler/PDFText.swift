/// Repairs of text strings as poppler-glib hands them over.
enum PDFText {
  /// PDF 2.0 allows UTF-8 text strings (marked by a byte order mark), which Poppler 22.12
  /// decodes as PDFDocEncoding for page labels: each UTF-8 byte becomes one character, BOM
  /// first ("ï»¿…"). Such a string is re-read as the UTF-8 it was; any other string is
  /// returned unchanged.
  static func repairingUTF8(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count >= 3, scalars[0] == "\u{EF}", scalars[1] == "\u{BB}",
      scalars[2] == "\u{BF}",
      scalars.allSatisfy({ $0.value <= 0xFF })
    else { return text }
    let bytes = scalars.dropFirst(3).map { UInt8($0.value) }
    return String(validating: bytes, as: UTF8.self) ?? text
  }
}
