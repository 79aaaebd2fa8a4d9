/// Turns untrusted text (a document title, a page label, a file name) into text that is safe to
/// put on a terminal: no C0/C1 control characters, no DEL, no bidirectional overrides or
/// isolates. Tabs and line breaks become spaces; everything else that is unsafe is dropped.
public enum TerminalText {
  /// The safe form of `text`.
  public static func sanitized(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
        result.append(" ")
      case 0x00...0x1F, 0x7F...0x9F:
        continue
      case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        continue
      case 0xFEFF, 0xFFF9...0xFFFB:
        continue
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }
}
