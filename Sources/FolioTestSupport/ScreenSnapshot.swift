import FolioCore

/// Golden screens: a `ScreenBuffer` as plain text, compared with a file kept beside the tests.
///
/// The text has a size line, the cell grid and a style overlay, and never an escape byte:
///
///     size 8x3
///     Hi 漢  x│
///     aa      │
///     ␉       │
///     style
///     0: 0-1 fg=#ff0000 bold; 2-6 plain; 7 reverse underline
///     1: 0-3 bg=@4; 4-7 plain
///     2: 0 fg=@196 bg=#0a0b0c dim; 1-7 plain
///
/// A grid line holds one character per cell, continuation cells of wide characters left out,
/// and ends with `│` so trailing spaces show; control characters are drawn as their Unicode
/// control pictures. Each style line gives a row's runs of equal style as columns (`a-b`, or
/// `a` for one) and words: `fg=` and `bg=` with `#rrggbb` for 24-bit colors or `@n` for
/// palette entries (omitted for the terminal's default), then `bold`, `dim`, `reverse`,
/// `underline`; `plain` when there is none of these.
public enum ScreenSnapshot {
  /// What ends every grid line.
  public static let lineEnd: Character = "│"

  /// The environment variable that makes `expectSnapshot` write goldens.
  public static let recordVariable = "RECORD_SNAPSHOTS"

  /// `screen` in the golden text format, ending with a newline.
  public static func text(of screen: ScreenBuffer) -> String {
    var text = "size \(screen.size.columns)x\(screen.size.rows)\n"
    for y in 0..<screen.size.rows {
      for x in 0..<screen.size.columns where !screen[x, y].isContinuation {
        text.unicodeScalars.append(visible(screen[x, y].scalar))
      }
      text.append(lineEnd)
      text.append("\n")
    }
    text.append("style\n")
    for y in 0..<screen.size.rows {
      text.append("\(y): " + styleRuns(ofRow: y, in: screen).joined(separator: "; ") + "\n")
    }
    return text
  }

  /// A scalar that prints as itself and stays on its line.
  private static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"  // ␀ … ␟
    case 0x7F: "\u{2421}"  // ␡
    case 0x80..<0xA0: "\u{FFFD}"
    default: scalar
    }
  }

  /// The runs of one row, as `columns words`.
  private static func styleRuns(ofRow y: Int, in screen: ScreenBuffer) -> [String] {
    var runs: [String] = []
    var start = 0
    while start < screen.size.columns {
      let first = screen[start, y]
      var end = start + 1
      while end < screen.size.columns, hasSameStyle(screen[end, y], as: first) { end += 1 }
      let columns = end - start == 1 ? "\(start)" : "\(start)-\(end - 1)"
      runs.append(columns + " " + words(for: first))
      start = end
    }
    return runs
  }

  private static func hasSameStyle(_ cell: Cell, as other: Cell) -> Bool {
    cell.foreground == other.foreground && cell.background == other.background
      && cell.attributes == other.attributes
  }

  /// The style of a cell in words.
  private static func words(for cell: Cell) -> String {
    var words: [String] = []
    if let color = name(of: cell.foreground) { words.append("fg=" + color) }
    if let color = name(of: cell.background) { words.append("bg=" + color) }
    let attributes: [(CellAttributes, String)] = [
      (.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline"),
    ]
    for (attribute, word) in attributes where cell.attributes.contains(attribute) {
      words.append(word)
    }
    return words.isEmpty ? "plain" : words.joined(separator: " ")
  }

  /// `#rrggbb`, `@n`, or nil for the default color.
  private static func name(of color: TerminalColor) -> String? {
    switch color {
    case .default: nil
    case .indexed(let index): "@\(index)"
    case .rgb(let red, let green, let blue): "#" + [red, green, blue].map(hex).joined()
    }
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16)
    return byte < 16 ? "0" + digits : digits
  }
}
