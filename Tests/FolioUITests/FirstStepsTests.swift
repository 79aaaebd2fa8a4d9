import FolioCore
import FolioLayout
import FolioUI
import Testing

/// What a newcomer meets first: zathura's `J` `K`, the `:` prompt saying what it takes, the
/// shelf counting documents.
@Suite("First steps")
struct FirstStepsTests {
  let helper = UpdateTests()
  let search = SearchUpdateTests()

  func state(_ pages: Int, mode: ViewMode, library: LibraryRole? = nil) -> AppState {
    AppState(
      document: DocumentFacts(pageCount: pages, title: "t"),
      metrics: PageMetrics(
        sizes: Array(repeating: PointSize(width: 612, height: 792), count: pages)),
      screenSize: CellSize(columns: 100, rows: 30), mode: mode,
      style: RenderStyle(symbols: .half, colors: .truecolor), library: library)
  }

  func rows(of app: AppState) -> [String] {
    AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool()).rows
  }

  @Test func zathurasJAndKTurnPages() {
    var app = state(20, mode: .continuous)
    _ = helper.type("J", on: &app)
    #expect(app.view.currentPage == PageIndex(1))
    _ = helper.type("3J", on: &app)
    #expect(app.view.currentPage == PageIndex(4))
    _ = helper.type("K", on: &app)
    #expect(app.view.currentPage == PageIndex(3))
  }

  @Test func theGoToPromptSaysWhatItTakes() {
    var app = state(20, mode: .grid)
    _ = helper.type(":", on: &app)
    #expect(rows(of: app).last?.contains("a page number or label") == true)
    _ = helper.type("1", on: &app)
    #expect(rows(of: app).last?.contains("a page number or label") == false)
  }

  @Test func theShelfCountsDocumentsWithHits() {
    var app = state(6, mode: .grid, library: .shelf)
    _ = helper.type("/x", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(search.results(app, [1: 2, 4: 1]))
    _ = helper.type("&", on: &app)
    let status = rows(of: app).last ?? ""
    #expect(status.contains("2 of 6 documents"), "\(status)")
  }

  @Test func theFirstScreenSaysWhichKeyGivesOtherSymbols() {
    var app = AppState(
      document: DocumentFacts(pageCount: 3, title: "t"),
      metrics: PageMetrics(sizes: Array(repeating: PointSize(width: 612, height: 792), count: 3)),
      screenSize: CellSize(columns: 100, rows: 30),
      style: RenderStyle(symbols: .sextant, colors: .truecolor))
    #expect(rows(of: app).last?.contains("? keys  c symbols") == true)
    _ = helper.type("j", on: &app)
    #expect(rows(of: app).last?.contains("c symbols") == false)
    let halves = state(3, mode: .grid)
    #expect(rows(of: halves).last?.contains("c symbols") == false)
  }

  @Test func pSaysWhyPagesAreNotImagesHere() {
    var app = state(3, mode: .grid)
    _ = helper.type("p", on: &app)
    #expect(app.status.message?.contains("not shown in this terminal") == true)
    let why = "pixels: through tmux kitty 0.28 or newer is needed (this is kitty(0.26.5))"
    _ = app.update(.pixelsUnavailable(why))
    _ = helper.type("p", on: &app)
    #expect(app.status.message == why)
  }

  /// `>` and `<` pan half a screen across a page wider than the screen, where `l` moves two
  /// columns.
  @Test func angleBracketsPanHalfAScreen() {
    var app = state(4, mode: .continuous)
    _ = helper.type("++++", on: &app)
    let start = app.view.viewport.origin.x
    _ = helper.type("l", on: &app)
    let step = app.view.viewport.origin.x - start
    _ = helper.type(">", on: &app)
    let half = app.view.viewport.origin.x - start - step
    #expect(step == 2)
    #expect(half == app.view.viewport.size.columns / 2, "\(half)")
    _ = helper.type("<", on: &app)
    #expect(app.view.viewport.origin.x == start + step)
    var grid = state(4, mode: .grid)
    _ = helper.type(">", on: &grid)
    #expect(grid.status.message == "< > pan half a screen in the page views")
  }
}
