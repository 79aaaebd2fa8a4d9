import FolioCore
import FolioLayout

/// Jumps: going to a destination (an outline entry, a link, a mark).
extension AppState {
  /// Goes to `destination` as a jump.
  public mutating func jump(to destination: Destination) {
    show(destination)
  }

  /// Shows `destination`: its page, and in the continuous and spread views its place on the
  /// page near the top of the screen.
  mutating func show(_ destination: Destination) {
    go(to: destination.page)
    guard mode != .grid, let top = destination.top, layout.progression.isVertical else { return }
    let item = layout.item(layout.itemIndex(containing: destination.page))
    guard let placed = item.pages.first(where: { $0.page == destination.page }) else { return }
    let y = placed.frame.minY + Int(top * Double(placed.frame.size.rows))
    var origin = viewport.origin
    // A row of what comes before stays in view.
    origin.y = y - 1
    viewport = layout.clamped(Viewport(origin: origin, size: viewport.size))
    followViewport()
  }
}
