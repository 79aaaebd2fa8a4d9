import FolioCore

/// Where a part of a page is on screen: the cells a box of the page covers, the page drawn
/// in a frame.
enum TextCells {
  /// The cells `box` of the page (fractions of what is shown of it) covers, the page drawn in
  /// `frame`: every cell the box touches, at least one.
  static func cells(of box: PageRegion, in frame: CellRect) -> CellRect {
    let columns = Double(frame.size.columns)
    let rows = Double(frame.size.rows)
    let minX = Int(saturating: (box.x * columns).rounded(.down), rounding: .towardZero)
    let maxX = Int(saturating: ((box.x + box.width) * columns).rounded(.up), rounding: .towardZero)
    let minY = Int(saturating: (box.y * rows).rounded(.down), rounding: .towardZero)
    let maxY = Int(saturating: ((box.y + box.height) * rows).rounded(.up), rounding: .towardZero)
    return CellRect(
      x: frame.minX + minX, y: frame.minY + minY, columns: max(1, maxX - minX),
      rows: max(1, maxY - minY))
  }
}
