import FolioCore
import FolioUI
import Testing

/// Running heads, page numbers and footers learned from neighbouring pages and left out.
@Suite("Running lines")
struct RunningLinesTests {
  typealias Line = ReflowPage.Line

  /// Page `number` of a journal: a running head at the top, a footer and the page number at
  /// the bottom, and a paragraph between.
  static func page(_ number: Int) -> PageWords {
    var lines: [Line?] = [
      Line("Journal of Terminal Reading, vol. 3 (2026) \(100 + number)", top: 0.04), nil,
    ]
    lines += ReflowPage.column(
      [
        "Page \(number) has body text that differs from one page to the",
        "next, about reading paper number \(number * 7) in a narrow pane.",
      ], top: 0.15)
    lines += [
      nil, Line("Preprint: do not cite", top: 0.92), nil, Line("\(number)", x: 0.5, top: 0.95),
    ]
    return ReflowPage.words(lines)
  }

  @Test func linesRepeatedAtTheSamePlaceAcrossPagesAreLeftOut() {
    let pages = (1...3).map(Self.page)
    let context = ReflowContext.learn(from: pages)
    let blocks = PageReflow.blocks(
      of: pages[1], at: PageIndex(1), label: nil, context: context)
    #expect(
      blocks.map(\.text) == [
        "2",
        "Page 2 has body text that differs from one page to the next, about reading paper number 14 in a narrow pane.",
      ])
  }

  @Test func aPageAloneLosesOnlyItsLonePageNumber() {
    let blocks = PageReflow.blocks(
      of: Self.page(2), at: PageIndex(1), label: nil, context: ReflowContext())
    let texts = blocks.map(\.text)
    #expect(texts.contains("Journal of Terminal Reading, vol. 3 (2026) 102"))
    #expect(texts.contains("Preprint: do not cite"))
    #expect(!texts.dropFirst().contains("2"))
  }

  @Test func aLineRepeatedAtAnotherHeightIsKept() {
    // The same words as the head, but in the middle of the next page: text, not a head.
    let moved = ReflowPage.words(
      [Line("Journal of Terminal Reading, vol. 3 (2026) 102", top: 0.5)])
    let context = ReflowContext.learn(from: [Self.page(1), moved])
    let blocks = PageReflow.blocks(of: moved, at: PageIndex(1), label: nil, context: context)
    #expect(blocks.map(\.text).contains("Journal of Terminal Reading, vol. 3 (2026) 102"))
  }

  @Test func aPageNumberAboveTheBottomBandIsLeftOutWhenItIsTheLowestLine() {
    // TeX sets the number of a small page well above the band: the lowest line, alone.
    var lines: [Line?] = ReflowPage.column(
      ["Body text of a small page, in one paragraph of two", "lines of the column."],
      top: 0.2)
    lines += [nil, Line("7", x: 0.5, top: 0.84)]
    let blocks = PageReflow.blocks(
      of: ReflowPage.words(lines), at: PageIndex(6), label: nil, context: ReflowContext())
    #expect(
      blocks.map(\.text) == [
        "7", "Body text of a small page, in one paragraph of two lines of the column.",
      ])
  }

  @Test func aLargerLineRepeatedAtTheTopIsAHeadingNotAHead() {
    // Each page opens a section at the same height: larger than the text, so kept.
    let pages = (1...2).map { number in
      ReflowPage.words(
        [Line("\(number) Section", top: 0.08, height: 0.02, advance: 0.014), nil]
          + ReflowPage.column(["Text of the section, the same size as on any page."], top: 0.15))
    }
    let blocks = PageReflow.blocks(
      of: pages[1], at: PageIndex(1), label: nil, context: ReflowContext.learn(from: pages))
    #expect(ReflowPage.texts(blocks, .heading(level: 1)) == ["2 Section"])
  }
}
