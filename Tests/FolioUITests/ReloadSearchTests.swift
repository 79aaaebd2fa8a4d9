import FolioCore
import FolioLayout
import FolioUI
import Testing

/// A reload restarts the search in force on the new version: the query stays, the hits of the
/// old version go, and only the new search's results count.
@Suite("Reload and search")
struct ReloadSearchTests {
  let helper = UpdateTests()
  let search = SearchUpdateTests()

  /// Reopens `app`'s document as version 2 of `pages` pages.
  func reload(_ app: inout AppState, pages: Int) -> [Effect] {
    _ = app.update(.fileChanged)
    _ = app.update(.timerFired(.reloadDebounce))
    return app.update(
      .documentReopened(
        DocumentSummary(version: DocumentVersion(number: 2), pageCount: pages, title: "t")))
  }

  @Test func aReloadSearchesTheNewVersionForTheSameQuery() {
    var app = helper.state(canReopen: true)
    _ = helper.type("/x", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(search.results(app, [3: 2, 9: 1]))
    _ = helper.type("&", on: &app)
    let generation = app.search.generation
    #expect(app.search.totalHits == 3 && app.view.options.showsOnlyHits)
    let requests = search.searches(in: reload(&app, pages: 30))
    #expect(requests.map(\.query) == ["x"])
    #expect(requests.map(\.generation) == [generation + 1])
    #expect(requests.map(\.pageCount) == [30])
    #expect(app.search.query == "x" && app.search.isActive)
    #expect(app.search.totalHits == 0 && app.search.current == nil)
    // The grid of the pages with hits stays, and fills as the new search finds them.
    #expect(app.view.options.showsOnlyHits)
    let stale = SearchResults(
      generation: generation, searchedPages: 30, pageCount: 30,
      pages: [PageHits(page: PageIndex(1), count: 7)])
    _ = app.update(.searchResults(stale))
    #expect(app.search.totalHits == 0)
    _ = app.update(search.results(app, [4: 1]))
    #expect(app.search.totalHits == 1)
  }

  @Test func aReloadWithoutASearchSearchesNothing() {
    var app = helper.state(canReopen: true)
    #expect(search.searches(in: reload(&app, pages: 30)).isEmpty)
    #expect(!app.search.isActive)
  }
}
