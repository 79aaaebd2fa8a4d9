import FolioCore
import FolioLayout
import FolioUI
import Testing

@Suite("Panning a zoomed spread")
struct SpreadPanTests {
  func state(pages: Int = 12, page: Int = 4, columns: Int = 100, rows: Int = 30) -> AppState {
    AppState(
      document: DocumentFacts(pageCount: pages, title: "t"),
      metrics: PageMetrics(
        sizes: Array(repeating: PointSize(width: 400, height: 560), count: pages)),
      screenSize: CellSize(columns: columns, rows: rows), mode: .spread, page: PageIndex(page),
      style: RenderStyle(symbols: .half, colors: .none))
  }

  func press(_ state: inout AppState, _ keys: String) {
    for character in keys { _ = state.update(.input(.key(.character(character)))) }
  }

  @Test(arguments: [1, 3, 6])
  func panningStaysOnTheZoomedPage(zoomSteps: Int) {
    var app = state()
    for _ in 0..<zoomSteps { press(&app, "+") }
    #expect(app.view.zooms.spread > .fit)
    let zoom = app.view.zooms.spread
    for keys in [
      "llllllllllllllllllll", "hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh", "jjjjjjjjjjjjjjjjjj",
      "kkkkkkkkkkkkkkkkkkkkkkkkkk",
    ] {
      press(&app, keys)
      #expect(app.view.currentPage == PageIndex(4), "after \(keys.prefix(1)) x\(keys.count)")
      #expect(app.view.zooms.spread == zoom)
      // The zoomed page still covers the middle of the screen.
      let page = app.view.layout.item(app.view.layout.itemIndex(containing: app.view.currentPage))
        .frame
      let center = CellPoint(
        x: app.view.viewport.origin.x + app.view.viewport.size.columns / 2,
        y: app.view.viewport.origin.y + app.view.viewport.size.rows / 2)
      #expect(page.contains(center), "\(page) at \(app.view.viewport)")
    }
  }

  @Test func panningMovesAcrossAPageWiderThanTheScreen() {
    var app = state()
    press(&app, "++++++++")
    let start = app.view.viewport.origin
    press(&app, "l")
    #expect(app.view.viewport.origin.x > start.x)
    press(&app, "hh")
    #expect(app.view.viewport.origin.x < start.x)
    #expect(app.view.currentPage == PageIndex(4))
  }
}
