import FolioCore
import FolioLayout

/// Where a page view was left for another view: the page that was current, the exact
/// scroll position and what the layout was made from, and the place as a destination (the
/// page at the top of the screen and how far down it) for when the layout has changed since.
/// Coming back to that view on the same page puts the reader back exactly there.
struct PlaceLeft: Sendable {
  /// The current page when the view was left.
  var page: PageIndex
  /// The viewport then.
  var viewport: Viewport
  /// What the layout was made from then.
  var key: LayoutKey?
  /// The place as a destination.
  var here: Destination
}

extension AppState {
  /// Notes where the current page view is, before leaving it (the grid is left from its
  /// selection, which it keeps by itself).
  mutating func rememberPlaceLeft() {
    guard view.mode != .grid else { return }
    view.noteLeft(
      PlaceLeft(
        page: view.currentPage, viewport: view.viewport, key: view.layouts.key, here: here))
  }

  /// Goes back to where the current view (just switched to, laid out) was left, if the reader
  /// comes back on the same page: the same screen when nothing else changed, else the same
  /// line at the top. Whether it did.
  mutating func returnToPlaceLeft() -> Bool {
    guard let left = view.placesLeft[view.mode], left.page == view.currentPage else {
      return false
    }
    if left.key == view.layouts.key {
      view.scroll(to: view.layout.clamped(left.viewport))
    } else if view.mode == .continuous || view.mode == .read {
      show(left.here)
    } else {
      return false
    }
    view.goTo(page: left.page)
    return true
  }
}
