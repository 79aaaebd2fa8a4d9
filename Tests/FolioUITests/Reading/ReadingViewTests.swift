import FolioCore
import FolioLayout
import FolioUI
import Testing

/// The reading view as a view: `4` shows it and asks for the text around the page, pages are
/// reflowed as their text arrives (each once its neighbours are read), scrolled like `less`;
/// switching to the continuous view and back keeps the same words at the top; search hits are
/// tinted on the words they fall on and are on the same page in the continuous view; links
/// are labelled on their words; jumps land on the block at their place.
@Suite("Reading view")
struct ReadingViewTests {
  let helper = UpdateTests()

  /// Word `index` of page `number`, in letters (lines of digits would read as a table):
  /// "wcqab" is word 2 of page 3.
  static func word(_ number: Int, _ index: Int) -> String {
    func letters(_ value: Int) -> String {
      var value = value
      var text = ""
      repeat {
        text = String(UnicodeScalar(UInt8(97 + value % 26))) + text
        value /= 26
      } while value > 0
      return text
    }
    return "w\(letters(number))q\(letters(index))"
  }

  /// Page `number` (from 1): a heading, then three paragraphs of distinct words (`word`), the
  /// second with a word hyphenated at a line's end, and the page number at its foot.
  static func page(_ number: Int) -> PageText {
    var lines: [ReflowPage.Line?] = [
      ReflowPage.Line("Chapter \(number)", top: 0.08, height: 0.025, advance: 0.016)
    ]
    var word = 0
    func words(_ count: Int) -> String {
      (0..<count).map { _ in
        word += 1
        return Self.word(number, word)
      }.joined(separator: " ")
    }
    var top = 0.14
    for paragraph in 0..<3 {
      for line in 0..<6 {
        var text = words(8)
        if paragraph == 1 && line == 2 { text += " hyphen-" }
        if paragraph == 1 && line == 3 { text = "ated " + text }
        lines.append(ReflowPage.Line(text, x: line == 0 ? 0.13 : 0.1, top: top))
        top += 0.016
      }
      top += 0.02
      lines.append(nil)
    }
    lines.append(ReflowPage.Line("\(number)", x: 0.5, top: 0.93))
    return ReflowPage.words(lines).text
  }

  /// A 20-page document in the grid at 100 x 30 on page `page`, switched to the reading view
  /// (its page from its start), with the text of `read` pages read.
  func reading(page: Int = 5, read: ClosedRange<Int> = 0...19) -> AppState {
    var app = helper.state(pages: 20, size: CellSize(columns: 100, rows: 30), mode: .grid)
    app.go(to: PageIndex(page))
    switchTo("4", &app)
    for index in read { give(page: index, to: &app) }
    return app
  }

  /// A lone mode digit, which picks its view when the count's time runs out.
  func switchTo(_ digit: String, _ app: inout AppState) {
    _ = helper.type(digit, on: &app)
    _ = app.update(.timerFired(.count))
  }

  func give(page: Int, to app: inout AppState) {
    _ = app.update(
      .pageTextRead(
        page: PageIndex(page), text: Self.page(page + 1), document: app.document.version))
  }

