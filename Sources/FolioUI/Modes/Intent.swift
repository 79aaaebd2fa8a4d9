import FolioCore

/// What a mode asks of the state, as data: modes read the state and return intents; the root
/// (`AppState.apply(_:)`) carries them out through the sub-states' own methods, in order. A
/// mode never writes the state; a new feature adds a method to its sub-state and an intent
/// here when a mode asks for it.
public enum Intent: Sendable {
  /// Shows a line on the status line.
  case say(String)
  /// Effects for the runtime as they are (a mode's own timers).
  case effects([Effect])
  /// One of the keymap's actions, decided by normal browsing with the state as it is when its
  /// turn comes (the actions before it applied): `2v` switches the view, then selects text in
  /// it.
  case act(Action, count: Int?)
  /// The keymap's browsing action (moves, zooms, views, toggles).
  case browse(Action, count: Int?)
  /// The mouse over the pages or the filmstrip.
  case useMouse(MouseEvent)
  /// Ends the program with `status`, the place saved first.
  case quit(status: Int32)
  /// Stops until continued (Ctrl-Z), the place saved first.
  case suspend
  /// Ends `--pick`, printing the picked pages in `format`.
  case finishPick(PickFormat)
  /// Leaves for another document of the library (the session follows), the place saved
  /// first.
  case leave(LibraryMove)
  /// Searches for `query` (empty: stops), going to the first hit when asked.
  case search(String, movesToFirstHit: Bool)
  /// Goes to the next or previous hit, `times` over.
  case moveToHit(forward: Bool, times: Int)
  /// Shows the hit at `position`.
  case showHit(HitPosition)
  /// Jumps to `destination` (a jump recorded).
  case jump(to: Destination)
  /// Jumps to `page`.
  case jumpToPage(PageIndex)
  /// Goes back or forward along the jump list.
  case jumpBack(count: Int)
  case jumpForward(count: Int)
  /// Goes back to where the last jump left from (`''`).
  case returnToLastJump
  /// Sets mark `letter` on the place shown.
  case setMark(Character)
  /// Follows a link.
  case follow(PageLink)
  /// Copies the link shown last.
  case copyShownLink
  /// Copies the current page's text (now, or once read).
  case copyPage
  /// Copies `text`, saying what it was.
  case copy(String, what: String)
  /// Scrolls `box` of `page` into view.
  case reveal(PageRegion, on: PageIndex)
  /// Zooms the page view to a comfortable reading width.
  case zoomForReading
  /// Opens the file again (`R`).
  case reload
}
