import FolioCore
import FolioUI
import Testing

/// The filter: matches under their ancestors, siblings ranked by their best match, smart case.
@Suite("Outline filter")
struct OutlineFilterTests {
  let index = SampleOutline.index

  func titles(_ filter: OutlineFilter) -> [String] {
    filter.rows.map { (($0.match == nil) ? "(" : "") + index.titles[$0.entry] }
  }

  @Test func matchesAreListedUnderTheirAncestorsKeptForContext() {
    let filter = OutlineFilter(index, query: "samp")
    #expect(titles(filter) == ["(Part II: Practice", "(Chapter 3 Methods", "3.1 Sampling"])
    #expect(filter.matchCount == 1)
    #expect(filter.firstMatchRow == 2)
    #expect(filter.rows[2].match?.positions == [4, 5, 6, 7])
    #expect(filter.row(of: 8) == 2 && filter.row(of: 5) == nil)
    #expect(filter.row(showing: 8, in: index) == 2)
    // Not listed: its nearest listed ancestor, else nothing.
    #expect(OutlineFilter(index, query: "methods").row(showing: 8, in: index) == 1)
    #expect(filter.row(showing: 12, in: index) == nil)
  }

  @Test func siblingsAreRankedByTheBestMatchInTheirSubtrees() {
    // "ch" starts the four chapters (50 each) and nothing else: equal scores go to the
    // shorter title, then document order; each part follows its best chapter.
    let filter = OutlineFilter(index, query: "ch")
    #expect(
      titles(filter) == [
        "(Part II: Practice", "Chapter 3 Methods", "Chapter 4 Results",
        "(Part I: Foundations", "Chapter 2 Background", "Chapter 1 Introduction",
      ])
    #expect(filter.matchCount == 4)
    #expect(filter.firstMatchRow == 1)
    // The best match comes first even when it is late in the document.
    let tables = OutlineFilter(index, query: "ta")
    #expect(titles(tables).prefix(2) == ["(Appendix", "A. Tables"])
    #expect(tables.firstMatchRow == 1)
  }

  @Test func aMatchingParentKeepsOnlyItsMatchingChildren() {
    // Both parts match (98 each, the shorter first); none of their chapters does.
    let filter = OutlineFilter(index, query: "part")
    #expect(titles(filter) == ["Part II: Practice", "Part I: Foundations"])
    #expect(filter.rows.map { $0.match?.score } == [98, 98])
    // A match under a matching parent stays under it.
    let practice = OutlineFilter(index, query: "pr")
    #expect(titles(practice).contains("Part II: Practice"))
    #expect(practice.rows.allSatisfy { $0.match != nil })
  }

  @Test func typingOnNarrowsTheLastFilterToTheSameRows() {
    let index = OutlineIndex(OutlineTreeTests.book(parts: 10, chapters: 10, sections: 20))
    var previous: OutlineFilter?
    for query in ["s", "se", "sec", "sec9", "sec9.9", "Sec9.9"] {
      let narrowed = OutlineFilter(index, query: query, narrowing: previous)
      let whole = OutlineFilter(index, query: query)
      #expect(narrowed.rows == whole.rows, "\(query)")
      #expect(narrowed.matchedEntries == whole.matchedEntries)
      previous = narrowed
    }
    // A query that does not extend the last one starts again.
    let other = OutlineFilter(index, query: "part", narrowing: previous)
    #expect(other.matchCount == 10)
  }

  @Test func smartCaseAppliesToTheFilter() {
    #expect(OutlineFilter(index, query: "index").matchCount == 1)
    #expect(OutlineFilter(index, query: "Index").matchCount == 1)
    #expect(OutlineFilter(index, query: "INDEX").matchCount == 0)
    #expect(OutlineFilter(index, query: "zzz").rows.isEmpty)
  }
}
