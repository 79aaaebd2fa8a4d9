import FolioCore

/// Shapes and page placement shared by the stack layouts: a spread's pages share one height, and
/// the spread is as wide as their widths at that height added up.
enum SpreadGeometry {
  /// The spread's width over its common height, in points: the sum of its pages' aspect ratios.
  static func aspectRatio(of pages: Range<PageIndex>, metrics: PageMetrics) -> Double {
    var sum = 0.0
    for raw in pages.lowerBound.rawValue..<pages.upperBound.rawValue {
      sum += metrics.size(of: PageIndex(raw)).aspectRatio
    }
    return sum
  }

  /// The pages of a spread placed side by side in `frame`, each as tall as the frame and as wide
  /// as its share of the spread's aspect ratio (at least one column), in reading order: the first
  /// page leftmost when bound left to right, rightmost when bound right to left. `frame` must be
  /// at least as wide as the spread has pages.
  static func placedPages(
    _ pages: Range<PageIndex>, in frame: CellRect, metrics: PageMetrics, binding: Binding
  ) -> PlacedPages {
    let first = pages.lowerBound
    guard pages.count == 2 else { return PlacedPages(PlacedPage(page: first, frame: frame)) }
    let second = first.advanced(by: 1)
    let firstAspect = metrics.size(of: first).aspectRatio
    let secondAspect = metrics.size(of: second).aspectRatio
    let columns = frame.size.columns
    let share = Double(columns) * firstAspect / (firstAspect + secondAspect)
    let firstColumns = min(max(Int(saturating: share), 1), columns - 1)
    let rows = frame.size.rows
    let leftColumns = binding == .leftToRight ? firstColumns : columns - firstColumns
    let left = CellRect(x: frame.minX, y: frame.minY, columns: leftColumns, rows: rows)
    let right = CellRect(
      x: frame.minX + leftColumns, y: frame.minY, columns: columns - leftColumns, rows: rows)
    return binding == .leftToRight
      ? PlacedPages(PlacedPage(page: first, frame: left), PlacedPage(page: second, frame: right))
      : PlacedPages(PlacedPage(page: first, frame: right), PlacedPage(page: second, frame: left))
  }

  /// A page fitted into `box` with its on-screen aspect ratio kept, centered in the box.
  static func centered(_ page: PointSize, in box: CellRect, cellAspect: CellAspect) -> CellRect {
    let size = PageFit.cells(for: page, in: box.size, cellAspect: cellAspect.value)
    return CellRect(
      x: box.minX + (box.size.columns - size.columns) / 2,
      y: box.minY + (box.size.rows - size.rows) / 2,
      columns: size.columns, rows: size.rows)
  }
}

extension Int {
  /// Division rounding toward negative infinity (`/` rounds toward zero).
  func flooredDivision(by divisor: Int) -> Int {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
