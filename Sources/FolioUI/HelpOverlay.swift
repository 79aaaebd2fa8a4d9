import FolioCore

/// The `?` overlay: the keymap's rows in a box over the main view.
struct HelpOverlay {
  var width: TextWidth
  var keymap: Keymap

  func draw(on screen: inout ScreenBuffer, area: CellRect) {
    let rows = keymap.bindings.filter { !$0.keyNames.isEmpty }
    let keyColumn = rows.map { width.width(of: $0.keyNames) }.max() ?? 0
    let lines = ["Folio keys (any key closes)", ""] + rows.map { binding in
      binding.keyNames + String(repeating: " ", count: keyColumn - width.width(of: binding.keyNames) + 2) + binding.summary
    }
    let boxWidth = min(area.size.columns, (lines.map { width.width(of: $0) }.max() ?? 0) + 4)
    let boxHeight = min(area.size.rows, lines.count + 2)
    guard boxWidth >= 4, boxHeight >= 3 else { return }
    let x0 = area.minX + (area.size.columns - boxWidth) / 2
    let y0 = area.minY + (area.size.rows - boxHeight) / 2
    let style = Cell(" ")
    for y in y0..<(y0 + boxHeight) {
      for x in x0..<(x0 + boxWidth) {
        let top = y == y0
        let bottom = y == y0 + boxHeight - 1
        let left = x == x0
        let right = x == x0 + boxWidth - 1
        var cell = style
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
    for (i, line) in lines.prefix(boxHeight - 2).enumerated() {
      var lineStyle = style
      if i == 0 { lineStyle.attributes = [.bold] }
      screen.write(line, at: CellPoint(x: x0 + 2, y: y0 + 1 + i), maxWidth: boxWidth - 4, style: lineStyle, width: width)
    }
  }
}
