import FolioCore
import FolioLayout
import FolioUI
import Testing

/// Peeking at where a link leads (`P`, then a hint): the excerpt is the paragraph at the
/// destination (and the next when it is short), lines joined and hyphens mended; the box
/// asks for the target page's text while it is read, Enter follows the link (a jump), Esc
/// closes without moving; a link out of the document only says where it leads.
@Suite("Peek")
struct PeekTests {
  let helper = UpdateTests()

  /// A page of a reference list: a heading, then two entries apart by a gap.
  static func references() -> PageText {
    TextSelectionTests.page([
      ("References", top: 0.10, bottom: 0.12),
      ("[1] A. Fresnel. On a new system", top: 0.16, bottom: 0.175),
      ("of lighting for light-", top: 0.18, bottom: 0.195),
      ("houses. Paris, 1822.", top: 0.20, bottom: 0.215),
      ("[2] J. Smith. Characteristics", top: 0.26, bottom: 0.275),
      ("at sea. London, 1901.", top: 0.28, bottom: 0.295),
    ])
  }

  static let citation = PageLink(
    area: PageRegion(x: 0.3, y: 0.3, width: 0.02, height: 0.01),
    target: .destination(Destination(page: PageIndex(7), top: 0.255)))

  @Test func theExcerptIsTheParagraphAtTheDestination() throws {
    let words = PageWords(Self.references())
    #expect(
      PeekExcerpt.text(of: words, at: 0.255)
        == "[2] J. Smith. Characteristics at sea. London, 1901.")
    // A hyphen at a line's end is mended; the first entry after a gap.
    #expect(
      PeekExcerpt.text(of: words, at: 0.155)
        == "[1] A. Fresnel. On a new system of lighting for lighthouses. Paris, 1822.")
    // A short paragraph (a heading) brings the next one with it.
    #expect(PeekExcerpt.text(of: words, at: nil).hasPrefix("References\n\n[1] A. Fresnel."))
    // Below the last word: nothing.
    #expect(PeekExcerpt.text(of: words, at: 0.9).isEmpty)
  }

  /// Lines made of parts, each part's letters 0.01 of the page wide from its `x`, parts of a
  /// line one after another in the text (as Poppler runs a caption's line on into the other
  /// column's).
  static func twoColumns(_ lines: [([(String, x: Double)], top: Double)]) -> PageText {
    var text = ""
    var boxes: [TextBox] = []
    for (index, line) in lines.enumerated() {
      if index > 0 {
        text += "\n"
        boxes.append(TextBox())
      }
      for (part, (words, start)) in line.0.enumerated() {
        if part > 0 {
          text += " "
          boxes.append(TextBox())
        }
        var x = start
        for scalar in words.unicodeScalars {
          text.unicodeScalars.append(scalar)
          boxes.append(
            TextBox(left: x, top: line.top, right: x + 0.01, bottom: line.top + 0.015))
          x += 0.01
        }
      }
    }
    return PageText(text: text, boxes: boxes)
  }

  @Test func besideAFigureOnlyTheDestinationsColumnIsKept() {
    let page = Self.twoColumns([
      ([("right column text one", x: 0.55)], top: 0.50),
      ([("Figure 1: A lens", x: 0.1), ("right column two", x: 0.55)], top: 0.70),
      ([("of glass prisms.", x: 0.1), ("right column three", x: 0.55)], top: 0.72),
      ([("left column after", x: 0.1), ("right column four", x: 0.55)], top: 0.76),
    ])
    let words = PageWords(page)
    #expect(PeekExcerpt.gutter(of: words.words) != nil)
    // The destination is the figure's top, left in the left column: its caption alone.
    #expect(
      PeekExcerpt.text(of: words, at: 0.45, left: 0.12)
        .hasPrefix("Figure 1: A lens of glass prisms."))
    #expect(!PeekExcerpt.text(of: words, at: 0.45, left: 0.12).contains("right"))
    // A one-column page has no gutter.
    #expect(PeekExcerpt.gutter(of: PageWords(Self.references()).words) == nil)
  }

  /// A continuous view of a 10-page document with the citation's page on screen, peeking at
  /// it through the hints.
  func peeking() -> AppState {
    var app = helper.state(pages: 10, mode: .continuous)
    _ = app.update(
      .linksRead(PageLinks(document: .first, page: PageIndex(0), links: [Self.citation])))
    _ = helper.type("Pa", on: &app)
    return app
  }

  @Test func pThenAHintOpensAPeekThatAsksForTheTargetPage() throws {
    var app = peeking()
    let peek = try #require(app.modes.top as? PeekMode)
    #expect(peek.destination(in: app)?.page == PageIndex(7))
    #expect(app.demands.texts.contains(PageIndex(7)))
    let screen = { (app: AppState) in
      AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool()).rows
    }
    #expect(screen(app).contains { $0.contains("reading the page…") })
    _ = app.update(.pageTextRead(page: PageIndex(7), text: Self.references(), document: .first))
    #expect(!app.demands.texts.contains(PageIndex(7)))
    #expect(screen(app).contains { $0.contains("┌─ p. 8 ") })
    #expect(screen(app).contains { $0.contains("[2] J. Smith. Characteristics at sea.") })
    #expect(app.view.currentPage == PageIndex(0), "a peek does not move")
    // Esc closes where the reader was; Enter follows the link.
    _ = helper.press([.escape], on: &app)
    #expect(app.modes.top is NormalMode || !(app.modes.top is PeekMode))
    #expect(app.view.currentPage == PageIndex(0))
    app = peeking()
    _ = helper.press([.enter], on: &app)
    #expect(!(app.modes.top is PeekMode))
    #expect(app.view.currentPage == PageIndex(7))
    _ = helper.press([.control("o")], on: &app)
    #expect(app.view.currentPage == PageIndex(0))
  }

  @Test func pInTextSelectionPeeksAtTheLinkUnderTheCursor() throws {
    var app = helper.state(pages: 10, mode: .continuous)
    // The cursor starts on the page's first word, which the citation covers.
    _ = app.update(
      .pageTextRead(page: PageIndex(0), text: TextSelectionTests.pageText(), document: .first))
    let first = try #require(PageWords(TextSelectionTests.pageText()).words.first)
    let link = PageLink(area: first.box, target: Self.citation.target)
    _ = app.update(.linksRead(PageLinks(document: .first, page: PageIndex(0), links: [link])))
    _ = helper.type("x", on: &app)
    #expect(app.modes.top is TextSelectionMode)
    _ = helper.type("P", on: &app)
    let peek = try #require(app.modes.top as? PeekMode)
    #expect(peek.destination(in: app)?.page == PageIndex(7))
    // Esc: back to the selection, which stayed.
    _ = helper.press([.escape], on: &app)
    #expect(app.modes.top is TextSelectionMode)
    // A word without a link: said.
    _ = helper.type("wP", on: &app)
    #expect(app.modes.top is TextSelectionMode)
    #expect(app.status.message == "no link here")
  }

  @Test func aLinkOutOfTheDocumentSaysWhereItLeads() {
    var app = helper.state(pages: 10, mode: .continuous)
    let web = PageLink(area: Self.citation.area, target: .uri("https://example.com/\u{1B}x"))
    _ = app.update(.linksRead(PageLinks(document: .first, page: PageIndex(0), links: [web])))
    _ = helper.type("Pa", on: &app)
    #expect(!(app.modes.top is PeekMode))
    #expect(app.status.message == "leads out of the document: https://example.com/x")
  }
}

