import FolioCore
import FolioLayout

/// How far the reader has got, as the outline panel's current section sees it: a page, and how
/// far down it when the view tells (the continuous view reads the row under the screen's top,
/// where a jump puts its destination); in the grid and spread views the whole current page
/// counts as reached.
public struct ReadingPlace: Hashable, Sendable {
  /// The page being read.
  public var page: PageIndex
  /// How far down `page` the reader has got, from 0 to 1: a destination on the page counts as
  /// passed when its position is below this (the top counts as 0). Nil: the whole page.
  public var reached: Double?

  /// Creates a place; `reached` is clamped into 0…1 (1 and NaN are the whole page).
  public init(page: PageIndex, reached: Double? = nil) {
    self.page = page
    if let reached, !reached.isNaN, reached < 1 {
      self.reached = max(0, reached)
    } else {
      self.reached = nil
    }
  }

  /// Whether `destination` is at or before this place.
  public func hasPassed(_ destination: Destination) -> Bool {
    if destination.page != page { return destination.page < page }
    guard let reached else { return true }
    return (destination.top ?? 0) < reached
  }
}

extension AppState {
  /// Where the reader is, for the outline's current section: O(log n).
  public var readingPlace: ReadingPlace {
    let layout = view.layout
    guard view.mode == .continuous, layout.progression.isVertical, layout.itemCount > 0 else {
      return ReadingPlace(page: view.currentPage)
    }
    // The row under the top of the screen: `show(_ destination:)` puts a destination there.
    let y = min(view.viewport.origin.y + 1, max(0, layout.contentSize.rows - 1))
    let spread = layout.continuousIndex(atAxisCoordinate: Double(y)).spread
    let item = layout.item(min(max(0, spread), layout.itemCount - 1))
    // Side by side pages (double spreads): the first one's place stands for the row.
    let placed = item.pages[0]
    let frame = placed.frame
    guard frame.size.rows > 0 else { return ReadingPlace(page: placed.page) }
    if y < frame.minY { return ReadingPlace(page: placed.page, reached: 0) }
    if item.pages.count > 1 || y >= frame.maxY { return ReadingPlace(page: placed.page) }
    // A destination whose row (as `show` rounds it) is this row or above counts as passed.
    return ReadingPlace(
      page: placed.page,
      reached: pageFraction(
        fromShown: Double(y - frame.minY + 1) / Double(frame.size.rows), on: placed.page))
  }
}
