import FolioCore
import FolioLayout
import FolioUI
import Testing

@Suite("Status line")
struct StatusLineTests {
  /// The status line of a 24-page document with labels, on page 1 (labeled "Cover"), drawn
  /// `columns` wide.
  func statusLine(columns: Int) -> String {
    let labels = [0: "Cover", 1: "i"]
    let state = AppState(
      document: DocumentFacts(pageCount: 24, title: "A sample document", labels: labels),
      metrics: PageMetrics(sizes: Array(repeating: PointSize(width: 400, height: 560), count: 24)),
      screenSize: CellSize(columns: columns, rows: 5),
      style: RenderStyle(symbols: .half, colors: .none))
    let screen = AppView(width: .approximate).draw(state, main: TilePool(), shelf: TilePool())
    return String((0..<columns).map { Character(screen[$0, 4].scalar) })
  }

  @Test func wideShowsTitleAndPosition() {
    let line = statusLine(columns: 100)
    #expect(line.hasPrefix(" A sample document"))
    #expect(line.contains("Cover · 1 / 24  grid"))
  }

  @Test(arguments: [(16, "Cover · 1 / 24"), (10, "1 / 24"), (6, "1 / 24"), (3, "1"), (1, "1")])
  func narrowKeepsThePageNumber(columns: Int, expected: String) {
    let line = statusLine(columns: columns)
    #expect(line.hasPrefix(expected), "\(columns) columns: “\(line)”")
  }
}

/// What the status line says of the document: the file's name (the title beside it where there
/// is room), the keys' hint until the first key, a truthful "per screen", and a finished search's
/// count beside the page rather than over the name.
@Suite("Status line names")
struct StatusLineNameTests {
  let helper = UpdateTests()

  func state(columns: Int = 100, rows: Int = 30, fileName: String? = "sample.pdf") -> AppState {
    AppState(
      document: DocumentFacts(pageCount: 40, title: "A sample document", fileName: fileName),
      metrics: PageMetrics(sizes: Array(repeating: PointSize(width: 612, height: 792), count: 40)),
      screenSize: CellSize(columns: columns, rows: rows),
      style: RenderStyle(symbols: .half, colors: .none))
  }

  @Test func theFileNameWithTheTitleWhereThereIsRoom() {
    #expect(helper.statusLine(of: state()).hasPrefix(" sample.pdf — A sample document  ? keys "))
    // Narrow: the file name alone (two panes on two files must tell which is which).
    let narrow = helper.statusLine(of: state(columns: 60))
    #expect(narrow.hasPrefix(" sample.pdf  ? keys "), "“\(narrow)”")
    // No file (standard input, the sample): the title.
    #expect(helper.statusLine(of: state(fileName: nil)).hasPrefix(" A sample document  ? keys "))
  }

  @Test func theNameSanitizedAndCutToItsRoom() {
    let facts = DocumentFacts(pageCount: 1, title: "T", fileName: "a\u{1B}[31mb.pdf")
    #expect(facts.fileName == "a[31mb.pdf")
    #expect(facts.name(in: 100, width: .approximate) == "a[31mb.pdf — T")
    #expect(facts.name(in: 6, width: .approximate).count <= 6)
    // A title that is the file's name is not said twice.
    let same = DocumentFacts(pageCount: 1, title: "b.pdf", fileName: "b.pdf")
    #expect(same.name(in: 100, width: .approximate) == "b.pdf")
  }

  @Test func theKeysHintGoesWithTheFirstKey() {
    var app = state()
    #expect(helper.statusLine(of: app).contains("? keys"))
    _ = helper.type("l", on: &app)
    #expect(!helper.statusLine(of: app).contains("? keys"))
    #expect(helper.statusLine(of: app).hasPrefix(" sample.pdf — A sample document "))
  }

  /// "N per screen" is the number of thumbnails a screen shows whole (with their labels) at
  /// the top of the grid, at every size, and stays so while the grid scrolls.
  @Test(arguments: [(80, 24), (100, 30), (120, 40), (200, 60), (60, 15), (40, 50)])
  func perScreenIsWhatTheScreenShows(columns: Int, rows: Int) throws {
    var app = state(columns: columns, rows: rows)
    func said() throws -> Int {
      let line = helper.statusLine(of: app)
      return try #require(line.firstMatch(of: #/(\d+) per screen/#).map { Int($0.1) ?? -1 })
    }
    let visible = app.view.viewport.visibleRect
    let whole = app.view.layout.items(intersecting: visible).filter { item in
      item.pages.allSatisfy { $0.frame.intersection(visible) == $0.frame }
        && (item.labelFrame.map { $0.intersection(visible) == $0 } ?? true)
    }
    #expect(try said() == whole.count, "\(columns)x\(rows)")
    _ = helper.type("j", on: &app)
    #expect(try said() == whole.count, "\(columns)x\(rows), a row down")
  }

