/// Fits a page into a box of terminal cells, keeping its aspect ratio on screen.
public enum PageFit {
  /// The largest cell size with the page's on-screen aspect ratio that fits in `box`, where a
  /// cell is `cellAspect` times as tall as it is wide. At least 1 x 1 when the box is not empty.
  public static func cells(for page: PointSize, in box: CellSize, cellAspect: Double) -> CellSize {
    guard !box.isEmpty else { return CellSize(columns: 0, rows: 0) }
    let page = page.sanitized
    let aspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : 2
    // Columns per row that keep the page's shape: c / (r * aspect) = W / H.
    let columnsPerRow = page.aspectRatio * aspect
    var rows = Double(box.rows)
    var columns = rows * columnsPerRow
    if columns > Double(box.columns) {
      columns = Double(box.columns)
      rows = columns / columnsPerRow
    }
    return CellSize(
      columns: min(box.columns, max(1, Int(saturating: columns))),
      rows: min(box.rows, max(1, Int(saturating: rows))))
  }
}
