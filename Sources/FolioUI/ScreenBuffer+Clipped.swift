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
}
