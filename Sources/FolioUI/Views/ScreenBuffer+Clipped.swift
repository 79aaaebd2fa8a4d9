import FolioCore

extension ScreenBuffer {
  /// Writes `text` from column `x` on row `y`, cut short before column `limit`, in
  /// `attributes`; returns the column after it. What the side panels write their rows with.
  mutating func write(
    _ text: String, at x: Int, y: Int, limit: Int, attributes: CellAttributes, width: TextWidth
  ) -> Int {
    guard x < limit, !text.isEmpty else { return x }
    let fitted = width.truncated(text, toWidth: limit - x)
    write(
      fitted, at: CellPoint(x: x, y: y), maxWidth: limit - x,
      style: Cell(" ", attributes: attributes), width: width)
    return x + width.width(of: fitted)
  }

  /// Clears a side panel's area and draws its border on the right, between the panel and the
  /// pages; returns the border's column (the panel's text stops before it).
  mutating func drawPanelFrame(_ panel: CellRect) -> Int {
    let blank = Cell(" ")
    for y in panel.minY..<panel.maxY {
      for x in panel.minX..<panel.maxX { self[x, y] = blank }
    }
    let edge = panel.maxX - 1
    for y in panel.minY..<panel.maxY { self[edge, y] = Cell("│", attributes: [.dim]) }
    return edge
  }

  /// Clears `box` and draws its frame (┌─┐ │ │ └─┘) in `attributes`: the boxes overlays
  /// (help, a peek) draw over the pages.
  mutating func drawBox(_ box: CellRect, attributes: CellAttributes = []) {
    for y in box.minY..<box.maxY {
      for x in box.minX..<box.maxX {
        let top = y == box.minY
        let bottom = y == box.maxY - 1
        let left = x == box.minX
        let right = x == box.maxX - 1
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
        if cell.scalar != " " { cell.attributes = attributes }
        self[x, y] = cell
      }
    }
  }
}
