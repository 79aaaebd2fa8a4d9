import FolioCore
import FolioLayout
import FolioUI
import Testing

/// Searching in `update`, with the runtime played by the test: the prompt asks for searches as
/// you type, results arrive as events, `n`/`N` walk the hits in reading order and wrap, the
/// status line counts, and boxes are asked for the pages on screen.
@Suite("Search in update")
struct SearchUpdateTests {
  let helper = UpdateTests()

  func state(mode: ViewMode = .grid, pages: Int = 40) -> AppState {
    helper.state(pages: pages, mode: mode)
  }

  /// The searches asked of the runtime in `effects`.
  func searches(in effects: [Effect]) -> [SearchRequest] {
    effects.compactMap { if case .search(let request) = $0 { request } else { nil } }
  }

  /// Results for the search in force: `hits` as page → count, `searched` of the pages done.
  func results(_ app: AppState, _ hits: [Int: Int], searched: Int? = nil) -> Event {
    .searchResults(
      SearchResults(
        generation: app.search.generation, searchedPages: searched ?? app.document.pageCount,
        pageCount: app.document.pageCount,
        pages: hits.keys.sorted().map { PageHits(page: PageIndex($0), count: hits[$0] ?? 0) }))
  }

  @Test func typingSearchesAfterAPauseAndEnterGoesToTheFirstHit() {
    var app = state()
    _ = helper.type("/", on: &app)
    var effects = helper.type("gam", on: &app)
    #expect(helper.timersStarted(in: effects)[.searchDebounce] == AppState.searchDebounce)
    #expect(searches(in: effects).isEmpty)
    effects = app.update(.timerFired(.searchDebounce))
    #expect(searches(in: effects).map(\.query) == ["gam"])
    _ = helper.type("ma", on: &app)
    effects = helper.press([.enter], on: &app)
    let request = searches(in: effects)
    #expect(request.map(\.query) == ["gamma"])
    #expect(effects.contains(.cancelTimer(.searchDebounce)))
    // Results of the older search are ignored; the new ones move to the first hit from page 1.
    _ = app.update(
      .searchResults(
        SearchResults(
          generation: app.search.generation - 1, searchedPages: 40, pageCount: 40,
          pages: [PageHits(page: PageIndex(30), count: 9)])))
    #expect(app.search.totalHits == 0)
    _ = app.update(results(app, [6: 2, 11: 1], searched: 12))
    #expect(app.view.currentPage == PageIndex(6))
    #expect(app.search.current == HitPosition(page: PageIndex(6), index: 0))
    #expect(helper.statusLine(of: app).contains("searching 12 / 40 · 3 hits on 2 pages"))
    _ = app.update(results(app, [6: 2, 11: 1, 33: 4]))
    #expect(helper.statusLine(of: app).contains("7 hits on 3 pages · hit 1 / 7"))
  }

