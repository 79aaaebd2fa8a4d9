import FolioCore
import FolioLayout
import FolioUI
import Testing

/// The shelf's hits list: each document named once, above its hits, with the panel's whole
/// width; each hit labeled with the page inside its document; Enter opens that document at
/// the hit picked.
@Suite("Shelf hits panel")
struct ShelfHitsPanelTests {
  let helper = UpdateTests()
  let search = SearchUpdateTests()

  /// A shelf of three covers at 80x24, searched for "x": two hits in the first document
  /// (pages 12 and 40 inside it), three in the third (two on its page 7).
  func searched() -> AppState {
    let labels = [
      0: "refman.pdf · R Reference · 2415 pages", 1: "notes.pdf · 3 pages",
      2: "old/refman.pdf · R Reference · p. 9 / 2415",
    ]
    var app = AppState(
      document: DocumentFacts(pageCount: 3, title: "shelf", labels: labels),
      metrics: PageMetrics(sizes: Array(repeating: PointSize(width: 612, height: 792), count: 3)),
      screenSize: CellSize(columns: 80, rows: 24), mode: .grid,
      style: RenderStyle(symbols: .half, colors: .truecolor), library: .shelf)
    _ = helper.type("/x", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(search.results(app, [0: 2, 2: 3]))
    _ = helper.type("L", on: &app)
    let hits: [(cover: Int, index: Int, inner: Int)] = [
      (0, 0, 11), (0, 1, 39), (2, 0, 3), (2, 1, 6), (2, 2, 6),
    ]
    _ = app.update(
      .hitLines(
        HitLines(
          generation: app.search.generation,
          lines: hits.map { hit in
            HitLine(
              position: HitPosition(page: PageIndex(hit.cover), index: hit.index),
              before: "a ", match: "x", after: " b", innerPage: hit.inner)
          })))
    return app
  }

  @Test func eachDocumentIsNamedWholeAboveItsHits() {
    let app = searched()
    let screen = AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool())
    let panel = screen.rows.map { String($0.prefix(26)) }
    #expect(panel[1].hasPrefix("refman.pdf · R Reference"), "\(panel)")
    #expect(panel[2].contains("p. 12 a x b"), "\(panel)")
    #expect(panel[3].contains("p. 40 a x b"), "\(panel)")
    #expect(panel[4].hasPrefix("old/refman.pdf · R Refer…"), "\(panel)")
    #expect(panel[5].contains("p. 4 a x b") && panel[7].contains("p. 7 a x b"), "\(panel)")
  }

  @Test func enterOpensTheDocumentAtTheHitPicked() {
    var app = searched()
    _ = helper.type("jjjj", on: &app)
    let effects = helper.press([.enter], on: &app)
    let moves = effects.compactMap { if case .leave(let move) = $0 { move } else { nil } }
    // The fifth hit: the third document's second hit on its page 7.
    let hit = HitPosition(page: PageIndex(6), index: 1)
    #expect(moves == [.open(PageIndex(2), find: FindRequest(query: "x", hit: hit))])
    #expect(!(app.modes.top is HitsPanelMode))
  }

  @Test func theFilterFindsADocumentByName() {
    var app = searched()
    _ = helper.type("/old", on: &app)
    let panel = app.modes.top as? HitsPanelMode
    #expect(
      panel?.visibleLines(app).map(\.position.page) == Array(repeating: PageIndex(2), count: 3))
  }
}
