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

extension PDFText {
  /// The characters PDFDocEncoding gives bytes 0x18–0x1F and 0x80–0xA0 (Annex D of the PDF
  /// specification; 0x9F is undefined), by byte.
  static let docEncodingSpecials: [Unicode.Scalar: UInt8] = {
    let low: [UInt32] = [0x02D8, 0x02C7, 0x02C6, 0x02D9, 0x02DD, 0x02DB, 0x02DA, 0x02DC]
    let high: [UInt32] = [
      0x2022, 0x2020, 0x2021, 0x2026, 0x2014, 0x2013, 0x0192, 0x2044, 0x2039, 0x203A, 0x2212,
      0x2030, 0x201E, 0x201C, 0x201D, 0x2018, 0x2019, 0x201A, 0x2122, 0xFB01, 0xFB02, 0x0141,
      0x0152, 0x0160, 0x0178, 0x017D, 0x0131, 0x0142, 0x0153, 0x0161, 0x017E,
    ]
    var table: [Unicode.Scalar: UInt8] = [:]
    for (offset, value) in low.enumerated() {
      if let scalar = Unicode.Scalar(value) { table[scalar] = 0x18 + UInt8(offset) }
    }
    for (offset, value) in high.enumerated() {
      if let scalar = Unicode.Scalar(value) { table[scalar] = 0x80 + UInt8(offset) }
    }
    table["\u{20AC}"] = 0xA0
    return table
  }()

  /// Poppler 22.12's structure tree text is UTF-8 that poppler-glib decodes once more as
  /// PDFDocEncoding ("–" comes as "â•ﬁ"; the bytes PDFDocEncoding leaves undefined, such as
  /// 0x9F in "ß" and 0xAD in "í", as U+FFFD). Such a string is re-read as the UTF-8 it was,
  /// a character with a lost byte as U+FFFD: when every character has a PDFDocEncoding byte
  /// (or is U+FFFD), the bytes are valid UTF-8 and hold a character beyond ASCII. Any other
  /// string (plain ASCII, correct text) is returned unchanged.
  static func repairingDoubleDecoding(_ text: String) -> String {
    // Each byte, nil where it was lost.
    var bytes: [UInt8?] = []
    bytes.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if let special = docEncodingSpecials[scalar] {
        bytes.append(special)
      } else if scalar == "\u{FFFD}" {
        bytes.append(nil)
      } else if scalar.value < 0x80 || (0xA1...0xFF).contains(scalar.value) && scalar.value != 0xAD
      {
        bytes.append(UInt8(scalar.value))
      } else {
        return text
      }
    }
    guard bytes.contains(where: { ($0 ?? 0x80) >= 0x80 }) else { return text }
    var repaired = String.UnicodeScalarView()
    var index = 0
    while index < bytes.count {
      // A sequence's length from its first byte; a lost first byte is one lost character.
      guard let lead = bytes[index] else { return text }
      let length =
        lead < 0x80
        ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
      guard length > 0, index + length <= bytes.count else { return text }
      let sequence = bytes[index..<index + length]
      if sequence.contains(nil) {
        // A continuation byte lost: the character is unknown.
        guard sequence.dropFirst().allSatisfy({ $0.map { $0 >> 6 == 0b10 } ?? true }) else {
          return text
        }
        repaired.append("\u{FFFD}")
      } else {
        guard let decoded = String(validating: sequence.compactMap { $0 }, as: UTF8.self) else {
          return text
        }
        repaired.append(contentsOf: decoded.unicodeScalars)
      }
      index += length
    }
    return String(repaired)
  }
}
