import FolioConfig
import FolioCore
import FolioLayout
import FolioUI
import Testing

/// `next-page` and `previous-page`, which the config file can bind: a page at a time (N with a
/// count) in the continuous and spread views, a thumbnail at a time in the grid, never a jump.
@Suite("Stepping pages")
struct StepPagesTests {
  func type(_ text: String, on app: inout AppState) {
    for character in text { _ = app.update(.input(.key(.character(character)))) }
  }

  func state(mode: ViewMode) -> AppState {
    let keymap = Keymap.standard.rebinding([
      (.character("J"), .stepPages(forward: true)), (.character("K"), .stepPages(forward: false)),
    ])
    let app = AppState(
      document: DocumentFacts(pageCount: 40, title: "t", labels: [:]),
      metrics: PageMetrics(sizes: Array(repeating: PointSize(width: 612, height: 792), count: 40)),
      screenSize: CellSize(columns: 100, rows: 30), mode: mode,
      style: RenderStyle(symbols: .half, colors: .truecolor), keymap: keymap)
    return app
  }

  @Test(arguments: [ViewMode.grid, .continuous, .spread])
  func aPageAtATimeOrNWithACountAndNotPastTheEnds(mode: ViewMode) {
    var app = state(mode: mode)
    type("J", on: &app)
    #expect(app.view.currentPage == PageIndex(1))
    type("5J", on: &app)
    #expect(app.view.currentPage == PageIndex(6))
    type("2K", on: &app)
    #expect(app.view.currentPage == PageIndex(4))
    type("999999999999J", on: &app)
    #expect(app.view.currentPage == PageIndex(39))
    type("99K", on: &app)
    #expect(app.view.currentPage == PageIndex(0))
    // Not a jump: Ctrl-O has nowhere to go back to.
    _ = app.update(.input(.key(.control("o"))))
    #expect(app.status.message == "no jump to go back to")
  }

  @Test func theContinuousViewShowsTheNewPageFromItsTop() {
    var app = state(mode: .continuous)
    type("3J", on: &app)
    let top = app.view.layout.frame(ofItem: 3).origin.y
    #expect(app.view.currentPage == PageIndex(3))
    #expect(top >= app.view.viewport.origin.y && top < app.view.viewport.origin.y + 3)
  }
}
