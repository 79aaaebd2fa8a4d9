import FolioCore
import FolioUI
import Testing

/// Two columns Poppler reads as one line at a time (a narrow gutter): put back column by
/// column, the lines across both columns keeping their place; a one-column page untouched.
@Suite("Column order")
struct ColumnOrderTests {
  @Test func linesReadAcrossANarrowGutterArePutBackColumnByColumn() {
    let page = PeekTests.twoColumns([
      ([("A Title Across", x: 0.35)], top: 0.05),
      ([("left one", x: 0.1), ("right one", x: 0.52)], top: 0.10),
      ([("left two", x: 0.1), ("right two", x: 0.52)], top: 0.12),
      ([("left three", x: 0.1), ("right three", x: 0.52)], top: 0.14),
      ([("left four sig-", x: 0.1), ("nal right four", x: 0.52)], top: 0.16),
      ([("A figure caption across both columns", x: 0.2)], top: 0.50),
      ([("left five", x: 0.1), ("right five", x: 0.52)], top: 0.60),
      ([("left six", x: 0.1), ("right six", x: 0.52)], top: 0.62),
    ])
    let ordered = ColumnOrder.reading(page)
    #expect(
      ordered.text.split(separator: "\n") == [
        "A Title Across", "left one", "left two", "left three", "left four sig-", "right one",
        "right two", "right three", "nal right four", "A figure caption across both columns",
        "left five", "left six", "right five", "right six",
      ])
    #expect(ordered.boxes.count == ordered.text.unicodeScalars.count)
    // Every character keeps its box: "right one"'s first letter, here and in the page.
    func offset(of word: String, in text: PageText) -> Int? {
      text.text.range(of: word).map {
        text.text.unicodeScalars.distance(
          from: text.text.unicodeScalars.startIndex, to: $0.lowerBound)
      }
    }
    let here = offset(of: "right one", in: ordered)
    let there = offset(of: "right one", in: page)
    #expect(here != nil && there != nil)
    #expect(here.map { ordered.boxes[$0] } == there.map { page.boxes[$0] })
  }

  @Test func aPageWithoutAGutterIsGivenBackAsItIs() {
    let page = TextSelectionTests.pageText()
    #expect(ColumnOrder.reading(page).text == page.text)
  }
}
