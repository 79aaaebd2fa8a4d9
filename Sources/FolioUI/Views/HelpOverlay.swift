import FolioCore

/// The `?` overlay: the keymap's rows in a box over the main view, every word of them readable.
/// Two columns when every row fits in half the box; else one column, a summary too long for
/// its line continuing on the next, under itself. Taller than the box, it scrolls: the title
/// says which lines show and how to move.
struct HelpOverlay {
  var width: TextWidth
  var keymap: Keymap

  /// Blank columns between two columns of keys, and between keys and their summary.
  private static let columnGap = 3
  private static let keyGap = 2

  /// The box inside `area`: the border, the title and a blank line around the lines.
  static func box(in area: CellRect) -> (columns: Int, rows: Int) {
    (max(0, area.size.columns - 4), max(0, area.size.rows - 4))
  }

  /// The help's lines for a box `columns` wide, laid out as `draw` shows them.
  func lines(columns: Int) -> [String] {
    let bindings = keymap.bindings.filter { !$0.keyNames.isEmpty }
    guard !bindings.isEmpty, columns > 0 else { return [] }
    let keyColumn = bindings.map { width.width(of: $0.keyNames) }.max() ?? 0
    func entry(_ binding: Keymap.Binding) -> String {
      binding.keyNames
        + String(repeating: " ", count: keyColumn - width.width(of: binding.keyNames) + Self.keyGap)
        + binding.summary
    }
    let natural = bindings.map { width.width(of: entry($0)) }.max() ?? 0
    if 2 * natural + Self.columnGap <= columns {
      // Two columns, down the first then down the second.
      let perColumn = (bindings.count + 1) / 2
      return (0..<perColumn).map { row in
        let left = entry(bindings[row])
        guard row + perColumn < bindings.count else { return left }
        let padding = natural + Self.columnGap - width.width(of: left)
        return left + String(repeating: " ", count: padding) + entry(bindings[row + perColumn])
      }
    }
    // One column: a summary wraps at word boundaries, under itself.
    let indent = keyColumn + Self.keyGap
    let room = max(8, columns - indent)
    var lines: [String] = []
    for binding in bindings {
      let wrapped = width.wrapped(binding.summary, toWidth: room)
      for (index, part) in wrapped.enumerated() {
        let lead =
          index == 0
          ? binding.keyNames
            + String(repeating: " ", count: indent - width.width(of: binding.keyNames))
          : String(repeating: " ", count: indent)
        lines.append(lead + part)
      }
    }
    return lines
  }

  /// Draws the box over `area`, its lines from line `top` on.
  func draw(on screen: inout ScreenBuffer, area: CellRect, top: Int) {
    let (inner, rows) = Self.box(in: area)
    let lines = lines(columns: inner)
    guard inner > 0, rows > 0 else { return }
    let wanted = lines.map { width.width(of: $0) }.max() ?? 0
    let boxWidth = min(area.size.columns, max(wanted, 40) + 4)
    let boxHeight = min(area.size.rows, lines.count + 4)
    let x0 = area.minX + (area.size.columns - boxWidth) / 2
    let y0 = area.minY + (area.size.rows - boxHeight) / 2
    screen.drawBox(CellRect(x: x0, y: y0, columns: boxWidth, rows: boxHeight))
    let shownRows = boxHeight - 4
    let first = max(0, min(top, lines.count - shownRows))
    let title =
      lines.count > shownRows
      ? "Folio keys  \(first + 1)–\(first + shownRows) of \(lines.count) · j k scroll · q closes"
      : "Folio keys · q closes"
    var bold = Cell(" ")
    bold.attributes = [.bold]
    screen.write(
      width.truncated(title, toWidth: boxWidth - 4), at: CellPoint(x: x0 + 2, y: y0 + 1),
      maxWidth: boxWidth - 4, style: bold, width: width)
    for (row, line) in lines.dropFirst(first).prefix(shownRows).enumerated() {
      screen.write(
        width.truncated(line, toWidth: boxWidth - 4), at: CellPoint(x: x0 + 2, y: y0 + 3 + row),
        maxWidth: boxWidth - 4, style: Cell(" "), width: width)
    }
  }
}
