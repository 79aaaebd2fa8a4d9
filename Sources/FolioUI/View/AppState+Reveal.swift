import FolioCore
import FolioLayout

extension AppState {
  /// Scrolls so that `box` of `page` (fractions of the page) is in view, in the page views:
  /// its line to the middle of the screen, and across into view if the page is wider than it.
  /// Nothing moves when it is in view already.
  mutating func reveal(_ pageBox: PageRegion, on page: PageIndex) {
    guard view.mode != .grid else { return }
    if view.mode == .read {
      _ = revealInReading(pageBox, on: page)
      return
    }
    let box = displayed(pageBox, on: page)
    let layout = view.layout
    let item = layout.item(layout.itemIndex(containing: page))
    guard let placed = item.pages.first(where: { $0.page == page }) else { return }
    let frame = placed.frame
    let x = frame.minX + Int(box.x * Double(frame.size.columns))
    let y = frame.minY + Int(box.y * Double(frame.size.rows))
    let rect = CellRect(
      x: x, y: y, columns: max(1, Int(box.width * Double(frame.size.columns))),
      rows: max(1, Int((box.height * Double(frame.size.rows)).rounded(.up))))
    let visible = view.viewport.visibleRect
    let isInView =
      rect.minX >= visible.minX && rect.maxX <= visible.maxX && rect.minY >= visible.minY
      && rect.maxY <= visible.maxY
    guard !isInView else { return }
    var origin = visible.origin
    if rect.minY < visible.minY || rect.maxY > visible.maxY {
      origin.y = rect.minY - visible.size.rows / 2
    }
    if rect.minX < visible.minX || rect.maxX > visible.maxX {
      origin.x = rect.minX - visible.size.columns / 4
    }
    view.scroll(to: layout.clamped(Viewport(origin: origin, size: visible.size)))
    view.followViewport()
  }
}
