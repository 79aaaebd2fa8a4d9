import FolioCore
import FolioLayout
import FolioUI
import Testing

/// The library's keys, answered apart from browsing (`LibraryKeys`): Enter and `O` on the
/// shelf, Esc and `[` `]` in one of its documents, and what they say elsewhere.
@Suite("Library keys")
struct LibraryKeysTests {
  let helper = UpdateTests()
  let search = SearchUpdateTests()

  /// A browser of 40 pages (covers on a shelf) in `mode`, in `library`.
  func state(_ library: LibraryRole?, mode: ViewMode = .grid) -> AppState {
    AppState(
      document: DocumentFacts(pageCount: 40, title: "t"),
      metrics: PageMetrics(sizes: Array(repeating: PointSize(width: 612, height: 792), count: 40)),
      screenSize: CellSize(columns: 100, rows: 30), mode: mode,
      style: RenderStyle(symbols: .half, colors: .truecolor), library: library)
  }

  /// The library moves in `effects`.
  func moves(in effects: [Effect]) -> [LibraryMove] {
    effects.compactMap { if case .leave(let move) = $0 { move } else { nil } }
  }

  @Test func theShelfOpensTheSelectedDocumentAndOrdersItself() {
    var app = state(.shelf)
    _ = helper.type("3G", on: &app)
    #expect(moves(in: helper.press([.enter], on: &app)) == [.open(PageIndex(2), find: nil)])
    #expect(moves(in: helper.type("O", on: &app)) == [.reorder])
    #expect(moves(in: helper.type("]", on: &app)) == [])
    #expect(app.status.message == "[ ] go through the library from a document: Enter opens one")
  }

  @Test func theShelfOpensADocumentOnItsFirstHitWhileASearchIsOn() {
    var app = state(.shelf)
    _ = helper.type("/x", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(search.results(app, [5: 2]))
    #expect(app.view.currentPage == PageIndex(5))
    #expect(
      moves(in: helper.press([.enter], on: &app)) == [
        .open(PageIndex(5), find: FindRequest(query: "x"))
      ])
  }

  @Test func aDocumentGoesBackToTheShelfAndOnToItsNeighbours() {
    var app = state(.member)
    #expect(moves(in: helper.type("]", on: &app)) == [.next])
    #expect(moves(in: helper.type("[", on: &app)) == [.previous])
    #expect(moves(in: helper.press([.escape], on: &app)) == [.back])
    #expect(moves(in: helper.type("O", on: &app)) == [])
    #expect(app.status.message == "O orders a library's shelf: folio FOLDER or folio FILE…")
    // Esc in a page view goes back to the grid first, as in a document alone.
    app = state(.member, mode: .continuous)
    #expect(moves(in: helper.press([.escape], on: &app)) == [])
    #expect(app.view.mode == .grid)
  }

  @Test func aDocumentAloneSaysWhereTheLibraryKeysWork() {
    var app = state(nil)
    #expect(moves(in: helper.type("]", on: &app)) == [])
    #expect(
      app.status.message == "[ ] go through a library's documents: folio FOLDER or folio FILE…")
    #expect(moves(in: helper.press([.enter], on: &app)) == [])
    #expect(app.view.mode != .grid)
  }
}
