import FolioCore
import Testing

@testable import FolioSearch

/// A page's text and its annotations' notes, parted by `NotesPartition.mark` as the shelf's
/// search reads them: a match never spans page text and a note, or two notes, and a line of
/// context shows only the part its hit is in.
@Suite("Notes partition")
struct NotesPartitionTests {
  static let page = NotesPartition.joining(
    "the last words of the page", notes: ["a zeppelin in a note", "another note"])

  @Test func aMatchNeverSpansPageTextAndANote() {
    #expect(MatcherTests.found("zeppelin", in: Self.page) == ["zeppelin"])
    #expect(MatcherTests.count("page a zeppelin", in: Self.page) == 0)
    // Even a query holding the partition itself.
    let spanning = "page" + String(NotesPartition.mark) + "a zeppelin"
    #expect(MatcherTests.count(spanning, in: Self.page) == 0)
    #expect(
      MatcherTests.count("note" + String(NotesPartition.mark) + "another", in: Self.page) == 0)
  }

  @Test func aLineOfContextStaysInItsPart() throws {
    let text = SearchableText(normalizing: Self.page)
    var matcher = TextMatcher(TextQuery("zeppelin"))
    let hit = try #require(matcher.matches(in: text).first)
    let context = HitContext(of: hit, in: text, reach: 40)
    #expect(context.line == "a zeppelin in a note")
    var inPage = TextMatcher(TextQuery("page"))
    let pageHit = try #require(inPage.matches(in: text).first)
    #expect(HitContext(of: pageHit, in: text, reach: 40).line == "the last words of the page")
  }

  @Test func aPartitionInTheTextItselfReadsAsASpace() {
    let joined = NotesPartition.joining(
      "odd\u{FFFC}page", notes: ["odd\u{FFFC}note"])
    #expect(joined == "odd page\u{FFFC}odd note")
    #expect(NotesPartition.joining("plain", notes: []) == "plain")
  }

  @Test func runningHeadsAndFeetAreTheirPagesOwnWords() {
    // Three pages with the same foot; the middle one has a note after it.
    let pages = [
      "alpha one here Chapter 7 foot",
      NotesPartition.joining("beta two there Chapter 8 foot", notes: ["a note"]),
      "gamma three too Chapter 9 foot",
    ].map { SearchableText(normalizing: $0) }
    let body = RunningText.body(ofPage: 1, pageCount: 3) { pages[$0] }
    #expect(pages[1].text(in: body) == "beta two there")
  }
}
