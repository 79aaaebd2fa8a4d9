import FolioCore
import FolioLayout
import FolioTestSupport
import FolioUI
import Testing

/// Switching a setting gives the screen that opening with it gives: the spread pairing
/// (single, double, book; binding; shift) in the spread view, with and without the filmstrip.
@Suite struct SwitchingTests {
  /// Forty Letter pages and a wide plate among them.
  static let sizes: [PointSize] =
    (0..<40).map {
      $0 == 17 ? PointSize(width: 792, height: 612) : PointSize(width: 612, height: 792)
    }
  static let document = SyntheticDocument(sizes: sizes, title: "Forty pages")

  static func state(
    size: CellSize, page: Int, spreads: SpreadStyle, togglesShelf: Bool
  ) -> AppState {
    var state = AppState(
      document: DocumentFacts(pageCount: sizes.count, title: "Forty pages"),
      metrics: PageMetrics(sizes: sizes), screenSize: size, mode: .spread,
      page: PageIndex(number: page), spreadStyle: spreads,
      style: RenderStyle(symbols: .half, colors: .truecolor))
    if togglesShelf { press("F", on: &state) }
    return state
  }

  static func press(_ keys: String, on state: inout AppState) {
    for key in keys { _ = state.update(.input(.key(.character(key)))) }
  }

  /// The screen above the status line (which names what changed), row by row, with colors.
  static func picture(_ state: AppState) -> [[Cell]] {
    let screen = StillFrame.draw(state, document: document)
    return (0..<(screen.size.rows - 1)).map { y in (0..<screen.size.columns).map { screen[$0, y] } }
  }

  @Test(arguments: [
    (CellSize(columns: 100, rows: 30), 34, true), (CellSize(columns: 100, rows: 30), 18, false),
    (CellSize(columns: 80, rows: 24), 2, true), (CellSize(columns: 200, rows: 60), 40, true),
  ])
  func switchingSpreadsGivesTheScreenOpeningWithThemGives(
    size: CellSize, page: Int, togglesShelf: Bool
  ) {
    var switched = Self.state(
      size: size, page: page, spreads: SpreadStyle(mode: .single), togglesShelf: togglesShelf)
    for (keys, mode) in [("s", SpreadMode.double), ("s", .book), ("s", .single), ("ss", .book)] {
      Self.press(keys, on: &switched)
      let opened = Self.state(
        size: size, page: page, spreads: SpreadStyle(mode: mode), togglesShelf: togglesShelf)
      #expect(switched.view.spreadStyle.mode == mode)
      #expect(
        switched.view.currentPage == opened.view.currentPage
          && switched.view.viewport == opened.view.viewport
          && switched.view.shelfViewport == opened.view.shelfViewport,
        "\(mode): \(switched.view.currentPage) \(switched.view.viewport) \(switched.view.shelfViewport) against \(opened.view.currentPage) \(opened.view.viewport) \(opened.view.shelfViewport)"
      )
      #expect(Self.picture(switched) == Self.picture(opened), "\(mode) at \(size), page \(page)")
    }
    // The binding and the shift by one too.
    Self.press("Sr", on: &switched)
    var style = SpreadStyle(mode: .book)
    style.isShiftedByOne = switched.view.spreadStyle.isShiftedByOne
    style.binding = switched.view.spreadStyle.binding
    let opened = Self.state(size: size, page: page, spreads: style, togglesShelf: togglesShelf)
    #expect(Self.picture(switched) == Self.picture(opened))
  }

  /// Leaving the continuous view for the grid or the spread view and coming back on the same
  /// page finds the exact place left: the same line, the same pan of a zoomed page.
  @Test(arguments: [["Escape", "2"], ["Tab", "Tab", "Tab"], ["3", "2"], ["1", "3", "2"]])
  func comingBackToAViewFindsTheExactPlaceLeft(keys: [String]) {
    var state = AppState(
      document: DocumentFacts(pageCount: Self.sizes.count, title: "Forty pages"),
      metrics: PageMetrics(sizes: Self.sizes), screenSize: CellSize(columns: 100, rows: 30),
      mode: .continuous, page: PageIndex(number: 12),
      style: RenderStyle(symbols: .half, colors: .truecolor))
    // Zoomed in, down into the page and panned right: a place no go-to would give.
    Self.press("++", on: &state)
    for _ in 0..<7 { Self.press("j", on: &state) }
    Self.press("ll", on: &state)
    let left = (state.view.viewport, state.view.currentPage)
    for key in keys {
      let event: Key =
        switch key {
        case "Escape": .escape
        case "Tab": .tab
        default: .character(Character(key))
        }
      _ = state.update(.input(.key(event)))
    }
    // A lone digit picks its view when no key with a count follows.
    _ = state.update(.timerFired(.count))
    #expect(state.view.mode == .continuous)
    #expect(state.view.viewport == left.0)
    #expect(state.view.currentPage == left.1)
  }

  /// Coming back on another page (the selection moved in the grid) shows that page from its
  /// top, as going to it does.
  @Test func comingBackOnAnotherPageShowsItFromItsTop() {
    var state = AppState(
      document: DocumentFacts(pageCount: Self.sizes.count, title: "Forty pages"),
      metrics: PageMetrics(sizes: Self.sizes), screenSize: CellSize(columns: 100, rows: 30),
      mode: .continuous, page: PageIndex(number: 12),
      style: RenderStyle(symbols: .half, colors: .truecolor))
    for _ in 0..<7 { Self.press("j", on: &state) }
    _ = state.update(.input(.key(.escape)))
    Self.press("l2", on: &state)
    _ = state.update(.timerFired(.count))
    var fresh = state
    fresh.go(to: state.view.currentPage)
    #expect(state.view.currentPage != PageIndex(number: 12))
    #expect(state.view.viewport == fresh.view.viewport)
  }
}
