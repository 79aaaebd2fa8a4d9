import FolioSearch
import Testing

/// Running heads and feet found by comparing a page's first and last words with its
/// neighbours', numbers aside; a hit's context kept between them.
@Suite("Running text")
struct RunningTextTests {
  let pages = [
    "Folio manual 1 Opening words of the book. Set in Serif 1",
    "2 Chapter 2: Tools Tools are described here in full. Set in Serif 2",
    "Folio manual 3 The tools need a config file. Set in Serif 3",
    "4 Chapter 2: Tools Nothing to see. Set in Serif 4",
  ].map { SearchableText(normalizing: $0) }

  func body(_ page: Int, of pages: [SearchableText]) -> String {
    let range = RunningText.body(ofPage: page, pageCount: pages.count) { pages[$0] }
    return pages[page].text(in: range)
  }

  @Test func headsAlternateAndFeetRepeatWithTheirNumbers() {
    #expect(body(0, of: pages) == "Opening words of the book.")
    #expect(body(1, of: pages) == "Tools are described here in full.")
    #expect(body(2, of: pages) == "The tools need a config file.")
    #expect(body(3, of: pages) == "Nothing to see.")
  }

  @Test func pagesAllAlikeOrAloneAreWhole() {
    let same = Array(repeating: SearchableText(normalizing: "page 3 of 4"), count: 3)
    #expect(body(1, of: same) == "page 3 of 4")
    let alone = [SearchableText(normalizing: "Only one page here")]
    #expect(body(0, of: alone) == "Only one page here")
  }

  @Test func contextStaysInTheBodyUnlessTheHitIsOutsideIt() {
    let text = pages[2]
    let range = RunningText.body(ofPage: 2, pageCount: pages.count) { pages[$0] }
    var matcher = TextMatcher(TextQuery("tools"))
    let hit = try! #require(matcher.matches(in: text).first)
    #expect(HitContext(of: hit, in: text, body: range).line == "The tools need a config file.")
    var inHead = TextMatcher(TextQuery("manual"))
    let head = try! #require(inHead.matches(in: text).first)
    #expect(HitContext(of: head, in: text, body: range).line.hasPrefix("Folio manual 3 The tools"))
  }
}
