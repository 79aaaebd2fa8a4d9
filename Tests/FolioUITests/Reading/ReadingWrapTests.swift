import FolioCore
import FolioUI
import Testing

/// Laying reading blocks out into terminal lines.
@Suite("Reading wrap")
struct ReadingWrapTests {
  let width = TextWidth.approximate

  func paragraph(_ text: String, page: Int = 0) -> ReadingBlock {
    ReadingBlock(
      kind: .paragraph, page: PageIndex(page), text: text,
      box: PageRegion(x: 0, y: 0, width: 1, height: 1))
  }

  /// A paragraph of `count` words "word1 word2 …".
  func words(_ count: Int) -> String {
    (1...count).map { "word\($0)" }.joined(separator: " ")
  }

  @Test func aWidePaneGetsAnEightyColumnMeasureCentred() {
    let lines = ReadingWrap.lines(of: [paragraph(words(60))], width: 120, textWidth: width)
    #expect(lines.allSatisfy { $0.indent == 20 })
    #expect(lines.allSatisfy { width.width(of: $0.content) <= 80 })
    #expect(lines.dropLast().allSatisfy { width.width(of: $0.content) > 70 })
    // Every word is shown once, in order.
    #expect(lines.map(\.content).joined(separator: " ") == words(60))
  }

  @Test func aFortyColumnPaneWrapsAtForty() {
    let lines = ReadingWrap.lines(of: [paragraph(words(30))], width: 40, textWidth: width)
    #expect(lines.allSatisfy { $0.indent == 0 && width.width(of: $0.content) <= 40 })
    #expect(lines.count > 5)
    // Each line's range of the block's text is what it shows.
    let text = words(30).unicodeScalars.map { $0 }
    for line in lines {
      #expect(String(String.UnicodeScalarView(text[line.text])) == line.content)
    }
  }

  @Test func wideCharactersTakeTwoColumns() {
    // Ten words of four CJK characters: 8 columns each, so four words to a 40-column line.
    let text = Array(repeating: "日本語文", count: 10).joined(separator: " ")
    let lines = ReadingWrap.lines(of: [paragraph(text)], width: 40, textWidth: width)
    #expect(lines.map { width.width(of: $0.content) } == [35, 35, 17])
  }

  @Test func aWordWiderThanTheMeasureIsCut() {
    let lines = ReadingWrap.lines(
      of: [paragraph("short " + String(repeating: "x", count: 25))], width: 10,
      textWidth: width)
    #expect(lines.map(\.content) == ["short", "xxxxxxxxxx", "xxxxxxxxxx", "xxxxx"])
  }

  @Test func pageStartsHeadingsAndRegionsHaveTheirOwnLines() {
    let blocks = [
      ReadingBlock(
        kind: .pageStart, page: PageIndex(2), text: "iii",
        box: PageRegion(x: 0, y: 0, width: 1, height: 1)),
      ReadingBlock(
        kind: .heading(level: 1), page: PageIndex(2), text: "Introduction",
        box: PageRegion(x: 0, y: 0, width: 1, height: 1)),
      ReadingBlock(
        kind: .region(.figure), page: PageIndex(2), text: "",
        box: PageRegion(x: 0, y: 0, width: 1, height: 1)),
      paragraph("Text.", page: 2),
    ]
    let lines = ReadingWrap.lines(of: blocks, width: 30, textWidth: width)
    #expect(
      lines.map(\.content) == [
        "── iii " + String(repeating: "─", count: 23), "", "Introduction", "",
        "[figure, p. 3]", "", "Text.",
      ])
    #expect(
      lines.map(\.style) == [
        .pageStart, .blank, .heading(level: 1), .blank, .region, .blank, .body,
      ])
    #expect(lines.map(\.block) == [0, 0, 1, 1, 2, 2, 3])
  }
}
