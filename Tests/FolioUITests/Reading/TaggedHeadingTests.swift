import FolioCore
import FolioUI
import Testing

/// A tagged PDF's headings in the reading view: the lines its structure tree marks as a
/// heading are one, at its level, whatever their size; a body line that only reads like a
/// heading's text stays in its paragraph; the view asks for the headings once and reflows the
/// pages they mark when they arrive.
@Suite("Reading view: tagged headings")
struct TaggedHeadingTests {
  /// A body-sized heading line, then a paragraph, then another body-sized heading that runs
  /// over two lines, then a paragraph whose last line reads as the first heading's text.
  static let lines =
    ReflowPage.column(
      [
        "Getting started",
        "Readers of a tagged manual want its headings shown as headings even",
        "when they are set in the body's size, as word processors often do",
        "when getting started.",
      ], top: 0.1)
    + ReflowPage.column(
      [
        "Installing the tool on a machine that has no network",
        "at all",
        "The second paragraph tells how to install the tool from the archive",
        "the project publishes each month, signed by its maintainers.",
      ], top: 0.2)

  static func blocks(_ headings: [TaggedHeading]) -> [ReadingBlock] {
    var context = ReflowContext()
    context.taggedHeadings = headings
    return PageReflow.blocks(
      of: ReflowPage.words(lines), at: PageIndex(0), label: nil, context: context)
  }

  @Test func linesTheStructureTreeMarksAreHeadingsAtTheirLevel() {
    let untagged = Self.blocks([])
    #expect(!untagged.contains { if case .heading = $0.kind { true } else { false } })
    let blocks = Self.blocks([
      TaggedHeading(page: PageIndex(0), level: 1, text: "Getting started"),
      TaggedHeading(
        page: PageIndex(0), level: 2,
        text: "Installing the tool on a machine that has no network at all"),
    ])
    #expect(ReflowPage.texts(blocks, .heading(level: 1)) == ["Getting started"])
    #expect(
      ReflowPage.texts(blocks, .heading(level: 2)) == [
        "Installing the tool on a machine that has no network at all"
      ])
    // The paragraph's last line "when getting started." is no heading.
    #expect(
      ReflowPage.texts(blocks, .paragraph).first?.hasSuffix("often do when getting started.")
        == true)
    #expect(ReflowPage.texts(blocks, .paragraph).count == 2)
  }

  @Test func aFiguresLabelReadingAsAHeadingIsNotTakenForIt() {
    // Scattered short labels (a figure region), one of them the heading's word, above it.
    let page: [ReflowPage.Line] =
      [
        ReflowPage.Line("Results", x: 0.3, top: 0.1),
        ReflowPage.Line("0", x: 0.12, top: 0.14),
        ReflowPage.Line("10", x: 0.5, top: 0.18),
        ReflowPage.Line("4 Results", top: 0.3),
      ]
      + ReflowPage.column(
        [
          "The measured values follow the model closely over the whole range,",
          "and the few outliers are explained in the next section of the paper.",
        ], top: 0.316)
    var context = ReflowContext()
    context.taggedHeadings = [TaggedHeading(page: PageIndex(0), level: 1, text: "4 Results")]
    let blocks = PageReflow.blocks(
      of: ReflowPage.words(page), at: PageIndex(0), label: nil, context: context)
    #expect(ReflowPage.texts(blocks, .heading(level: 1)) == ["4 Results"])
    #expect(blocks.contains { $0.kind == .region(.figure) })
  }

  @Test func aCharacterTheTreeLostMatchesAnyLetter() {
    let page =
      [ReflowPage.Line("Straßenbau im Land", top: 0.1)]
      + ReflowPage.column(
        [
          "The roads of the country were built over a century by its towns and",
          "by the state, which took them over one after another in the end.",
        ], top: 0.13)
    func headings(_ text: String) -> [String] {
      var context = ReflowContext()
      context.taggedHeadings = [TaggedHeading(page: PageIndex(0), level: 2, text: text)]
      return ReflowPage.texts(
        PageReflow.blocks(
          of: ReflowPage.words(page), at: PageIndex(0), label: nil, context: context),
        .heading(level: 2))
    }
    #expect(headings("Stra\u{FFFD}enbau im Land") == ["Straßenbau im Land"])
    #expect(headings("Strassenbau im Land").isEmpty)
  }

  @Test func aHeadingWhoseTextIsNotOnThePageChangesNothing() {
    let blocks = Self.blocks([
      TaggedHeading(page: PageIndex(0), level: 1, text: "Something else entirely")
    ])
    #expect(blocks == Self.blocks([]))
  }

  @Test func theViewAsksForHeadingsOnceAndReflowsThePagesTheyMark() throws {
    let view = ReadingViewTests()
    var app = view.reading(page: 5)
    #expect(app.demands.headings)
    let page = PageIndex(5)
    let before = try #require(app.reading.pages[page])
    // The first line of the page's third paragraph, taken for a heading by the tree.
    let line = (97...104).map { ReadingViewTests.word(6, $0) }.joined(separator: " ")
    #expect(!before.blocks.contains { $0.kind == .heading(level: 2) })
    _ = app.update(
      .headingsRead(
        DocumentHeadings(
          document: app.document.version,
          headings: [TaggedHeading(page: page, level: 2, text: line)])))
    #expect(!app.demands.headings)
    let after = try #require(app.reading.pages[page])
    #expect(after.blocks.contains { $0.kind == .heading(level: 2) && $0.text == line })
    // A page the tree marks nothing on is not reflowed again.
    #expect(
      app.reading.pages[PageIndex(4)]?.blocks
        == view.reading(page: 5).reading.pages[PageIndex(4)]?.blocks)
  }
}

/// Body-sized headings set in bold: a bold line starting a paragraph, followed by running text,
/// is a heading; bold lines that head nothing (labels of a figure, the last line of a page)
/// and a bold body are not.
@Suite("Reflow: bold headings")
struct BoldHeadingTests {
  typealias Line = ReflowPage.Line

  static func page(boldHeadings: Bool, boldBody: Bool = false) -> [Line] {
    let body = [
      "Readers of a manual want its headings shown as headings even when",
      "they are set in the body's size, only in a bold face of its font.",
    ]
    return [Line("Getting started", top: 0.1, isBold: boldHeadings)]
      + body.enumerated().map {
        Line($0.element, top: 0.116 + Double($0.offset) * 0.016, isBold: boldBody)
      }
      + [
        Line("Installing the tool on a machine", top: 0.2, isBold: boldHeadings),
        Line("that has no network", top: 0.216, isBold: boldHeadings),
      ]
      + body.enumerated().map {
        Line($0.element, top: 0.232 + Double($0.offset) * 0.016, isBold: boldBody)
      }
      + [Line("A bold line last on the page", top: 0.4, isBold: true)]
  }

  @Test func aBoldLineStartingAParagraphBeforeTextIsAHeading() {
    let blocks = ReflowPage.blocks(Self.page(boldHeadings: true))
    #expect(
      ReflowPage.texts(blocks, .heading(level: 3)) == [
        "Getting started", "Installing the tool on a machine that has no network",
      ])
    #expect(ReflowPage.texts(blocks, .paragraph).last == "A bold line last on the page")
    // Not bold: no heading.
    let plain = ReflowPage.blocks(Self.page(boldHeadings: false))
    #expect(!plain.contains { if case .heading = $0.kind { true } else { false } })
    // A bold body: bold tells nothing.
    let allBold = ReflowPage.blocks(Self.page(boldHeadings: true, boldBody: true))
    #expect(!allBold.contains { if case .heading = $0.kind { true } else { false } })
  }
}
