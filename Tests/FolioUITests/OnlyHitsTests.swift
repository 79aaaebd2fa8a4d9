import FolioCore
import FolioLayout
import FolioUI
import Testing

/// `&`: the grid of only the pages with hits, sized for them, and back to every page.
@Suite("Grid of pages with hits")
struct OnlyHitsTests {
  let search = SearchUpdateTests()
  let helper = UpdateTests()

  /// The pages the grid shows, in item order.
  func shownPages(_ app: AppState) -> [Int] {
    (0..<app.view.layout.itemCount).map { app.view.layout.pages(inItem: $0).lowerBound.rawValue }
  }

  /// A grid with a search for "x" whose results are `hits`.
  func grid(_ hits: [Int: Int], searched: Int? = nil) -> AppState {
    var app = search.state()
    _ = helper.type("/x", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(search.results(app, hits, searched: searched))
    return app
  }

  @Test func ampersandShowsOnlyPagesWithHitsAndMovesAmongThem() {
    var app = grid([3: 2, 9: 1, 10: 4, 21: 1, 30: 1, 38: 2])
    _ = helper.type("&", on: &app)
    #expect(app.view.options.showsOnlyHits)
    #expect(shownPages(app) == [3, 9, 10, 21, 30, 38])
    #expect(helper.statusLine(of: app).contains("6 of 40 pages"))
    // The selection is a shown page; moves go from shown page to shown page.
    #expect(app.view.currentPage == PageIndex(3))
    _ = helper.type("l", on: &app)
    #expect(app.view.currentPage == PageIndex(9))
    _ = helper.type("G", on: &app)
    #expect(app.view.currentPage == PageIndex(38))
    _ = helper.type("g", on: &app)
    #expect(app.view.currentPage == PageIndex(3))
    _ = helper.type("j", on: &app)
    let columns = (app.view.layout as? GridLayout)?.columnCount ?? 0
    #expect(app.view.currentPage == PageIndex([3, 9, 10, 21, 30, 38][min(columns, 5)]))
    // Each thumbnail is labelled with its own page's number.
    let screen = AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool())
    let labels = app.view.layout.items(intersecting: app.view.viewport.visibleRect).compactMap {
      item in
      item.labelFrame.map { frame in
        let x = app.mainArea.minX + frame.minX - app.view.viewport.origin.x
        let y = app.mainArea.minY + frame.minY - app.view.viewport.origin.y
        let row = Array(screen.rows[y])
        return String(row[x..<x + frame.size.columns]).split(separator: " ").joined()
      }
    }
    #expect(labels == ["4", "10", "11", "22", "31", "39"])
    // And back to every page, on the same page.
    let page = app.view.currentPage
    _ = helper.type("&", on: &app)
    #expect(!app.view.options.showsOnlyHits)
    #expect(app.view.layout.itemCount == 40)
    #expect(app.view.currentPage == page)
  }

  @Test func aFewHitsGetLargeThumbnails() {
    var all = grid([5: 1, 7: 1])
    let before = all.view.layouts.grid?.dimensions.boxSize.area ?? 0
    _ = helper.type("&", on: &all)
    let after = all.view.layouts.grid?.dimensions.boxSize.area ?? 0
    #expect(after > before * 2, "two thumbnails fill the screen: \(before) → \(after)")
  }

  @Test func theGridGrowsAsTheSearchFindsMoreAndANewQueryShowsEveryPage() {
    var app = grid([20: 1], searched: 5)
    _ = helper.type("&", on: &app)
    #expect(shownPages(app) == [20])
    _ = app.update(search.results(app, [20: 1, 2: 3, 33: 1], searched: 25))
    #expect(shownPages(app) == [2, 20, 33])
    // Enter's move to the first hit is made once it is known to be the first.
    #expect(app.view.currentPage == PageIndex(2))
    _ = helper.type("/y", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(!app.view.options.showsOnlyHits)
    #expect(app.view.layout.itemCount == 40)
  }

  @Test func withoutHitsItSaysWhyAndElsewhereItOpensTheGrid() {
    var app = search.state()
    _ = helper.type("&", on: &app)
    #expect(!app.view.options.showsOnlyHits)
    #expect(app.status.message == "no search: / searches")
    app = grid([:], searched: 10)
    _ = helper.type("&", on: &app)
    #expect(app.status.message == "no hits yet")
    _ = app.update(search.results(app, [:]))
    _ = helper.type("&", on: &app)
    #expect(app.status.message == "no hits for “x”")
    #expect(!app.view.options.showsOnlyHits)
    app = grid([12: 1])
    _ = helper.press([.tab], on: &app)
    #expect(app.view.mode == .continuous)
    _ = helper.type("&", on: &app)
    #expect(app.view.mode == .grid && app.view.options.showsOnlyHits)
    #expect(shownPages(app) == [12])
    // Another view shows every page; the grid keeps showing only hits.
    _ = helper.press([.tab], on: &app)
    #expect(app.view.mode == .continuous && app.view.layout.itemCount == 40)
    _ = helper.press([.tab, .tab], on: &app)
    #expect(app.view.mode == .grid && shownPages(app) == [12])
  }
}
