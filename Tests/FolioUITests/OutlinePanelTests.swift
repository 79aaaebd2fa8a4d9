import FolioCore
import FolioLayout
import FolioUI
import Testing

/// The outline panel in `update`, with the runtime played by the test: `o` asks for the outline
/// once, the panel says while it is read or when there is none, its keys move, open, close and
/// jump, `/` filters, the section being read is followed, and narrow screens give it all.
@Suite("Outline panel")
struct OutlinePanelTests {
  let helper = UpdateTests()

  func state(
    mode: ViewMode = .continuous, size: CellSize = CellSize(columns: 100, rows: 30),
    labels: [Int: String] = [:]
  ) -> AppState {
    helper.state(pages: 40, size: size, mode: mode, labels: labels)
  }

  func panel(_ app: AppState) -> OutlinePanelMode? { app.modes.top as? OutlinePanelMode }

  func screen(_ app: AppState) -> ScreenBuffer {
    AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool())
  }

  /// The title of the selected entry.
  func selected(_ app: AppState) -> String? {
    panel(app)?.selectedEntry(app).flatMap { app.document.outlineIndex?.titles[$0] }
  }

  /// The titles listed, in order.
  func listed(_ app: AppState) -> [String] {
    guard let index = app.document.outlineIndex else { return [] }
    return panel(app)?.listedEntries(app).map { index.titles[$0] } ?? []
  }

  /// The state with the panel open on the sample outline, read.
  func opened(mode: ViewMode = .continuous) -> AppState {
    var app = state(mode: mode)
    _ = helper.type("o", on: &app)
    _ = app.update(.outlineRead(SampleOutline.outline()))
    return app
  }

  @Test func oOpensThePanelAndDemandsTheOutlineUntilRead() {
    var app = state()
    let mainBefore = app.mainArea
    #expect(!app.demands.outline)
    _ = helper.type("o", on: &app)
    #expect(app.demands.outline)
    #expect(panel(app) != nil)
    #expect(app.areas.sidePanel?.size.columns == 33)
    #expect(app.mainArea.size.columns == mainBefore.size.columns - 33)
    #expect(screen(app).rows[0].hasPrefix("Outline"))
    #expect(screen(app).rows[1].contains("reading the outline…"))
    // Closed: not wanted; opened again while it is read: wanted again (the runtime's reader
    // reads it once).
    _ = helper.type("q", on: &app)
    #expect(panel(app) == nil && app.mainArea == mainBefore)
    #expect(!app.demands.outline)
    _ = helper.type("o", on: &app)
    #expect(app.demands.outline)
    _ = app.update(.outlineRead(SampleOutline.outline()))
    #expect(!app.demands.outline)
    #expect(screen(app).rows[0].hasPrefix("Outline  13"))
    #expect(screen(app).rows[1].contains("Preface"))
    _ = helper.press([.escape], on: &app)
    _ = helper.type("o", on: &app)
    #expect(!app.demands.outline)
    #expect(listed(app).count == 7)
    _ = helper.type("o", on: &app)
    #expect(panel(app) == nil)
  }

  @Test func aDocumentWithoutAnOutlineSaysSo() {
    var app = state()
    _ = helper.type("o", on: &app)
    _ = app.update(.outlineRead(DocumentOutline(document: .first, entries: [])))
    #expect(screen(app).rows[1].contains("this document has no outline"))
    // Keys do nothing harmful on an empty outline.
    _ = helper.type("jkhlG", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(panel(app)?.selectedEntry(app) == nil)
  }

  @Test func anOutlineOfAnotherVersionIsIgnoredAndAReloadAsksAgain() {
    var app = state()
    _ = helper.type("o", on: &app)
    _ = app.update(.outlineRead(SampleOutline.outline(DocumentVersion(number: 2))))
    #expect(app.document.outline == nil)
    #expect(screen(app).rows[1].contains("reading the outline…"))
    _ = app.update(.outlineRead(SampleOutline.outline()))
    #expect(listed(app).count == 7)
    _ = app.update(
      .documentReopened(
        DocumentSummary(version: DocumentVersion(number: 2), pageCount: 40, title: "t")))
    #expect(app.demands.outline)
    #expect(screen(app).rows[1].contains("reading the outline…"))
    _ = app.update(.outlineRead(SampleOutline.outline(DocumentVersion(number: 2))))
    #expect(listed(app).count == 7)
  }

  @Test func jkMoveAndEnterJumpsToTheDestination() {
    var app = opened()
    #expect(selected(app) == "Preface")
    _ = helper.type("jj", on: &app)
    #expect(selected(app) == "Chapter 1 Introduction")
    _ = helper.press([.enter], on: &app)
    // Page 3, half way down: the destination is at the top of the screen.
    #expect(app.view.currentPage == PageIndex(2) || app.view.currentPage == PageIndex(3))
    #expect(app.readingPlace.page == PageIndex(2))
    // Enter opened the chapter and the selection stays on it.
    #expect(
      listed(app).prefix(5) == [
        "Preface", "Part I: Foundations", "Chapter 1 Introduction", "1.1 Motivation", "1.2 Scope",
      ])
    #expect(selected(app) == "Chapter 1 Introduction")
    #expect(panel(app) != nil)
    _ = helper.type("G", on: &app)
    #expect(selected(app) == "Index")
    _ = helper.type("g", on: &app)
    #expect(selected(app) == "Preface")
    _ = helper.press([.up, .down, .down, .pageDown], on: &app)
    #expect(selected(app) == "Index")
    _ = helper.press([.control("u")], on: &app)
    #expect(selected(app) != "Index")
    _ = helper.press([.home, .end], on: &app)
    #expect(selected(app) == "Index")
  }

  @Test func hAndLCloseOpenAndMoveBetweenParentsAndChildren() {
    var app = opened()
    _ = helper.type("j", on: &app)
    #expect(selected(app) == "Part I: Foundations")
    _ = helper.type("h", on: &app)
    #expect(
      listed(app) == ["Preface", "Part I: Foundations", "Part II: Practice", "Appendix", "Index"])
    _ = helper.type("l", on: &app)
    #expect(listed(app).count == 7)
    // On an open parent, l goes to its first child; h goes back up.
    _ = helper.type("l", on: &app)
    #expect(selected(app) == "Chapter 1 Introduction")
    _ = helper.press([.right, .right], on: &app)
    #expect(selected(app) == "1.1 Motivation")
    _ = helper.type("h", on: &app)
    #expect(selected(app) == "Chapter 1 Introduction")
    _ = helper.press([.left, .left], on: &app)
    #expect(selected(app) == "Part I: Foundations")
  }

  @Test func enterOnAParentWithoutADestinationOpensAndClosesIt() {
    var app = opened()
    let page = app.view.currentPage
    _ = helper.type("jjjjj", on: &app)
    #expect(selected(app) == "Appendix")
    _ = helper.press([.enter], on: &app)
    #expect(listed(app).suffix(3) == ["Appendix", "A. Tables", "Index"])
    #expect(app.view.currentPage == page)
    _ = helper.press([.enter], on: &app)
    #expect(listed(app).suffix(2) == ["Appendix", "Index"])
  }

  @Test func theSectionBeingReadIsMarkedAndFollowed() {
    var app = opened()
    #expect(screen(app).rows[1].hasPrefix("›"))
    // The reader goes to page 14 (`:` passes through the panel): section 3.1, inside the
    // closed part II, which stands for it.
    _ = helper.type(":14", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(panel(app) != nil)
    #expect(selected(app) == "Part II: Practice")
    let rows = screen(app).rows
    #expect(rows.contains { $0.hasPrefix("› ▸ Part II: Practice") })
    #expect(rows[1].hasPrefix("  ▸ Preface") == false && rows[1].hasPrefix("    Preface"))
    // Opened, the part shows the chapter, then the section itself.
    // The selection stays where the keys put it until the reader moves.
    _ = helper.type("l", on: &app)
    #expect(selected(app) == "Part II: Practice")
    #expect(screen(app).rows.contains { $0.hasPrefix("›   ▸ Chapter 3 Methods") })
    _ = helper.type(":13", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(selected(app) == "Chapter 3 Methods")
    _ = helper.type("l", on: &app)
    _ = helper.type(":14", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(selected(app) == "3.1 Sampling")
    // A key moves the selection away; the reader moving brings it back.
    _ = helper.type("gg", on: &app)
    #expect(selected(app) == "Preface")
    _ = helper.type(":38", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(selected(app) == "Index")
  }

  @Test func inTheContinuousViewThePlaceOnThePageCounts() {
    var app = opened()
    // Part I and chapter 1 are on page 3, the chapter half way down.
    _ = helper.type("j", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(app.readingPlace.page == PageIndex(2))
    #expect(app.document.outlineIndex?.section(at: app.readingPlace) == 1)
    _ = helper.type("j", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(app.document.outlineIndex?.section(at: app.readingPlace) == 2)
    // The wheel over the pages scrolls them: a few rows up is part I again.
    let wheel = MouseEvent(kind: .wheelUp, position: CellPoint(x: 60, y: 10))
    _ = app.update(.input(.mouse(wheel)))
    _ = app.update(.input(.mouse(wheel)))
    #expect(app.document.outlineIndex?.section(at: app.readingPlace) == 1)
    #expect(selected(app) == "Part I: Foundations")
  }

  @Test func inTheGridThePageIsThePlace() {
    var app = opened(mode: .grid)
    _ = helper.type("jj", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(app.view.currentPage == PageIndex(2))
    #expect(app.readingPlace == ReadingPlace(page: PageIndex(2)))
    // The whole page counts: chapter 1, half way down it, is the section.
    #expect(app.document.outlineIndex?.section(at: app.readingPlace) == 2)
  }

  @Test func slashFiltersAsYouTypeAndEnterKeepsTheFilter() {
    var app = opened()
    _ = helper.type("/samp", on: &app)
    #expect(panel(app)?.query == "samp" && panel(app)?.isTypingFilter == true)
    #expect(listed(app) == ["Part II: Practice", "Chapter 3 Methods", "3.1 Sampling"])
    #expect(selected(app) == "3.1 Sampling")
    var rows = screen(app).rows
    #expect(rows[0].hasPrefix("/samp▏  1 of 13"))
    #expect(rows[3].contains("3.1 Sampling"))
    _ = helper.press([.enter], on: &app)
    #expect(panel(app)?.isTypingFilter == false && panel(app)?.query == "samp")
    _ = helper.press([.enter], on: &app)
    #expect(app.readingPlace.page == PageIndex(13))
    // Back to the tree: the entry chosen is shown, its parents opened.
    _ = helper.press([.escape], on: &app)
    #expect(panel(app)?.query == "")
    #expect(listed(app).contains("3.1 Sampling"))
    #expect(selected(app) == "3.1 Sampling")
    rows = screen(app).rows
    #expect(rows[0].hasPrefix("Outline"))
    _ = helper.press([.escape], on: &app)
    #expect(panel(app) == nil)
  }

  @Test func typingInTheFilterEditsItAndEscClearsIt() {
    var app = opened()
    _ = helper.type("/zz", on: &app)
    #expect(screen(app).rows[1].contains("no entry matches"))
    _ = helper.press([.backspace, .backspace], on: &app)
    #expect(panel(app)?.query == "" && panel(app)?.isTypingFilter == true)
    _ = helper.type("ch", on: &app)
    #expect(selected(app) == "Chapter 3 Methods")
    _ = helper.press([.down], on: &app)
    #expect(selected(app) == "Chapter 4 Results")
    _ = helper.press([.control("u")], on: &app)
    #expect(panel(app)?.query == "")
    _ = helper.type("ch", on: &app)
    _ = helper.press([.escape], on: &app)
    #expect(panel(app)?.query == "" && panel(app)?.isTypingFilter == false)
    #expect(panel(app) != nil)
    // q closes with a filter kept.
    _ = helper.type("/ch", on: &app)
    _ = helper.press([.enter], on: &app)
    _ = helper.type("q", on: &app)
    #expect(panel(app) == nil)
  }

  @Test func matchedLettersAreMarkedAndKeptParentsDimmed() {
    var app = opened()
    _ = helper.type("/samp", on: &app)
    let screen = screen(app)
    let y = 3
    let x = screen.rows[y].firstIndex(of: "S").map {
      screen.rows[y].distance(from: screen.rows[y].startIndex, to: $0)
    }
    #expect(x != nil)
    if let x {
      for offset in 0..<4 {
        #expect(screen[x + offset, y].attributes.isSuperset(of: [.bold, .underline]))
      }
      #expect(!screen[x + 4, y].attributes.contains(.underline))
    }
    let part = screen.rows[1].firstIndex(of: "P").map {
      screen.rows[1].distance(from: screen.rows[1].startIndex, to: $0)
    }
    #expect(part.map { screen[$0, 1].attributes.contains(.dim) } == true)
  }

  @Test func labelsAreRightAlignedWhateverTheScript() {
    var app = state(labels: [0: "i", 2: "1", 11: "10", 37: "xxviii"])
    _ = helper.type("o", on: &app)
    let titles = ["漢字の章", "Cafe\u{301} combining", "שלום עולם", "Evil\u{1B}[2J\u{7}", "Plain"]
    _ = app.update(
      .outlineRead(
        DocumentOutline(
          document: .first,
          entries: titles.enumerated().map { offset, title in
            OutlineEntry(
              title: title, depth: 0,
              destination: Destination(page: PageIndex([0, 2, 11, 37, 5][offset])))
          })))
    let screen = screen(app)
    let edge = 32
    let labels = ["i", "1", "10", "xxviii", "6"]
    for (row, label) in labels.enumerated() {
      let y = row + 1
      #expect(screen[edge, y].scalar == "│")
      // The label's last character is just before the border.
      #expect(screen[edge - 1, y].scalar == label.unicodeScalars.last)
    }
    #expect(screen.rows[4].contains("Evil[2J"))
    #expect(!screen.rows[4].unicodeScalars.contains { $0.value < 0x20 })
    #expect(screen.rows[1].contains("漢字の章"))
  }

  @Test func aLongTitleIsCutAndTheLabelStays() {
    var app = state(labels: [3: "123"])
    _ = helper.type("o", on: &app)
    _ = app.update(
      .outlineRead(
        DocumentOutline(
          document: .first,
          entries: [
            OutlineEntry(
              title: String(repeating: "長い", count: 40), depth: 0,
              destination: Destination(page: PageIndex(3)))
          ])))
    let row = screen(app).rows[1]
    #expect(row.contains("…"))
    #expect(row.contains("123│"))
  }

  @Test func underSixtyColumnsThePanelTakesTheScreen() {
    var app = state(size: CellSize(columns: 50, rows: 20))
    _ = helper.type("o", on: &app)
    _ = app.update(.outlineRead(SampleOutline.outline()))
    #expect(app.areas.sidePanel?.size.columns == 49)
    #expect(app.mainArea.size.columns == 1)
    let screen = screen(app)
    #expect(screen.rows[2].contains("Part I: Foundations"))
    #expect(screen.rows[2].hasSuffix("3│ "))
    _ = helper.type("q", on: &app)
    #expect(app.mainArea.size.columns == 50)
  }

  @Test func aLargeOutlineIsDrawnAroundTheSectionBeingRead() {
    var app = helper.state(pages: 100_000, size: CellSize(columns: 120, rows: 40), mode: .grid)
    _ = helper.type("o", on: &app)
    _ = app.update(.outlineRead(OutlineTreeTests.large))
    _ = helper.type(":50000", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(app.view.currentPage == PageIndex(49_999))
    // Part 5 starts on page 49,996 (index 49,995): its chapter 0, section 3 (page 49,999) is
    // read, shown by the closed part.
    #expect(selected(app) == "Part 5")
    _ = helper.type("l", on: &app)
    _ = helper.type(":50001", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(selected(app) == "Chapter 5.0")
    let rows = screen(app).rows
    #expect(rows.contains { $0.hasPrefix("›   ▸ Chapter 5.0") })
    #expect(rows[0].hasPrefix("Outline  99010"))
    _ = helper.type("G", on: &app)
    _ = helper.press([.enter], on: &app)
    #expect(app.view.currentPage == PageIndex(9 * 9_999))
  }

  @Test func backspaceUnderThePanelDoesNotGoBackToTheGrid() {
    var app = opened()
    _ = helper.press([.backspace], on: &app)
    #expect(app.view.mode == .continuous && panel(app) != nil)
    // Other keys reach normal browsing: Tab changes the view, the panel stays.
    _ = helper.press([.tab], on: &app)
    #expect(app.view.mode == .spread && panel(app) != nil)
  }
}