/// Peeking at a citation or a figure's number where no link leads from it: the label read
/// from the cursor's word, its target found where exactly one paragraph of the pages it may be
/// on starts with it.
@Suite("Peek: labels without links")
struct PeekLabelTests {
  let helper = UpdateTests()

  static let citing = TextSelectionTests.page([
    ("as shown in [2] and in Figure 3.", top: 0.10, bottom: 0.12),
    ("plain words here", top: 0.14, bottom: 0.16),
  ])

  @Test func labelsAreReadFromTheCursorsWord() {
    let words = PageWords(Self.citing)
    let texts = words.words.map { words.string(of: $0) }
    func label(_ word: String) -> PeekLabel? {
      texts.firstIndex(of: word).flatMap { PeekLabel.parse(words, at: $0, on: PageIndex(4)) }
    }
    #expect(label("[2]") == PeekLabel(kind: .reference, number: "2", page: PageIndex(4)))
    #expect(label("Figure") == PeekLabel(kind: .figure("Figure"), number: "3", page: PageIndex(4)))
    #expect(label("3.") == PeekLabel(kind: .figure("Figure"), number: "3", page: PageIndex(4)))
    #expect(label("plain") == nil)
    // "[3,4]": its first number, not 34.
    let pair = PageWords(TextSelectionTests.page([("see [3,4] here", top: 0.1, bottom: 0.12)]))
    #expect(
      PeekLabel.parse(pair, at: 1, on: PageIndex(0))
        == PeekLabel(kind: .reference, number: "3", page: PageIndex(0)))
    #expect(label("shown") == nil)
  }

  /// Ten pages, the last one a reference list; `extra` pages' texts read as well.
  func state(referencesOn pages: [Int] = [9]) -> AppState {
    var app = helper.state(pages: 10, mode: .continuous)
    for page in 0..<10 {
      let text =
        pages.contains(page)
        ? TextSelectionTests.page([
          ("References", top: 0.10, bottom: 0.12),
          ("[1] A. Fresnel. Memoir, 1822.", top: 0.16, bottom: 0.175),
          ("[2] J. Smith. Characteristics", top: 0.22, bottom: 0.235),
          ("at sea. London, 1901.", top: 0.24, bottom: 0.255),
        ])
        : Self.citing
      _ = app.update(.pageTextRead(page: PageIndex(page), text: text, document: .first))
    }
    return app
  }

  @Test func aReferenceIsFoundOnTheLastPagesOnlyWhereItIsUnambiguous() {
    let label = PeekLabel(kind: .reference, number: "2", page: PageIndex(0))
    let peek = PeekMode(label: label)
    var app = helper.state(pages: 10, mode: .continuous)
    // Before the pages are read: it waits for them, a few at a time, the last first.
    #expect(peek.excerpt(app) == nil)
    #expect(peek.wantedPages(app).first == PageIndex(9))
    app = state()
    #expect(peek.excerpt(app) == "[2] J. Smith. Characteristics at sea. London, 1901.")
    #expect(peek.destination(in: app)?.page == PageIndex(9))
    #expect(peek.wantedPages(app).isEmpty)
    // Two reference lists: no guess.
    #expect(peek.excerpt(state(referencesOn: [5, 9])) == "2 paragraphs start with “[2]”: no peek")
    #expect(
      PeekMode(label: PeekLabel(kind: .reference, number: "7", page: PageIndex(0))).excerpt(app)
        == "no paragraph starts with “[7]”")
  }

  @Test func enterGoesToTheLabelsTarget() {
    var app = state()
    _ = helper.type("x", on: &app)
    // The cursor on "[2]" (the fourth word of the first page on screen).
    _ = helper.type("wwwP", on: &app)
    #expect(app.modes.top is PeekMode)
    _ = helper.press([.enter], on: &app)
    #expect(app.view.currentPage == PageIndex(9))
  }
}
