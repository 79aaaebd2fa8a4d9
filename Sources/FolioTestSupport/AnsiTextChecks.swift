import FolioCore

/// Checks of `--print` style text shared by the core and Poppler tests: lines, widths, resets
/// and the control characters allowed.
public enum AnsiTextChecks {
  /// One problem per line that breaks the rules, empty when all hold.
  public static func problems(in text: String, columns: Int, rows: Int, colored: Bool) -> [String] {
    var problems: [String] = []
    guard text.hasSuffix("\n") else { return ["text does not end with a newline"] }
    let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
    if lines.count != rows { problems.append("\(lines.count) lines, not \(rows)") }
    for (number, line) in lines.enumerated() {
      var width = 0
      var scalars = line.unicodeScalars[...]
      while let scalar = scalars.popFirst() {
        if scalar == "\u{1B}" {
          // Only SGR: ESC [ digits and semicolons m.
          guard scalars.popFirst() == "[" else {
            problems.append("line \(number): ESC without [")
            break
          }
          while let next = scalars.first, next == ";" || ("0"..."9").contains(next) {
            scalars.removeFirst()
          }
          if scalars.popFirst() != "m" { problems.append("line \(number): escape is not SGR") }
        } else if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
          problems.append("line \(number): control character \(scalar.value)")
        } else {
          width += max(0, TextWidth.approximate.columns(scalar))
        }
      }
      if width != columns { problems.append("line \(number): \(width) columns, not \(columns)") }
      if colored && !line.hasSuffix("\u{1B}[0m") {
        problems.append("line \(number): no reset at end")
      }
      if !colored && line.contains("\u{1B}") {
        problems.append("line \(number): SGR without colors")
      }
    }
    return problems
  }
}
