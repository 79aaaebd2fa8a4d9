import FolioCore

/// Where an inverse search (`E`) looks when no selection cursor says.
extension AppState {
  /// The line at the top of the screen: on the page shown at the top, a row below the
  /// screen's top edge, across the middle of the part of the page shown (SyncTeX takes the
  /// nearest box). Nil in the grid and when no page is on screen.
  var sourcePointAtTop: PagePoint? {
    guard view.mode != .grid else { return nil }
    let area = mainArea
    guard !area.isEmpty else { return nil }
    // The first row that shows a page, a row down from the top, left to right from the middle.
    let rows = area.minY..<area.maxY
    let middle = area.minX + area.size.columns / 2
    for row in rows.dropFirst(min(1, rows.count - 1)) {
      for column in [middle] + Array(area.minX..<area.maxX) {
        if let (page, point) = pagePoint(at: CellPoint(x: column, y: row)) {
          return PagePoint(page: page, x: point.x, y: point.y)
        }
      }
    }
    return nil
  }
}