  @Test func aFinishedSearchCountsBesideThePageNotOverTheName() {
    var app = state()
    _ = helper.type("/gamma", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = app.update(
      .searchResults(
        SearchResults(
          generation: app.search.generation, searchedPages: 40, pageCount: 40,
          pages: [PageHits(page: PageIndex(6), count: 2), PageHits(page: PageIndex(11), count: 1)]
        )))
    // Said once when it finishes…
    #expect(helper.statusLine(of: app).hasPrefix(" 3 hits on 2 pages · hit 1 / 3"))
    // …then the name is back, the count on the right, before the page's position.
    _ = helper.type("n", on: &app)
    let line = helper.statusLine(of: app)
    #expect(line.hasPrefix(" sample.pdf — A sample document "), "“\(line)”")
    #expect(line.contains("hit 2 / 3  7 / 40"), "“\(line)”")
  }
}

/// A message the status line cannot hold is shown whole above it; one of several lines stays
/// until a key.
@Suite("Message panel")
struct MessagePanelTests {
  let helper = UpdateTests()

  func rows(of app: AppState) -> [String] {
    AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool()).rows
  }

  @Test func aLongMessageIsWrappedAboveTheStatusLine() {
    var app = helper.state(size: CellSize(columns: 40, rows: 12))
    let long = "this message is much longer than the forty columns of this small screen: it wraps"
    let effects = app.update(.problem(long))
    #expect(effects.contains(.startTimer(.message, after: AppState.messageDuration)))
    let shown = rows(of: app)
    let panel = shown.dropLast().suffix(3).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(panel.joined(separator: " ") == long, "\(shown)")
    // A short one stays on the status line alone.
    _ = app.update(.problem("short"))
    #expect(rows(of: app).dropLast().allSatisfy { !$0.contains("short") })
  }

  /// A message shown whole above the status line is not said again, cut short, on it.
  @Test func aMessageShownAboveIsSaidOnce() {
    var app = helper.state(size: CellSize(columns: 80, rows: 20))
    let long =
      "folio: /home/someone/papers/a-rather-long-name.pdf: is not a PDF file (no %PDF- header)"
    _ = app.update(.problem(long))
    let shown = rows(of: app)
    #expect(shown.dropLast().contains { $0.contains("a-rather-long-name.pdf") }, "\(shown)")
    #expect(!(shown.last ?? "").contains("folio:"), "\(shown)")
  }

  /// A message a little too long for the room beside the details takes the room of those
  /// that matter least; the page's position stays, and no panel covers the page.
  @Test func aMessageTakesTheRoomOfTheDetailsThatMatterLeast() {
    var app = helper.state(size: CellSize(columns: 80, rows: 24), mode: .continuous)
    let message = "zoomed to 149% to read the text (= resets) and a little more"
    _ = app.update(.problem(message))
    let shown = rows(of: app)
    let status = shown.last ?? ""
    #expect(status.hasPrefix(" " + message), "“\(status)”")
    #expect(status.contains("1 / 40"), "“\(status)”")
    #expect(!status.contains("single"))
    #expect(shown.dropLast().allSatisfy { !$0.contains("zoomed") })
    // With no message, every detail is back.
    _ = helper.type("j", on: &app)
    #expect(rows(of: app).last?.contains("continuous  single") == true)
  }

  @Test func severalLinesStayUntilAKeyAndTheKeyActs() {
    var app = helper.state(size: CellSize(columns: 60, rows: 12))
    let effects = app.update(.problem("config: two problems\nfirst\u{1B}[31m line\nsecond line"))
    #expect(!effects.contains { if case .startTimer(.message, _) = $0 { true } else { false } })
    let shown = rows(of: app).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(
      shown.suffix(4).dropLast() == ["config: two problems", "first[31m line", "second line"])
    _ = helper.type("l", on: &app)
    #expect(app.status.message == nil)
    #expect(app.view.currentPage == PageIndex(1))
    // The timer a one-line message said before it started does not take it away.
    _ = app.update(.problem("one line"))
    _ = app.update(.problem("two\nlines"))
    _ = app.update(.timerFired(.message))
    #expect(app.status.message == "two\nlines")
  }

  @Test func moreLinesThanTheScreenSayHowManyAreLeftOut() {
    var app = helper.state(size: CellSize(columns: 60, rows: 5))
    _ = app.update(.problem((1...10).map { "line \($0)" }.joined(separator: "\n")))
    let shown = rows(of: app).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(Array(shown.prefix(4)) == ["line 1", "line 2", "line 3", "… 7 more lines"])
  }
}
