/// Lines the libraries under folio print on their own to standard error: Poppler's error
/// callback ("Syntax Error (123): …", "Internal Error: …"), libjpeg ("Corrupt JPEG data: …",
/// "Premature end of JPEG file"), OpenJPEG and cairo warnings. Noise, not findings.
public enum LibraryNoise {
  static let prefixes = [
    "Syntax Error", "Syntax Warning", "Internal Error", "I/O Error", "Config Error",
    "Command Line Error", "Permission Error", "Unimplemented", "Unknown Error", "Error:",
    "Error (", "Warning:", "Corrupt JPEG data", "Premature end of JPEG file",
    "Invalid JPEG", "Bogus", "Unsupported marker", "Quantization table", "Huffman table",
    "JPEG", "some font thing failed", "[WARNING]", "[ERROR]", "[INFO]", "libpng", "(process:",
    "** (process:",
  ]

  /// Whether `line` is a library's own message.
  public static func contains(_ line: Substring) -> Bool {
    // GLib's "-CRITICAL **" lines are not noise: they mean folio misused an API.
    prefixes.contains { line.hasPrefix($0) } || line.contains("-WARNING **")
  }

  /// `line` with its numbers replaced by `#`, so that messages differing only in offsets and
  /// sizes count as one.
  public static func normalized(_ line: some StringProtocol) -> String {
    var result = ""
    var lastWasDigit = false
    for character in line {
      if character.isNumber || (lastWasDigit && character.isHexDigit) {
        if !lastWasDigit { result.append("#") }
        lastWasDigit = true
      } else {
        result.append(character)
        lastWasDigit = false
      }
    }
    return String(result.prefix(160))
  }
}
