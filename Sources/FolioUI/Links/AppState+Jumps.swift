import FolioCore
import FolioLayout

/// Jumps: going to a destination (an outline entry, a link, a mark) and the jump list.
extension AppState {
  /// Where the reader is, as a destination that shows the same view again: in the continuous
  /// view the page at the top of the screen and how far down it the screen starts; in the
  /// reading view where the top line's first word is on its page; elsewhere the current page.
  public var here: Destination {
    if view.mode == .read { return readingHere }
    let layout = view.layout
    guard view.mode == .continuous, layout.progression.isVertical else {
      return Destination(page: view.currentPage)
    }
    let visible = view.viewport.visibleRect
    let row = visible.minY + 1
    let probe = CellRect(x: visible.minX, y: row, columns: visible.size.columns, rows: 1)
    for item in layout.items(intersecting: probe) {
      for placed in item.pages where placed.frame.minY <= row && row < placed.frame.maxY {
        let top = Double(row - placed.frame.minY) / Double(max(1, placed.frame.size.rows))
        return Destination(page: placed.page, top: pageFraction(fromShown: top, on: placed.page))
      }
    }
    return Destination(page: view.currentPage)
  }

  /// Records the place a jump is about to leave.
  mutating func recordJump() {
    navigation.recordJump(leaving: here)
  }

  /// Goes to `destination` as a jump: the place left goes on the jump list.
  public mutating func jump(to destination: Destination) {
    recordJump()
    show(destination)
  }

  /// Goes to `page` as a jump (`:`, `g`, `G`).
  mutating func jump(toPage page: PageIndex) {
    recordJump()
    go(to: page)
  }

  /// `Ctrl-O`: back to the place before, `count` times.
  mutating func jumpBack(count: Int) {
    guard let place = navigation.jumpBack(from: here, count: count) else {
      say("no jump to go back to")
      return
    }
    show(place)
  }

  /// `Ctrl-P`: forward again, `count` times.
  mutating func jumpForward(count: Int) {
    guard let place = navigation.jumpForward(count: count) else {
      say("no jump to go forward to")
      return
    }
    show(place)
  }

  /// `''`: back to the place the last jump left, which is itself a jump (so `''` again
  /// returns).
  mutating func returnToLastJump() {
    guard let place = navigation.jumps.lastLeft else {
      say("no jump yet")
      return
    }
    jump(to: place)
  }

  /// Shows `destination`: its page, and in the continuous view its place on the page near
  /// the top of the screen.
  mutating func show(_ destination: Destination) {
    if view.mode == .read {
      showInReading(destination)
      return
    }
    go(to: destination.page)
    let layout = view.layout
    guard view.mode != .grid, let top = destination.top, layout.progression.isVertical else {
      return
    }
    let item = layout.item(layout.itemIndex(containing: destination.page))
    guard let placed = item.pages.first(where: { $0.page == destination.page }) else { return }
    let shownTop = min(max(shownFraction(fromPage: top, on: destination.page), 0), 1)
    let y = placed.frame.minY + Int((shownTop * Double(placed.frame.size.rows)).rounded(.down))
    var origin = view.viewport.origin
    // A row of what comes before stays in view.
    origin.y = y - 1
    view.scroll(to: layout.clamped(Viewport(origin: origin, size: view.viewport.size)))
    view.followViewport()
  }
}
