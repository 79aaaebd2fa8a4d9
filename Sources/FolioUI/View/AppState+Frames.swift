import FolioCore
import FolioLayout

/// Where pages are: in the layout's content cells, and on the screen.
extension AppState {
  /// The frame of `page` in the main layout's content cells, if the layout places it.
  func frame(of page: PageIndex) -> CellRect? {
    let layout = view.layout
    guard page.rawValue >= 0, page.rawValue < document.pageCount else { return nil }
    return layout.item(layout.itemIndex(containing: page)).pages.first { $0.page == page }?.frame
  }

  /// The frame of `page` on the screen (it may reach past the main area).
  public func screenFrame(of page: PageIndex) -> CellRect? {
    guard let frame = frame(of: page) else { return nil }
    let area = mainArea
    let visible = view.viewport.visibleRect
    return CellRect(
      x: area.minX + frame.minX - visible.minX, y: area.minY + frame.minY - visible.minY,
      columns: frame.size.columns, rows: frame.size.rows)
  }

  /// The page under screen cell `point` in the main area, and where on it (fractions of the
  /// whole page, the middle of the cell), if a page is there.
  func pagePoint(at point: CellPoint) -> (PageIndex, (x: Double, y: Double))? {
    let area = mainArea
    guard area.contains(point) else { return nil }
    let visible = view.viewport.visibleRect
    let content = CellPoint(
      x: point.x - area.minX + visible.minX, y: point.y - area.minY + visible.minY)
    if view.mode == .read { return readingPagePoint(at: content) }
    guard let item = view.layout.item(at: content),
      let placed = item.pages.first(where: { $0.frame.contains(content) })
    else { return nil }
    let frame = placed.frame
    let shown = shownRegion(of: placed.page)
    let x = (Double(content.x - frame.minX) + 0.5) / Double(max(1, frame.size.columns))
    let y = (Double(content.y - frame.minY) + 0.5) / Double(max(1, frame.size.rows))
    return (placed.page, (shown.x + x * shown.width, shown.y + y * shown.height))
  }
}

extension AppState {
  /// The part of each page on screen that shows in the main area, top to bottom: where it is
  /// on the page (fractions of the whole page) and where on the screen. What a measurement
  /// compares the screen's text with.
  public var visiblePageRegions: [(page: PageIndex, region: PageRegion, screen: CellRect)] {
    // The reading view shows text, not parts of pages.
    guard view.mode.showsPages else { return [] }
    let visible = view.viewport.visibleRect
    let area = mainArea
    return view.layout.items(intersecting: visible).flatMap(\.pages).compactMap { placed in
      let shown = placed.frame.intersection(visible)
      guard !shown.isEmpty, placed.frame.size.columns > 0, placed.frame.size.rows > 0 else {
        return nil
      }
      let whole = shownRegion(of: placed.page)
      let columns = Double(placed.frame.size.columns)
      let rows = Double(placed.frame.size.rows)
      let region = PageRegion(
        x: whole.x + whole.width * Double(shown.minX - placed.frame.minX) / columns,
        y: whole.y + whole.height * Double(shown.minY - placed.frame.minY) / rows,
        width: whole.width * Double(shown.size.columns) / columns,
        height: whole.height * Double(shown.size.rows) / rows)
      let screen = CellRect(
        x: area.minX + shown.minX - visible.minX, y: area.minY + shown.minY - visible.minY,
        columns: shown.size.columns, rows: shown.size.rows)
      return (placed.page, region, screen)
    }
  }
}
