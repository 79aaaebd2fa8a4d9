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
}
