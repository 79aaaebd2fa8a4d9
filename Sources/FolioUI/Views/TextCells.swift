import FolioCore

/// Where a part of a page is on screen: the cells a box of the page covers, the page drawn
/// in a frame.
enum TextCells {
  /// The cells `box` of the page (fractions of what is shown of it) covers, the page drawn in
  /// `frame`: those it covers a third or more of across and down, and at least the cell its
  /// middle is in (a box grazing the row above does not take it).
  static func cells(of box: PageRegion, in frame: CellRect) -> CellRect {
    let columns = Double(frame.size.columns)
    let rows = Double(frame.size.rows)
    func span(_ start: Double, _ length: Double) -> (Int, Int) {
      let low = Int(saturating: (start - 2.0 / 3).rounded(.up), rounding: .towardZero)
      let high =
        Int(saturating: (start + length - 1.0 / 3).rounded(.down), rounding: .towardZero) + 1
      guard high > low else {
        let middle = Int(saturating: (start + length / 2).rounded(.down), rounding: .towardZero)
        return (middle, middle + 1)
      }
      return (low, high)
    }
    let (minX, maxX) = span(box.x * columns, box.width * columns)
    let (minY, maxY) = span(box.y * rows, box.height * rows)
    return CellRect(
      x: frame.minX + minX, y: frame.minY + minY, columns: maxX - minX, rows: maxY - minY)
  }
}
