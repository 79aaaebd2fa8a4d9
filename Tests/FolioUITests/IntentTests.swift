import FolioCore
import FolioLayout
import FolioUI
import Testing

/// Modes read the state and return intents; the root applies them in order, each action
/// decided with the state the ones before it left.
@Suite("Intents")
struct IntentTests {
  let helper = UpdateTests()

  func state() -> AppState {
    AppState(
      document: DocumentFacts(pageCount: 12, title: "t"),
      metrics: PageMetrics(sizes: Array(repeating: PointSize(width: 612, height: 792), count: 12)),
      screenSize: CellSize(columns: 100, rows: 30), mode: .grid,
      style: RenderStyle(symbols: .half, colors: .truecolor))
  }

  @Test func aViewDigitThenAKeyActsInTheNewView() {
    var app = state()
    // In the grid, x only says where text is selected; after 2 it selects in the new view.
    _ = helper.type("x", on: &app)
    #expect(app.modes.top is NormalMode)
    _ = helper.type("2x", on: &app)
    #expect(app.view.mode == .continuous)
    #expect(app.modes.top is TextSelectionMode)
  }

  @Test func aModeAsksAndTheRootWrites() {
    let app = state()
    var mode = MarkMode(purpose: .set)
    var intents: [Intent] = []
    let response = mode.handle(.input(.key(.character("a"))), state: app, intents: &intents)
    guard case .close = response, case .setMark("a") = intents.first else {
      Issue.record("the mark is asked for, not set: \(intents)")
      return
    }
    // The state the mode read is a value: nothing changed until the root applies the intent.
    #expect(app.navigation.marks["a"] == nil)
    var applied = app
    _ = applied.update(.input(.key(.character("m"))))
    _ = applied.update(.input(.key(.character("a"))))
    #expect(applied.navigation.marks["a"] != nil)
  }

  @Test func theHitsPanelSelectsTheHitMovedTo() {
    let search = SearchUpdateTests()
    var app = state()
    _ = helper.type("/x", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(search.results(app, [2: 1, 5: 1, 9: 1]))
    _ = app.update(
      .hitLines(
        HitLines(
          generation: app.search.generation,
          lines: [2, 5, 9].map { page in
            HitLine(
              position: HitPosition(page: PageIndex(page), index: 0), before: "a ", match: "x",
              after: " b")
          })))
    _ = helper.type("L", on: &app)
    _ = helper.type("n", on: &app)
    let panel = app.modes.top as? HitsPanelMode
    let lines = panel?.visibleLines(app) ?? []
    let current = app.search.current
    #expect(current != nil)
    #expect(lines.indices.contains(panel?.selection ?? -1))
    #expect(lines[safe: panel?.selection ?? -1]?.position == current)
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