  func screen(_ app: AppState) -> [String] {
    AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool()).rows
  }

  @Test func fourShowsTheReadingViewAndAsksForTheTextAroundThePage() {
    var app = helper.state(pages: 20, size: CellSize(columns: 100, rows: 30), mode: .continuous)
    app.go(to: PageIndex(5))
    switchTo("4", &app)
    #expect(app.view.mode == .read)
    #expect(app.view.currentPage == PageIndex(5))
    // The page on screen and its neighbours (which teach its running heads) first.
    #expect(Array(app.demands.texts.prefix(5)) == (3...7).map { PageIndex($0) })
    #expect(screen(app).contains { $0.contains("reading the text of page 6…") })
    #expect(screen(app).last?.contains("  read") == true)
    // Not reflowed until its neighbours are read.
    give(page: 5, to: &app)
    #expect(app.reading.pages[PageIndex(5)] == nil)
    for page in [3, 4, 6, 7] { give(page: page, to: &app) }
    #expect(app.reading.pages[PageIndex(5)] != nil)
    #expect(!app.demands.texts.contains(PageIndex(5)))
  }

  @Test func aPageIsItsHeadingAndParagraphsWithoutItsNumberAtTheMeasure() throws {
    let app = reading()
    let rows = screen(app)
    // The page starts at the top, its rule with its label, at 80 columns centred in 100.
    #expect(rows[0].hasPrefix("          ── 6 ──"))
    #expect(rows[0].trimmingCharacters().count == 80)
    #expect(rows[2].trimmingCharacters() == "Chapter 6")
    let text = rows.joined(separator: "\n")
    #expect(text.contains("\(Self.word(6, 1)) \(Self.word(6, 2))"))
    // Lines joined into paragraphs at the measure; the hyphenated word joined.
    #expect(
      rows.contains {
        let line = $0.trimmingCharacters()
        return line.count > 70 && line.count <= 80 && line.contains(Self.word(6, 9))
      })
    #expect(rows.allSatisfy { !$0.prefix(10).contains { $0 != " " } || $0.hasPrefix(" ") })
    #expect(!text.contains("hyphen-") && !text.contains(" ated "))
    let whole = app.reading.pages[PageIndex(5)].map { $0.blocks.map(\.text).joined(separator: " ") }
    #expect(whole?.contains("hyphenated") == true)
    // The page number at the foot is left out.
    #expect(whole?.hasSuffix(" 6") == false)
  }

  @Test func spaceAndJScrollLikeLessAndTheStatusFollowsTheTopPage() throws {
    var app = reading()
    let top = screen(app)[2]
    _ = helper.type("j", on: &app)
    #expect(screen(app)[1] == top)
    _ = helper.press([.pageDown], on: &app)
    // A screen less a row: the last row of one screen is the first of the next.
    #expect(app.view.viewport.origin.y == app.view.layout.frame(ofItem: 5).minY + 1 + 28)
    // Past a page's end onto the next: the current page is the one the top line is on.
    _ = helper.press([.pageDown], on: &app)
    let stack = try #require(app.view.layout as? ReadingStack)
    #expect(app.view.currentPage == stack.place(atRow: app.view.viewport.origin.y)?.page)
    #expect(app.view.currentPage > PageIndex(5))
    _ = helper.type("g", on: &app)
    #expect(app.view.viewport.origin.y == 0)
    #expect(screen(app)[0].contains("── 1 ──"))
  }

  @Test func switchingToTheContinuousViewAndBackKeepsTheTopLine() throws {
    var app = reading()
    _ = helper.type("12j", on: &app)
    let top = screen(app)[0]
    let here = app.here
    #expect(here.page == PageIndex(5))
    let fraction = try #require(here.top)
    // The continuous view shows that place a row below its top.
    switchTo("2", &app)
    #expect(app.view.mode == .continuous)
    #expect(app.here.page == PageIndex(5))
    #expect(abs((app.here.top ?? 0) - fraction) < 0.05)
    switchTo("4", &app)
    #expect(screen(app)[0] == top)
    // And after moving in the continuous view, the words now at its top.
    switchTo("2", &app)
    _ = helper.type("10j", on: &app)
    let place = app.here
    switchTo("4", &app)
    let shown = try #require(app.reading.pages[place.page])
    #expect(app.here.page == place.page)
    #expect(abs((app.here.top ?? 0) - (place.top ?? 0)) < 0.04)
    #expect(shown.lines.count > 0)
  }

  @Test func aHitIsTintedOnItsWordAndOnTheSamePageInTheContinuousView() throws {
    var app = reading()
    _ = helper.type("/" + Self.word(7, 20), on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(
      .searchResults(
        SearchResults(
          generation: app.search.generation, searchedPages: 20, pageCount: 20,
          pages: [PageHits(page: PageIndex(6), count: 1)])))
    let words = PageWords(Self.page(7))
    let index = try #require(
      words.words.firstIndex {
        String(String.UnicodeScalarView(words.scalars[$0.scalars])) == Self.word(7, 20)
      })
    _ = app.update(
      .hitRegions(
        HitRegions(
          generation: app.search.generation, page: PageIndex(6),
          hits: [[HitBox(region: words.words[index].box, text: Self.word(7, 20))]])))
    #expect(app.view.currentPage == PageIndex(6))
    let buffer = AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool())
    var tinted = ""
    for y in 0..<buffer.size.rows - 1 {
      for x in 0..<buffer.size.columns where buffer[x, y].background != .default {
        tinted.unicodeScalars.append(buffer[x, y].scalar)
      }
    }
    #expect(tinted == Self.word(7, 20))
    switchTo("2", &app)
    let frame = try #require(app.screenFrame(of: PageIndex(6)))
    #expect(frame.intersects(app.mainArea))
    #expect(app.view.currentPage == PageIndex(6))
  }

  @Test func aJumpLandsOnTheBlockAtItsPlaceAndWaitsForItsPage() throws {
    var app = reading(read: 0...9)
    // Page 16 is not read: its start now, the place once it is reflowed.
    app.jump(to: Destination(page: PageIndex(15), top: 0.3))
    #expect(app.view.currentPage == PageIndex(15))
    #expect(screen(app)[0].contains("── 16 ──"))
    for page in 13...17 { give(page: page, to: &app) }
    let shown = try #require(app.reading.pages[PageIndex(15)])
    let row = app.view.viewport.origin.y - app.view.layout.frame(ofItem: 15).minY
    #expect(row == shown.line(atOrBelow: 0.3))
    #expect(row > 0)
    #expect(screen(app)[0].contains(Self.word(16, 1).prefix(3)))
    // Ctrl-O goes back to where the jump left.
    _ = helper.press([.control("o")], on: &app)
    #expect(app.view.currentPage == PageIndex(5))
  }

  @Test func linksAreOnTheirWordsAndAClickFollowsThem() throws {
    var app = reading()
    let words = PageWords(Self.page(6))
    let box = words.words[3].box
    _ = app.update(
      .linksRead(
        PageLinks(
          document: .first, page: PageIndex(5),
          links: [
            PageLink(area: box, target: .destination(Destination(page: PageIndex(12))))
          ])))
    let link = try #require(app.visibleLinks.first)
    let rows = screen(app)
    let row = Array(rows[link.cells.minY])
    let text = String(row[link.cells.minX..<link.cells.maxX])
    // Its words: the heading's two, then the first paragraph's.
    #expect(text == Self.word(6, 2))
    _ = app.update(.input(.mouse(MouseEvent(kind: .click, position: link.cells.origin))))
    #expect(app.view.currentPage == PageIndex(12))
  }

  @Test func theShelfHasNoReadingViewOfItsOwn() {
    var app = AppState(
      document: DocumentFacts(pageCount: 6, title: "shelf"),
      metrics: PageMetrics(sizes: Array(repeating: PointSize(width: 612, height: 792), count: 6)),
      screenSize: CellSize(columns: 100, rows: 30), mode: .grid,
      style: RenderStyle(symbols: .half, colors: .truecolor), library: .shelf)
    switchTo("4", &app)
    #expect(app.view.mode == .grid)
    #expect(app.status.message?.contains("Enter opens one") == true)
    #expect(app.demands.texts.isEmpty)
  }

  @Test func theLayoutStacksPagesAsTallAsTheirLines() {
    let stack = ReadingStack(
      rows: [10, 3, 7], measure: 80, viewportSize: CellSize(columns: 100, rows: 20))
    #expect(stack.frame(ofItem: 0) == CellRect(x: 10, y: 0, columns: 80, rows: 10))
    #expect(stack.frame(ofItem: 1) == CellRect(x: 10, y: 11, columns: 80, rows: 3))
    #expect(stack.contentSize == CellSize(columns: 100, rows: 22))
    #expect(stack.place(atRow: 12)! == (PageIndex(1), 1))
    // The gap after a page counts as its last row.
    #expect(stack.place(atRow: 10)! == (PageIndex(0), 9))
    #expect(
      stack.items(intersecting: CellRect(x: 0, y: 9, columns: 100, rows: 3)).map(\.index) == [0, 1])
    let narrow = ReadingStack(rows: [4], measure: 80, viewportSize: CellSize(columns: 50, rows: 20))
    #expect(narrow.frame(ofItem: 0).size.columns == 50)
  }
}

extension String {
  fileprivate func trimmingCharacters() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
