import FolioCore

/// The `?` overlay: the keymap's rows in a box over the main view; in two columns (summaries
/// shortened to fit) when one column is taller than the area, and ending in "…" when even two
/// are.
struct HelpOverlay {
  var width: TextWidth
  var keymap: Keymap

  private static let title = "Folio keys (any key closes)"
  /// Blank columns between two columns of keys.
  private static let columnGap = 3

  func draw(on screen: inout ScreenBuffer, area: CellRect) {
    let bindings = keymap.bindings.filter { !$0.keyNames.isEmpty }
    let keyColumn = bindings.map { width.width(of: $0.keyNames) }.max() ?? 0
    let entries = bindings.map { binding in
      binding.keyNames
        + String(repeating: " ", count: keyColumn - width.width(of: binding.keyNames) + 2)
        + binding.summary
    }
    let natural = entries.map { width.width(of: $0) }.max() ?? 0
    // Title and a blank line, then the entries; a box border all round.
    let fitsOneColumn = entries.count + 2 + 2 <= area.size.rows
    let columnCount = fitsOneColumn || entries.isEmpty ? 1 : 2
    let perColumn = (entries.count + columnCount - 1) / max(1, columnCount)
    let wanted = columnCount * natural + (columnCount - 1) * Self.columnGap
    let boxWidth = min(area.size.columns, max(wanted, width.width(of: Self.title)) + 4)
    let boxHeight = min(area.size.rows, perColumn + 2 + 2)
    guard boxWidth >= 4, boxHeight >= 3 else { return }
    let x0 = area.minX + (area.size.columns - boxWidth) / 2
    let y0 = area.minY + (area.size.rows - boxHeight) / 2
    drawBox(on: &screen, x0: x0, y0: y0, width: boxWidth, height: boxHeight)
    let inner = boxWidth - 4
    var title = Cell(" ")
    title.attributes = [.bold]
    screen.write(
      width.truncated(Self.title, toWidth: inner), at: CellPoint(x: x0 + 2, y: y0 + 1),
      maxWidth: inner, style: title, width: width)
    let firstRow = y0 + 3
    let rowsShown = max(0, boxHeight - 4)
    let columnWidth = (inner - (columnCount - 1) * Self.columnGap) / columnCount
    for column in 0..<columnCount {
      let start = column * perColumn
      let shown = entries.dropFirst(start).prefix(perColumn)
      for (row, entry) in shown.prefix(rowsShown).enumerated() {
        // The last row says there is more when the list does not fit.
        let isCut = row == rowsShown - 1 && shown.count > rowsShown
        let text = isCut ? "…" : width.truncated(entry, toWidth: columnWidth)
        screen.write(
          text,
          at: CellPoint(x: x0 + 2 + column * (columnWidth + Self.columnGap), y: firstRow + row),
          maxWidth: columnWidth, style: Cell(" "), width: width)
      }
    }
  }

  private func drawBox(
    on screen: inout ScreenBuffer, x0: Int, y0: Int, width boxWidth: Int, height boxHeight: Int
  ) {
    for y in y0..<(y0 + boxHeight) {
      for x in x0..<(x0 + boxWidth) {
        let top = y == y0
        let bottom = y == y0 + boxHeight - 1
        let left = x == x0
        let right = x == x0 + boxWidth - 1
        var cell = Cell(" ")
        switch (top, bottom, left, right) {
        case (true, _, true, _): cell.scalar = "┌"
        case (true, _, _, true): cell.scalar = "┐"
        case (_, true, true, _): cell.scalar = "└"
        case (_, true, _, true): cell.scalar = "┘"
        case (true, _, _, _), (_, true, _, _): cell.scalar = "─"
        case (_, _, true, _), (_, _, _, true): cell.scalar = "│"
        default: break
        }
        screen[x, y] = cell
      }
    }
  }
}
