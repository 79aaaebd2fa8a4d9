/// Turns untrusted text (a document title, a page label, a file name) into text that is safe to
/// put on a terminal: no C0/C1 control characters, no DEL, no bidirectional overrides or
/// isolates, no invisible format characters that hide or reorder text (zero-width space, word
/// joiner, tag characters, deprecated shaping controls). Tabs and line breaks become spaces;
/// everything else that is unsafe is dropped. Joiners (U+200C, U+200D) stay: scripts and emoji
/// need them.
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
        // Bidirectional marks, embeddings, overrides and isolates: they reorder what follows.
        continue
      case 0x206A...0x206F:
        // Deprecated format controls that change shaping and digit forms.
        continue
      case 0x180E, 0x200B, 0x2060...0x2064, 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
        // Invisible separators and operators, interlinear annotation, and tag characters,
        // which hide text that reads differently from what is shown.
        continue
      default:
        result.append(scalar)
      }
    }
    return String(result)
  }
}
