import FolioCore
import FolioUI
import Testing

/// Lists in the reading view: each item its own paragraph, its lines hanging after its
/// marker, and the text after the list a paragraph again; a number or a dash starting a line
/// of running text is no list.
@Suite("Reflow lists")
struct ReflowListTests {
  typealias Line = ReflowPage.Line

  /// Lines from `top`, 0.016 apart, each at its own left edge.
  func lines(_ rows: [(String, Double)], top: Double) -> [Line] {
    rows.enumerated().map {
      Line($0.element.0, x: $0.element.1, top: top + Double($0.offset) * 0.016)
    }
  }

  @Test func bulletedItemsAreParagraphsAndTheTextAfterThemIsOneAgain() {
    // The item's text starts two characters (0.016) right of its bullet.
    let page = lines(
      [
        ("The manual names the macro packages that support the engine today:", 0.1),
        ("• For the first package, two authors wrote the hyperref support that", 0.1),
        ("gives access to most of the features, and its hyper-", 0.116),
        ("linked output is selected without a switch.", 0.116),
        ("• The standard graphics packages also support it out of the box and", 0.1),
        ("allow rotation.", 0.116),
        ("Some samples of the output can be found on the project's pages and", 0.1),
        ("in the showcase of the users group.", 0.1),
      ], top: 0.1)
    let texts = ReflowPage.texts(ReflowPage.blocks(page), .paragraph)
    #expect(
      texts == [
        "The manual names the macro packages that support the engine today:",
        "• For the first package, two authors wrote the hyperref support that gives access to most of the features, and its hyperlinked output is selected without a switch.",
        "• The standard graphics packages also support it out of the box and allow rotation.",
        "Some samples of the output can be found on the project's pages and in the showcase of the users group.",
      ])
  }

  @Test func enumeratedItemsWithHangingLinesOrOneUnderAnotherAreItems() {
    let hanging = lines(
      [
        ("Running text above the list runs across the whole of the column to:", 0.1),
        ("1. the first item runs on to a second line that hangs under its", 0.1),
        ("text, right of its number,", 0.124),
        ("2. and the second item is one line", 0.1),
      ], top: 0.1)
    #expect(ReflowPage.texts(ReflowPage.blocks(hanging), .paragraph).count == 3)
    let stacked = lines(
      [
        ("(a) a short item, its text on one line,", 0.1),
        ("(b) another, set right under it,", 0.1),
        ("(c) and the last of the three.", 0.1),
      ], top: 0.1)
    #expect(ReflowPage.texts(ReflowPage.blocks(stacked), .paragraph).count == 3)
  }

  @Test func aNumberOrADashStartingALineOfRunningTextIsNoList() {
    let page = ReflowPage.column(
      [
        "The committee met every year until the count reached chapter",
        "3. It was then that the rules changed, after the members asked",
        "– twice, and loudly – for a vote on the whole of the matter and",
        "on the order of the days it would take to hold it in public.",
      ], top: 0.1)
    #expect(ReflowPage.texts(ReflowPage.blocks(page), .paragraph).count == 1)
  }

  @Test func aNumberStartingTheLastLineBeforeAnIndentedParagraphIsNoList() {
    // The next paragraph's indent is about as wide as "3. ": it must not read as the number's
    // hanging text.
    let page = lines(
      [
        ("The committee met every year until the count had reached chapter", 0.1),
        ("3. It was then that the rules changed for good.", 0.1),
        ("The next paragraph opens indented, as LaTeX sets it, and runs on", 0.124),
        ("across the whole of the column's width to its end.", 0.1),
      ], top: 0.1)
    let texts = ReflowPage.texts(ReflowPage.blocks(page), .paragraph)
    #expect(texts.count == 2)
    #expect(
      texts.first?.hasSuffix("chapter 3. It was then that the rules changed for good.") == true)
  }

  @Test func aShortOneLineItemEndsAtTheTextAfterItAndAFlushItemGoesOn() {
    let short = lines(
      [
        ("• pears", 0.1),
        ("Some samples of the output follow the list at its bullet's edge and", 0.1),
        ("run on to a second line.", 0.1),
      ], top: 0.1)
    #expect(
      ReflowPage.texts(ReflowPage.blocks(short), .paragraph) == [
        "• pears",
        "Some samples of the output follow the list at its bullet's edge and run on to a second line.",
      ])
    // A numbered paragraph whose full first line ends a sentence runs on at the number's edge.
    let numbered = lines(
      [
        ("1. The parties agree to the terms set out in the second section below.", 0.1),
        ("Each of them signs a copy, and the copies are kept by both of them.", 0.1),
      ], top: 0.1)
    #expect(ReflowPage.texts(ReflowPage.blocks(numbered), .paragraph).count == 1)
    // A bullet stuck to its first word: the item's lines hang at that word, and go on.
    let glued = lines(
      [
        ("•For the first package, two authors wrote the support that gives", 0.1),
        ("access to most of the features, and its output is selected without", 0.108),
        ("a switch of any kind.", 0.108),
      ], top: 0.1)
    #expect(ReflowPage.texts(ReflowPage.blocks(glued), .paragraph).count == 1)
    // An item whose lines run back to the bullet's edge goes on there.
    let flush = lines(
      [
        ("• An item set flush: its second line runs back to the bullet's edge as", 0.1),
        ("some styles set them, and the item goes on to its end.", 0.1),
      ], top: 0.1)
    #expect(ReflowPage.texts(ReflowPage.blocks(flush), .paragraph).count == 1)
  }

  @Test func anItemsLinesHangAfterItsMarkerWhenWrapped() {
    let item = ReadingBlock(
      kind: .paragraph, page: PageIndex(0),
      text: "• " + (1...20).map { "word\($0)" }.joined(separator: " "),
      box: PageRegion(x: 0, y: 0, width: 1, height: 1))
    let lines = ReadingWrap.lines(of: [item], width: 40, textWidth: .approximate)
    #expect(lines.count > 2)
    #expect(lines.first?.indent == 0)
    #expect(lines.dropFirst().allSatisfy { $0.indent == 2 && $0.content.count <= 38 })
    #expect(lines.map(\.content).joined(separator: " ") == item.text)
    // Running text does not hang.
    let plain = ReadingBlock(
      kind: .paragraph, page: PageIndex(0),
      text: (1...20).map { "word\($0)" }.joined(separator: " "),
      box: PageRegion(x: 0, y: 0, width: 1, height: 1))
    #expect(
      ReadingWrap.lines(of: [plain], width: 40, textWidth: .approximate).allSatisfy {
        $0.indent == 0
      })
  }
}

/// A word broken with a hyphen on a caption's line goes on among a figure's labels.
@Suite("Reflow broken words in figures")
struct ReflowBrokenWordTests {
  @Test func theRestOfAWordBrokenBeforeAFiguresLabelsIsText() {
    let page: [ReflowPage.Line] = [
      ReflowPage.Line("C", x: 0.3, top: 0.1),
      ReflowPage.Line("b", x: 0.2, top: 0.13),
      ReflowPage.Line("a", x: 0.4, top: 0.16),
      ReflowPage.Line("(a) the sides a and b are legs and c is the hypo-", x: 0.1, top: 0.2),
      ReflowPage.Line("tenuse", x: 0.1, top: 0.216),
      ReflowPage.Line("A", x: 0.15, top: 0.25),
      ReflowPage.Line("B", x: 0.45, top: 0.28),
      ReflowPage.Line("c", x: 0.3, top: 0.31),
    ]
    let blocks = ReflowPage.blocks(page)
    #expect(ReflowPage.texts(blocks, .paragraph).contains { $0.hasSuffix("hypotenuse") })
    #expect(blocks.contains { $0.kind == .region(.figure) })
  }
}
