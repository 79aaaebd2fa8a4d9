import FolioCore
import FolioUI
import Testing

/// Reflowing a page's words into reading blocks: paragraphs from the geometry, hyphenated
/// words joined, headings from size and numbering, regions kept out of the text, and each
/// block's text mapped back to the page's words.
@Suite("Reflow")
struct ReflowTests {
  typealias Line = ReflowPage.Line

  @Test func linesOfAParagraphAreJoinedAndAGapStartsTheNext() {
    let first = ReflowPage.column(
      [
        "Terminal readers want the words of a paper in the order read,",
        "not a grey texture of them, and a pane that is narrow enough",
        "for a second window.",
      ], top: 0.1)
    let second = ReflowPage.column(
      [
        "A second paragraph starts after a wider gap than the lines of",
        "the first one have between them, as most typeset text does it.",
      ], top: 0.2)
    let blocks = ReflowPage.blocks(first + second)
    #expect(
      ReflowPage.texts(blocks, .paragraph) == [
        "Terminal readers want the words of a paper in the order read, not a grey texture of them, and a pane that is narrow enough for a second window.",
        "A second paragraph starts after a wider gap than the lines of the first one have between them, as most typeset text does it.",
      ])
    #expect(blocks.first?.kind == .pageStart)
    #expect(blocks.first?.text == "1")
  }

  @Test func anIndentedFirstLineAndAShortLastLineStartParagraphs() {
    let lines = ReflowPage.column(
      [
        "The first paragraph runs over two lines that fill the column",
        "to its end; this one ends it.",
        "   An indented line after a short one starts the second one",
        "which goes on across the whole width of the column of text",
        "   and this indented line starts the third without any gap.",
      ], top: 0.1)
    let blocks = ReflowPage.blocks(lines)
    #expect(ReflowPage.texts(blocks, .paragraph).count == 3)
    #expect(ReflowPage.texts(blocks, .paragraph).last?.hasPrefix("and this indented") == true)
  }

  @Test func wordsHyphenatedAtALineEndAreJoinedWhereTheRuleSaysSo() {
    // "well-known" spelled whole elsewhere on the page keeps its hyphen when broken after it.
    let lines = ReflowPage.column(
      [
        "A well-known rule: words broken at the end of a line by hyphen-",
        "ation are joined again, and so is a well-",
        "known compound, with its hyphen; the state-of-the-",
        "art keeps its own, and so does a proper Mid-",
        "Atlantic name whose second part is capitalised for good.",
      ], top: 0.1)
    let page = ReflowPage.words(lines)
    let blocks = PageReflow.blocks(
      of: page, at: PageIndex(0), label: nil, context: ReflowContext.learn(from: [page]))
    let text = ReflowPage.texts(blocks, .paragraph).joined()
    #expect(text.contains(" hyphenation are joined"))
    #expect(text.contains(" well-known compound"))
    #expect(text.contains(" state-of-the-art keeps"))
    #expect(text.contains(" Mid- Atlantic"))
  }

  @Test func aHyphenatedWordMapsBothPartsToTheirPageWords() throws {
    let page = ReflowPage.words(
      ReflowPage.column(["one two hyphen-", "ation three"], top: 0.1))
    let block = try #require(
      PageReflow.blocks(of: page, at: PageIndex(0), label: "i", context: ReflowContext())
        .first { $0.kind == .paragraph })
    #expect(block.text == "one two hyphenation three")
    // "hyphen" (scalars 8..<14) is word 2, "ation" word 3, "three" word 4.
    #expect(block.word(atOffset: 8) == 2)
    #expect(block.word(atOffset: 14) == 3)
    #expect(block.word(atOffset: 7) == nil)
    #expect(block.textRange(ofWord: 4) == 20..<25)
    #expect(block.textRange(ofWord: 2) == 8..<14)
    #expect(block.words == 0..<5)
  }

  @Test func largerLinesAndNumberedShortLinesAreHeadings() {
    var lines: [Line?] = [Line("A Title Set Large", top: 0.05, height: 0.024, advance: 0.016)]
    lines += ReflowPage.column(
      [
        "Body text of the introduction, set at the body's size, over",
        "two lines of the column.",
      ], top: 0.1)
    lines.append(nil)
    lines += ReflowPage.column(["2.1 Results so far"], top: 0.16)
    lines.append(nil)
    lines += ReflowPage.column(["More body text follows the numbered heading here."], top: 0.2)
    let blocks = ReflowPage.blocks(lines)
    #expect(ReflowPage.texts(blocks, .heading(level: 1)) == ["A Title Set Large"])
    #expect(ReflowPage.texts(blocks, .heading(level: 2)) == ["2.1 Results so far"])
    #expect(ReflowPage.texts(blocks, .paragraph).count == 2)
  }

  @Test func aWordHyphenatedAcrossAPageBreakIsJoinedOnTheFirstPage() {
    let first = ReflowPage.words(
      ReflowPage.column(
        ["The last paragraph of a page runs on to its foot, where a word is cut by hyphen-"],
        top: 0.8))
    let second = ReflowPage.words(
      ReflowPage.column(["ation and goes on at the top of the next page."], top: 0.1))
    var context = ReflowContext.learn(from: [first, second])
    context.noteBreaks(around: 0, in: [0: first, 1: second])
    let before = PageReflow.blocks(of: first, at: PageIndex(0), label: nil, context: context)
    #expect(ReflowPage.texts(before, .paragraph).last?.hasSuffix("cut by hyphenation") == true)
    // The rest of the word is part of the first page's word: a hit on it shows there.
    let joined = before.last { $0.kind == .paragraph }
    #expect(joined?.textRange(ofWord: first.words.count - 1) != nil)
    context.noteBreaks(around: 1, in: [0: first, 1: second])
    let after = PageReflow.blocks(of: second, at: PageIndex(1), label: nil, context: context)
    #expect(ReflowPage.texts(after, .paragraph).first?.hasPrefix("and goes on") == true)
    // Not when the next page starts a sentence.
    let capital = ReflowPage.words(ReflowPage.column(["Ation starts a sentence."], top: 0.1))
    context.noteBreaks(around: 0, in: [0: first, 1: capital])
    #expect(context.continuation == nil)
    // Nor Chinese or Japanese text, which runs on without spaces at every break.
    let cjkFirst = ReflowPage.words(ReflowPage.column(["日本語の文章は行の どこでも 折り 返す"], top: 0.8))
    let cjkSecond = ReflowPage.words(ReflowPage.column(["文章は続く 次の ページ で 終わる"], top: 0.1))
    context.noteBreaks(around: 0, in: [0: cjkFirst, 1: cjkSecond])
    #expect(context.continuation == nil)
  }

  @Test func aTallGapBetweenParagraphsIsAFigureButNotOnATitlePage() throws {
    let paragraph = [
      "A paragraph of running text sits above the drawing, long enough",
      "to be a paragraph of the page and not a title or a date alone.",
    ]
    let below = [
      "Another paragraph of running text goes on under the drawing, as",
      "long as the first, so that the gap between them is framed by text.",
    ]
    let page =
      ReflowPage.column(paragraph, top: 0.1) + [nil]
      + ReflowPage.column(below, top: 0.4)
    let blocks = ReflowPage.blocks(page)
    #expect(blocks.map(\.kind) == [.pageStart, .paragraph, .region(.figure), .paragraph])
    // The figure is the gap: from under the first paragraph to the second.
    let figure = blocks[2].box
    #expect(abs(figure.y - (blocks[1].box.y + blocks[1].box.height)) < 0.001)
    #expect(abs(figure.y + figure.height - blocks[3].box.y) < 0.001)
    // A title and a date far apart are no figure.
    let title = ReflowPage.blocks(
      ReflowPage.column(["Title Author"], top: 0.2) + [nil] + ReflowPage.column(["Date"], top: 0.6))
    #expect(!title.contains { $0.kind == .region(.figure) })
  }

  @Test func shortLinesSetOneUnderAnotherStayLinesNotAFigure() throws {
    var lines = ReflowPage.column(
      ["Attributes are set on a box with the keyword attr, as in this example:"], top: 0.1)
    // A listing: short lines, one under another, the second indented.
    lines += [
      Line("\\ifcsname foo", x: 0.12, top: 0.13), Line("\\csname foo", x: 0.16, top: 0.146),
      Line("\\fi", x: 0.12, top: 0.162),
    ]
    lines += ReflowPage.column(["The advantage is that it saves a lookup in the table."], top: 0.2)
    let blocks = ReflowPage.blocks(lines)
    #expect(blocks.map(\.kind) == [.pageStart, .paragraph, .lines, .paragraph])
    #expect(blocks[2].text == "\\ifcsname foo\n\\csname foo\n\\fi")
    // Shown a line each, as the page sets them.
    let wrapped = ReadingWrap.lines(of: blocks, width: 80, textWidth: .approximate)
    #expect(
      wrapped.filter { $0.block == 2 && $0.style == .body }.map(\.content) == [
        "\\ifcsname foo", "\\csname foo", "\\fi",
      ])
  }

  @Test func mathematicsTablesAndScatteredLabelsBecomeRegions() {
    var lines = ReflowPage.column(
      ["The energy of the system is given by the sum below, where it"], top: 0.1)
    lines += [Line("E = ∑ αᵢ xᵢ² + β", x: 0.3, top: 0.13), Line("(3)", x: 0.8, top: 0.13)]
    lines += ReflowPage.column(["holds for every state we have measured in the runs."], top: 0.16)
    lines += ReflowPage.column(["12.5 13.1 14.0", "11.2 10.9 10.4"], x: 0.3, top: 0.22)
    lines += [
      Line("input", x: 0.15, top: 0.3), Line("layer", x: 0.45, top: 0.3),
      Line("output", x: 0.75, top: 0.3),
    ]
    let blocks = ReflowPage.blocks(lines)
    #expect(
      blocks.map(\.kind) == [
        .pageStart, .paragraph, .region(.mathematics), .paragraph, .region(.table),
        .region(.figure),
      ])
    // Out of the running text; each region keeps its lines' text, a line each.
    #expect(
      !blocks.contains {
        $0.kind == .paragraph && ($0.text.contains("∑") || $0.text.contains("13.1"))
      })
    #expect(blocks[2].text == "E = ∑ αᵢ xᵢ² + β\n(3)")
    #expect(blocks[4].text == "12.5 13.1 14.0\n11.2 10.9 10.4")
    #expect(blocks[2].word(atOffset: 17) == 20)
  }

  @Test func twoColumnsReadOneAfterTheOtherJoinASentenceBrokenBetweenThem() {
    // Poppler's order: the left column, then the right one, which starts higher up again.
    let left = ReflowPage.column(
      ["The left column's last", "sentence goes on in"], x: 0.08, top: 0.8)
    let right = ReflowPage.column(
      ["the right column, whose", "lines start at the top."], x: 0.55, top: 0.1)
    let lines: [Line?] =
      left + [nil] + right + [nil, Line("A new paragraph there.", x: 0.55, top: 0.2)]
    let blocks = ReflowPage.blocks(lines)
    #expect(
      ReflowPage.texts(blocks, .paragraph) == [
        "The left column's last sentence goes on in the right column, whose lines start at the top.",
        "A new paragraph there.",
      ])
  }

  @Test func aPageWithoutWordsIsAPictureOfTheWholePage() {
    let blocks = PageReflow.blocks(
      of: PageWords(.empty), at: PageIndex(4), label: "v", context: ReflowContext())
    #expect(blocks.map(\.kind) == [.pageStart, .region(.page)])
    #expect(blocks.first?.text == "v")
  }

  @Test func controlCharactersAndLigaturesAreCleanedOut() {
    let blocks = ReflowPage.blocks([Line("e\u{1B}[31mﬁnd the ﬂow", top: 0.1)])
    #expect(ReflowPage.texts(blocks, .paragraph) == ["e[31mfind the flow"])
  }

  @Test func aSectionNumberSetApartOnTheHeadingsBaselineJoinsIt() {
    // TeX's "1  Lighthouses": two lines of the text layer on one baseline, at the top.
    var lines: [Line?] = [
      Line("1", x: 0.1, top: 0.05, height: 0.016, advance: 0.012),
      Line("Lighthouses", x: 0.14, top: 0.05, height: 0.016, advance: 0.012),
    ]
    lines += ReflowPage.column(
      ["A lighthouse is a tower built to carry a light at a height", "from which ships see it."],
      top: 0.09)
    let blocks = ReflowPage.blocks(lines)
    #expect(ReflowPage.texts(blocks, .heading(level: 1)) == ["1 Lighthouses"])
  }

  @Test func aLineOfMathematicsAtTheColumnsEdgeEndsItsParagraphsSentence() {
    let lines = ReflowPage.column(
      [
        "Such a sequence has a limit x when for every neighbourhood U there is",
        "an n0 with xn ∈ U for all",
        "n ≥ n0 .",
      ], top: 0.1)
    let blocks = ReflowPage.blocks(lines)
    #expect(blocks.map(\.kind) == [.pageStart, .paragraph])
    #expect(blocks.last?.text.hasSuffix("for all n ≥ n0 .") == true)
  }

  @Test func chineseAndJapaneseLinesJoinWithoutASpace() {
    let lines = ReflowPage.column(["日本語の文章は行の", "どこでも折り返す。"], top: 0.1)
    #expect(ReflowPage.texts(ReflowPage.blocks(lines), .paragraph) == ["日本語の文章は行のどこでも折り返す。"])
  }

  @Test func eachEntryOfATableOfContentsIsAParagraphOfItsOwn() {
    let lines = ReflowPage.column(
      [
        "2.1. Two-sided layout with the box construction of the classical nine-part",
        "division, after subtracting a binding correction . . . . . . . . . . 30",
        "3.1. Parameters that control the footnote layout . . . . . . . . . . . 91",
        "3.2. Example: A rectangle . . . . . . . . . . . . . . . . . . . . . . . xii",
      ], top: 0.1)
    #expect(
      ReflowPage.texts(ReflowPage.blocks(lines), .paragraph).map { $0.prefix(4) } == [
        "2.1.", "3.1.", "3.2.",
      ])
  }

  @Test func dotLeadersReadAsOneEllipsis() {
    let lines = ReflowPage.column(
      [
        "3.1. Parameters that control the footnote layout . . . . . . . . . . . 91",
        "3.2. Dots written as one word .................. 92",
        "A sentence ends here. . . and two dots .. stay.",
      ], top: 0.1)
    let texts = ReflowPage.texts(ReflowPage.blocks(lines), .paragraph)
    #expect(texts.first == "3.1. Parameters that control the footnote layout … 91")
    #expect(texts.dropFirst().first == "3.2. Dots written as one word … 92")
    // Three dots apart read as leaders too; two dots do not.
    #expect(texts.last?.hasSuffix("and two dots .. stay.") == true)
  }

  @Test func aShortLineEndingASentenceAtAColumnsFootEndsItsParagraph() {
    // No gap in the text layer between the columns: the short last line alone tells.
    let left = ReflowPage.column(
      ["The left column's paragraph runs on", "to the foot, where it ends."], x: 0.08, top: 0.8)
    let right = ReflowPage.column(
      ["A new paragraph opens the right one", "and goes on to its second line."], x: 0.55,
      top: 0.1)
    #expect(ReflowPage.texts(ReflowPage.blocks(left + right), .paragraph).count == 2)
  }

  @Test func anIndentedFirstLineAtAColumnsTopAfterASentencesEndStartsAParagraph() {
    let left = ReflowPage.column(
      ["The left column's paragraph runs on to", "the column's foot, filling its line."],
      x: 0.08, top: 0.8)
    let right =
      [ReflowPage.Line("  A new paragraph opens the right", x: 0.55, top: 0.1)]
      + ReflowPage.column(["column, and goes on to its second line."], x: 0.55, top: 0.116)
    #expect(ReflowPage.texts(ReflowPage.blocks(left + right), .paragraph).count == 2)
  }
}
