import FolioCore
import FolioLayout
import FolioUI
import Testing

/// The reading view keeps the reader's place through what moves it: a place in the right
/// column of a two-column page (a mark, a jump back) comes back in the right column; a
/// reload keeps the words at the top; a resize lays every page out at the new measure; pages
/// too short to fill the screen are all reflowed.
@Suite("Reading view places")
struct ReadingPlaceTests {
  let helper = UpdateTests()
  let view = ReadingViewTests()

  /// A two-column page: paragraphs of 20 lines in each column, the right column's words
  /// "r1", "r2"… and the left's "l1"….
  static func twoColumns() -> PageText {
    var lines: [ReflowPage.Line?] = []
    for (prefix, x) in [("l", 0.08), ("r", 0.53)] {
      var word = 0
      for line in 0..<20 {
        let text =
          (0..<6).map { _ in
            word += 1
            return prefix + "x" + String(ReadingViewTests.word(0, word).dropFirst(3))
          }.joined(separator: " ") + (line == 19 ? "." : "")
        lines.append(ReflowPage.Line(text, x: x, top: 0.1 + Double(line) * 0.016))
      }
      lines.append(nil)
    }
    return ReflowPage.words(lines).text
  }

  @Test func aPlaceInTheRightColumnComesBackInTheRightColumn() throws {
    var app = helper.state(pages: 3, size: CellSize(columns: 100, rows: 30), mode: .grid)
    view.switchTo("4", &app)
    for page in 0..<3 {
      _ = app.update(
        .pageTextRead(page: PageIndex(page), text: Self.twoColumns(), document: .first))
    }
    let shown = try #require(app.reading.pages[PageIndex(0)])
    // A line of the right column, halfway down it (the third starting there).
    let row = try #require(
      shown.lines.indices.filter { shown.lines[$0].content.hasPrefix("rx") }.dropFirst(2).first)
    let (top, left) = shown.place(ofLine: row)
    #expect(try #require(left) > 0.5)
    #expect(shown.line(atOrBelow: top, left: left) == row)
    // Without the column, the left column's line at that height.
    #expect(shown.lines[shown.line(atOrBelow: top) ?? 0].content.hasPrefix("lx"))
    // A mark set there comes back there.
    _ = helper.type("\(row)j", on: &app)
    let line = ReadingViewTests().screen(app)[0]
    _ = helper.type("ma", on: &app)
    _ = helper.type("G", on: &app)
    _ = helper.type("'a", on: &app)
    #expect(ReadingViewTests().screen(app)[0] == line)
  }

  @Test func aReloadKeepsTheWordsAtTheTop() throws {
    var app = view.reading()
    _ = helper.type("15j", on: &app)
    let top = view.screen(app)[0]
    #expect(top.contains("wg"))
    _ = app.update(.fileChanged)
    _ = app.update(.timerFired(.reloadDebounce))
    let version = DocumentVersion(number: 2)
    _ = app.update(
      .documentReopened(
        DocumentSummary(version: version, pageCount: 20, title: "t2", pages: [])))
    #expect(app.view.mode == .read)
    #expect(app.view.currentPage == PageIndex(5))
    // The new version's text, read again: the same words at the top.
    for page in 0..<20 {
      _ = app.update(
        .pageTextRead(
          page: PageIndex(page), text: ReadingViewTests.page(page + 1), document: version))
    }
    #expect(view.screen(app)[0] == top)
  }

  @Test func aResizeLaysEveryPageOutAtTheNewMeasure() {
    var app = view.reading()
    _ = app.update(.input(.resize(CellSize(columns: 60, rows: 30))))
    #expect(app.reading.pages.values.allSatisfy { $0.measure == 60 })
    #expect(view.screen(app).allSatisfy { $0.count <= 60 })
    _ = app.update(.input(.resize(CellSize(columns: 120, rows: 50))))
    #expect(app.reading.pages.values.allSatisfy { $0.measure == 80 && $0.cropRows == 36 })
  }

  @Test func shortPagesFillingTheScreenAreAllReflowed() {
    // A deck of 300 title slides, a line each: about fourteen on a 60-row screen.
    var app = helper.state(pages: 300, size: CellSize(columns: 100, rows: 60), mode: .grid)
    app.go(to: PageIndex(150))
    view.switchTo("4", &app)
    // The runtime's part: every page asked for is read, in the order asked, until none is.
    for _ in 0..<200 {
      guard let page = app.demands.texts.first else { break }
      _ = app.update(
        .pageTextRead(
          page: page,
          text: ReflowPage.words([ReflowPage.Line("Slide \(page.number)", top: 0.4)]).text,
          document: .first))
    }
    #expect(app.demands.texts.isEmpty)
    let rows = view.screen(app)
    #expect(!rows.contains { $0.contains("reading the text") }, "\(rows)")
    #expect(rows.contains { $0.contains("Slide 151") })
  }
}