  @Test func escapeBringsBackTheSearchBefore() {
    var app = state()
    _ = helper.type("/beta", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(app.search.query == "beta")
    _ = helper.type("/gam", on: &app)
    _ = app.update(.timerFired(.searchDebounce))
    #expect(app.search.query == "gam")
    let effects = helper.press([.escape], on: &app)
    #expect(searches(in: effects).map(\.query) == ["beta"])
    #expect(app.search.query == "beta")
    #expect(app.modes.all.count == 1)
  }

  @Test func anEmptySearchClearsTheHits() {
    var app = state()
    _ = helper.type("/beta", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(results(app, [2: 1]))
    _ = helper.type("/", on: &app)
    let effects = helper.press([.enter], on: &app)
    #expect(searches(in: effects).map(\.query) == [""])
    #expect(!app.search.isActive && app.search.totalHits == 0)
    #expect(!helper.statusLine(of: app).contains("hit"))
  }

  @Test func nAndShiftNWalkTheHitsInReadingOrderAndWrap() {
    var app = state()
    _ = helper.type("/x", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(results(app, [3: 2, 10: 1, 20: 1]))
    #expect(app.search.current == HitPosition(page: PageIndex(3), index: 0))
    _ = helper.type("n", on: &app)
    #expect(app.search.current == HitPosition(page: PageIndex(3), index: 1))
    _ = helper.type("n", on: &app)
    #expect(app.view.currentPage == PageIndex(10))
    _ = helper.type("nn", on: &app)
    #expect(app.view.currentPage == PageIndex(3))
    #expect(app.status.message?.contains("back to the first") == true)
    _ = helper.type("N", on: &app)
    #expect(app.search.current == HitPosition(page: PageIndex(20), index: 0))
    #expect(app.status.message?.contains("to the last") == true)
    _ = helper.type("2N", on: &app)
    #expect(app.search.current == HitPosition(page: PageIndex(3), index: 1))
    // From a page the reader moved to, n goes to the first hit after it.
    _ = helper.type("15G", on: &app)
    _ = helper.type("n", on: &app)
    #expect(app.search.current == HitPosition(page: PageIndex(20), index: 0))
    _ = helper.type("15GN", on: &app)
    #expect(app.search.current == HitPosition(page: PageIndex(10), index: 0))
  }

  @Test func aCountedNIsOneJump() {
    var app = state(mode: .continuous)
    _ = helper.type("/x", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(results(app, [3: 1, 10: 1, 20: 1, 30: 1]))
    #expect(app.view.currentPage == PageIndex(3))
    _ = helper.type("3n", on: &app)
    #expect(app.search.current == HitPosition(page: PageIndex(30), index: 0))
    // Ctrl-O goes back to where 3n started, not to the hits it passed.
    _ = helper.press([.control("o")], on: &app)
    #expect(app.view.currentPage == PageIndex(3))
  }

  @Test func nBeforeAnyHitWaitsUntilThePagesAfterTheReaderAreSearched() {
    var app = state()
    _ = helper.type("/x", on: &app)
    _ = app.update(.timerFired(.searchDebounce))
    _ = helper.press([.enter], on: &app)
    _ = helper.type("31G", on: &app)
    _ = helper.type("n", on: &app)
    #expect(app.status.message == "searching…")
    // Pages 1–20 are searched (from where the search started): a hit on page 6 is not the
    // next one after page 31 yet, pages 32–40 are still unsearched.
    _ = app.update(
      .searchResults(
        SearchResults(
          generation: app.search.generation, searchedPages: 20, searchedFromStart: 20,
          pageCount: 40, pages: [PageHits(page: PageIndex(5), count: 1)])))
    #expect(app.view.currentPage == PageIndex(30))
    _ = app.update(results(app, [5: 1, 35: 2]))
    #expect(app.view.currentPage == PageIndex(35))
    #expect(app.search.current == HitPosition(page: PageIndex(35), index: 0))
  }

  @Test func aSearchWithoutHitsSaysSo() {
    var app = state()
    _ = helper.type("/zzz", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(results(app, [:]))
    #expect(helper.statusLine(of: app).contains("no hits for “zzz”"))
    _ = helper.type("n", on: &app)
    #expect(app.status.message == "no hits for “zzz”")
  }

  @Test func continuousViewsAskForTheBoxesOfHitsOnScreenAndRevealTheCurrentHit() {
    var app = state(mode: .continuous, pages: 10)
    _ = helper.type("/word", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(results(app, [0: 1, 5: 2]))
    #expect(app.demands.hitRegions?.pages == [PageIndex(0)])
    // A hit near the bottom of page 1 is scrolled into view when its box arrives.
    let before = app.view.viewport.origin.y
    _ = app.update(
      .hitRegions(
        HitRegions(
          generation: app.search.generation, page: PageIndex(0),
          hits: [
            [HitBox(region: PageRegion(x: 0.1, y: 0.95, width: 0.2, height: 0.01), text: "word")]
          ])))
    let frame = app.view.layout.item(0).pages[0].frame
    let hitRow = frame.minY + Int(0.95 * Double(frame.size.rows))
    #expect(app.view.viewport.origin.y > before)
    #expect(
      app.view.viewport.visibleRect.minY <= hitRow && hitRow < app.view.viewport.visibleRect.maxY)
  }

  @Test func gridThumbnailsCarryHitCounts() {
    var app = state()
    _ = helper.type("/x", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(results(app, [0: 12]))
    let screen = AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool())
    #expect(screen.rows.contains { $0.contains(" 12 ") })
  }
}

/// The hits panel: a side area listing every hit, its keys, and staying in step with `n`.
@Suite("Hits panel")
struct HitsPanelTests {
  let search = SearchUpdateTests()
  let helper = UpdateTests()

  /// A state with a search for "x" done: hits on pages 3 (two), 10 and 20, and their lines.
  func searched() -> AppState {
    var app = search.state(mode: .continuous)
    _ = helper.type("/x", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(search.results(app, [3: 2, 10: 1, 20: 1]))
    return app
  }

  func lines(_ app: AppState) -> Event {
    let hits: [(Int, Int, String)] = [
      (3, 0, "alpha"), (3, 1, "beta"), (10, 0, "gamma"), (20, 0, "delta"),
    ]
    return .hitLines(
      HitLines(
        generation: app.search.generation,
        lines: hits.map { page, index, word in
          HitLine(
            position: HitPosition(page: PageIndex(page), index: index), before: word + " ",
            match: "x", after: " end")
        }))
  }

  func panel(_ app: AppState) -> HitsPanelMode? { app.modes.top as? HitsPanelMode }

  @Test func opensBesideThePagesAndAsksForLines() {
    var app = searched()
    let mainBefore = app.mainArea
    #expect(!app.demands.hitLines)
    _ = helper.type("L", on: &app)
    #expect(app.demands.hitLines)
    #expect(panel(app) != nil)
    let side = app.areas.sidePanel
    #expect(side?.size.columns == 33)
    #expect(app.mainArea.size.columns == mainBefore.size.columns - 33)
    _ = app.update(lines(app))
    let screen = AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool())
    #expect(screen.rows[0].hasPrefix("“x” 4"))
    #expect(screen.rows[1].contains("4 alpha x end"))
    #expect(screen.rows[3].contains("11 gamma x end"))
    _ = helper.press([.escape], on: &app)
    #expect(panel(app) == nil && app.mainArea == mainBefore)
  }

  @Test func jkEnterAndNStayInStep() {
    var app = searched()
    _ = helper.type("L", on: &app)
    _ = app.update(lines(app))
    _ = helper.type("jj", on: &app)
    #expect(panel(app)?.selection == 2)
    _ = helper.press([.enter], on: &app)
    #expect(app.search.current == HitPosition(page: PageIndex(10), index: 0))
    #expect(app.view.currentPage == PageIndex(10))
    _ = helper.type("n", on: &app)
    #expect(app.search.current == HitPosition(page: PageIndex(20), index: 0))
    #expect(panel(app)?.selection == 3)
    _ = helper.type("G", on: &app)
    #expect(panel(app)?.selection == 3)
    _ = helper.type("j", on: &app)
    #expect(panel(app)?.selection == 3)
  }

  @Test func typingAfterSlashFilters() {
    var app = searched()
    _ = helper.type("L", on: &app)
    _ = app.update(lines(app))
    _ = helper.type("/gam", on: &app)
    #expect(panel(app)?.filter == "gam")
    #expect(panel(app).map { $0.visibleLines(app).map(\.position.page) } == [PageIndex(10)])
    _ = helper.press([.enter], on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(app.view.currentPage == PageIndex(10))
    // Esc clears the filter first, then closes.
    _ = helper.press([.escape], on: &app)
    #expect(panel(app)?.filter == "")
    _ = helper.press([.escape], on: &app)
    #expect(panel(app) == nil)
  }

  @Test func withoutASearchThereIsNoPanel() {
    var app = search.state()
    _ = helper.type("L", on: &app)
    #expect(panel(app) == nil)
    #expect(app.status.message == "no search: / searches")
  }
}
