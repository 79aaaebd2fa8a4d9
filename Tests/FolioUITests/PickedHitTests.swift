import FolioCore
import FolioUI
import Testing

/// A document opened at a hit picked in the shelf's hits list: the shelf's search reads the
/// notes of annotations, the document's own search does not, so the page may hold fewer hits
/// (or none) in the document's search: the reader lands on the page all the same.
@Suite("A hit picked on the shelf")
struct PickedHitTests {
  let helper = UpdateTests()

  /// Results for the search in force: `hits` as page → count, every page searched.
  func results(_ app: AppState, _ hits: [Int: Int]) -> Event {
    .searchResults(
      SearchResults(
        generation: app.search.generation, searchedPages: app.document.pageCount,
        pageCount: app.document.pageCount,
        pages: hits.keys.sorted().map { PageHits(page: PageIndex($0), count: hits[$0] ?? 0) }))
  }

  @Test func aPageWhoseTextHasNoHitKeepsTheReader() {
    var app = helper.state(mode: .continuous)
    _ = app.update(.findHit("zeppelin", HitPosition(page: PageIndex(6), index: 0)))
    #expect(app.view.currentPage == PageIndex(6))
    // The document's search finds it on later pages only (the shelf's hit was in a note).
    _ = app.update(results(app, [11: 2, 30: 1]))
    #expect(app.view.currentPage == PageIndex(6))
    #expect(app.search.current == nil)
    #expect(helper.statusLine(of: app).contains("is not in this page's text: in a note?"))
    // The hits are there for n all the same.
    _ = helper.type("n", on: &app)
    #expect(app.search.current == HitPosition(page: PageIndex(11), index: 0))
  }

  @Test func aDocumentWithoutHitsKeepsTheReaderOnThePage() {
    var app = helper.state(mode: .continuous)
    _ = app.update(.findHit("zeppelin", HitPosition(page: PageIndex(6), index: 2)))
    _ = app.update(results(app, [:]))
    #expect(app.view.currentPage == PageIndex(6))
    #expect(helper.statusLine(of: app).contains("is not in this page's text: in a note?"))
  }

  @Test func fewerHitsOnThePageGoToItsLast() {
    var app = helper.state(mode: .continuous)
    _ = app.update(.findHit("zeppelin", HitPosition(page: PageIndex(6), index: 3)))
    _ = app.update(results(app, [6: 2, 11: 1]))
    #expect(app.view.currentPage == PageIndex(6))
    #expect(app.search.current == HitPosition(page: PageIndex(6), index: 1))
  }
}
