import FolioCore
import FolioLayout
import FolioRaster
import FolioUI
import Testing

@Suite("App state")
struct AppStateTests {
  func state(
    pages: Int = 40, size: CellSize = CellSize(columns: 100, rows: 30), mode: ViewMode = .grid,
    labels: [Int: String] = [:]
  ) -> AppState {
    AppState(
      document: DocumentFacts(pageCount: pages, title: "t", labels: labels),
      metrics: PageMetrics(
        sizes: Array(repeating: PointSize(width: 612, height: 792), count: pages)),
      screenSize: size, mode: mode, style: RenderStyle(symbols: .sextant, colors: .truecolor))
  }

  func press(_ keys: [Key], on state: inout AppState) -> [Effect] {
    keys.flatMap { state.update(.input(.key($0))) }
  }

  @Test func aSetTheTerminalCannotDrawGivesWayToItsFallback() {
    let drawable: [SymbolSet] = [.half, .quad, .sextant, .braille, .ascii]
    var app = AppState(
      document: DocumentFacts(pageCount: 3, title: "t"),
      metrics: PageMetrics(sizes: Array(repeating: PointSize(width: 612, height: 792), count: 3)),
      screenSize: CellSize(columns: 100, rows: 30),
      style: RenderStyle(symbols: .octant, colors: .truecolor), drawableSymbols: drawable)
    #expect(app.drawing.style.symbols == .sextant)
    #expect(app.status.message == "cannot draw octant here; using sextant")
    // `c` steps through the drawable sets only.
    var seen: [SymbolSet] = []
    for _ in drawable {
      _ = press([.character("c")], on: &app)
      seen.append(app.drawing.style.symbols)
    }
    #expect(seen == [.braille, .ascii, .half, .quad, .sextant])
    #expect(app.status.message == "symbols: sextant")
  }

  @Test func aDrawableSetIsKeptWithoutAMessage() {
    let app = AppState(
      document: DocumentFacts(pageCount: 3, title: "t"),
      metrics: PageMetrics(sizes: Array(repeating: PointSize(width: 612, height: 792), count: 3)),
      screenSize: CellSize(columns: 100, rows: 30),
      style: RenderStyle(symbols: .braille, colors: .truecolor), drawableSymbols: [.braille])
    #expect(app.drawing.style.symbols == .braille)
    #expect(app.status.message == nil)
    #expect(app.drawing.drawableSymbols == [.braille])
  }

  @Test func gridMovesTheSelectionByColumnsAndRows() throws {
    var app = state()
    let grid = try #require(app.view.layout as? GridLayout)
    _ = press([.character("l"), .character("l")], on: &app)
    #expect(app.view.currentPage == PageIndex(2))
    _ = press([.character("j")], on: &app)
    #expect(app.view.currentPage == PageIndex(2 + grid.columnCount))
    _ = press([.character("G")], on: &app)
    #expect(app.view.currentPage == PageIndex(39))
    _ = press([.character("g")], on: &app)
    #expect(app.view.currentPage == PageIndex(0))
    // The selection stays on screen.
    _ = press([.character("3"), .character("0"), .character("G")], on: &app)
    let frame = app.view.layout.frame(ofItem: 29)
    #expect(app.view.viewport.visibleRect.intersects(frame))
  }

  @Test func promptGoesToALabelOrANumber() {
    var app = state(labels: [0: "i", 1: "ii", 2: "1"])
    _ = press([.character(":"), .character("i"), .character("i"), .enter], on: &app)
    #expect(app.view.currentPage == PageIndex(1))
    _ = press([.character(":"), .character("3"), .character("0"), .enter], on: &app)
    #expect(app.view.currentPage == PageIndex(29))
    _ = press([.character(":"), .character("x"), .enter], on: &app)
    #expect(app.view.currentPage == PageIndex(29))
    #expect(app.status.message?.contains("x") == true)
  }

  @Test func modesAndResizesKeepThePage() {
    var app = state(pages: 300)
    _ = press([.character("1"), .character("2"), .character("0"), .character("G")], on: &app)
    #expect(app.view.currentPage == PageIndex(119))
    for key in [Key.tab, .tab, .tab, .tab] {
      _ = press([key], on: &app)
      #expect(app.view.currentPage == PageIndex(119), "\(app.view.mode)")
    }
    #expect(app.view.mode == .continuous)
    for size in [
      CellSize(columns: 40, rows: 12), CellSize(columns: 300, rows: 100),
      CellSize(columns: 100, rows: 30),
    ] {
      _ = app.update(.input(.resize(size)))
      #expect(abs(app.view.currentPage.rawValue - 119) <= 1, "\(size)")
    }
  }

  @Test func rightToLeftPutsTheSecondPageOnTheLeft() throws {
    var app = state(mode: .spread)
    _ = press([.character("s"), .character("r")], on: &app)
    #expect(app.view.spreadStyle.mode == .double)
    #expect(app.view.spreadStyle.binding == .rightToLeft)
    let item = app.view.layout.item(app.view.layout.itemIndex(containing: PageIndex(0)))
    let first = try #require(item.pages.first { $0.page == PageIndex(0) })
    let second = try #require(item.pages.first { $0.page == PageIndex(1) })
    #expect(second.frame.maxX <= first.frame.minX)
  }

  @Test func spreadZoomPansWithinTheSpreadAndPagingResetsIt() {
    var app = state(mode: .spread)
    _ = press([.character("+"), .character("+")], on: &app)
    #expect(app.view.zooms.spread > .fit)
    let origin = app.view.viewport.origin
    _ = press([.character("j")], on: &app)
    #expect(app.view.viewport.origin != origin)
    #expect(app.view.currentPage == PageIndex(0))
    // Paging scrolls through the zoomed spread, then on to the next spread.
    var presses = 0
    while app.view.currentPage == PageIndex(0) && presses < 50 {
      _ = press([.pageDown], on: &app)
      presses += 1
    }
    #expect(presses > 1)
    #expect(app.view.zooms.spread == .fit)
    #expect(app.view.currentPage == PageIndex(1))
  }

  @Test func gridZoomChangesTheThumbnailCount() throws {
    var app = state()
    let before = try #require(app.view.layout as? GridLayout).columnCount
    _ = press([.character("+")], on: &app)
    let after = try #require(app.view.layout as? GridLayout).columnCount
    #expect(after <= before)
    #expect(app.view.zooms.grid.targetItemCount < GridZoom.standard.targetItemCount)
    _ = press([.character("=")], on: &app)
    #expect(app.view.zooms.grid == .standard)
  }

  @Test func quitAndHelp() {
    var app = state()
    _ = press([.character("?")], on: &app)
    #expect(app.modes.top is HelpMode)
    _ = press([.character("x")], on: &app)
    #expect(app.modes.all.count == 1)
    #expect(press([.character("q")], on: &app) == [.quit(status: 0, output: nil)])
  }

  @Test(arguments: [
    CellSize(columns: 1, rows: 1), CellSize(columns: 10, rows: 5), CellSize(columns: 0, rows: 0),
  ])
  func tinyScreensWork(size: CellSize) {
    for mode in ViewMode.allCases {
      var app = state(size: size, mode: mode)
      for key in [
        Key.character("j"), .character("l"), .pageDown, .character("+"), .tab, .character("G"),
      ] {
        _ = app.update(.input(.key(key)))
      }
      let screen = AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool())
      #expect(screen.size == size)
    }
  }
}
