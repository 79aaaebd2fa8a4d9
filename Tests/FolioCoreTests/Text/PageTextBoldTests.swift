import FolioCore
import Testing

/// A page's bold runs: kept within the text, in order and apart; a range is bold when most of
/// its characters are.
@Suite("Page text: bold runs")
struct PageTextBoldTests {
  @Test func runsAreClampedSortedAndMerged() {
    let text = PageText(
      text: "Bold and plain words", boxes: [],
      bold: [15..<40, 0..<4, 3..<6, 9..<9, -2..<1])
    #expect(text.bold == [0..<6, 15..<20])
  }

  @Test func aRangeIsBoldWhenMostOfItIs() {
    let text = PageText(text: "Bold and plain words", boxes: [], bold: [0..<4, 15..<20])
    #expect(text.isBold(0..<4))
    #expect(text.isBold(1..<3))
    #expect(!text.isBold(0..<8))
    #expect(text.isBold(2..<5))
    #expect(!text.isBold(9..<14))
    #expect(text.isBold(15..<20))
    #expect(!text.isBold(4..<4))
    #expect(!PageText(text: "plain", boxes: []).isBold(0..<5))
  }
}
