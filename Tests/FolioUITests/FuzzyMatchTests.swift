import FolioUI
import Testing

/// The outline filter's fuzzy matcher: subsequences, the score's formula and so the ranking,
/// smart case, matched positions, Unicode, the empty query.
@Suite("Fuzzy match")
struct FuzzyMatchTests {
  func score(_ query: String, _ title: String) -> Int? { FuzzyMatch(query).match(title)?.score }

  func positions(_ query: String, _ title: String) -> [Int]? {
    FuzzyMatch(query).match(title)?.positions
  }

  @Test func aQueryMatchesTheTitlesThatHaveItsCharactersInOrder() {
    #expect(positions("ace", "abcde") == [0, 2, 4])
    #expect(positions("abc", "abc") == [0, 1, 2])
    #expect(positions("ba", "ab") == nil)
    #expect(positions("xyz", "abcde") == nil)
    #expect(positions("abcd", "abc") == nil)
    #expect(positions("aa", "a") == nil)
  }

  @Test func theEmptyQueryMatchesEverythingWithNothingMarked() {
    let matcher = FuzzyMatch("")
    #expect(matcher.isEmpty)
    #expect(matcher.match("anything") == FuzzyMatch.Result(score: 0, positions: [], length: 8))
    #expect(matcher.match("") == FuzzyMatch.Result(score: 0, positions: [], length: 0))
    #expect(FuzzyMatch("a").match("") == nil)
  }

  @Test func theScoreFollowsItsFormula() {
    // i starts the title (16 + 10), n t r o follow it (16 + 8 each).
    #expect(score("intro", "Introduction") == 26 + 4 * 24)
    // After "An ": a word start three characters in (26 - 3), then four in a row.
    #expect(score("intro", "An introduction") == 23 + 4 * 24)
    // i n t in a row (26 + 24 + 24), thirteen skipped (- 3 - 13) before the word "rooms"
    // (r: 16 + 10, o right after it: 24).
    #expect(score("intro", "Interior of the rooms") == 74 - 16 + 26 + 24)
    // The leading penalty stops at 12.
    #expect(score("x", "aaaaaaaaaaaaaaaaaaaa x") == 26 - 12)
    #expect(score("x", "aaaaa x") == 26 - 6)
  }

  @Test func runsWordStartsAndEarlyMatchesRankFirst() {
    let titles = ["Interior of the rooms", "Introduction", "An introduction", "in the rooms"]
    let ranked = titles.sorted { (score("intro", $0) ?? 0) > (score("intro", $1) ?? 0) }
    #expect(ranked == ["Introduction", "An introduction", "in the rooms", "Interior of the rooms"])
    // A run beats the same letters scattered.
    #expect(positions("ab", "axb ab") == [4, 5])
    // A word start beats the middle of a word.
    #expect(positions("b", "abc bcd") == [4])
    #expect((score("fb", "foo bar") ?? 0) > (score("fb", "fxxb") ?? 0))
    // Earlier is better, other things equal.
    #expect((score("ab", "x ab") ?? 0) > (score("ab", "xxxx ab") ?? 0))
  }

  @Test func wordsStartAfterSeparatorsAtCaseChangesAndBetweenLettersAndDigits() {
    #expect(positions("fb", "fooBar") == [0, 3])
    #expect(positions("s2", "section2") == [0, 7])
    #expect(score("b", "a-b") == 26 - 2)
    #expect(score("b", "ab") == 16 - 1)
    #expect(score("2", "a2") == 26 - 1)
  }

  @Test func smartCaseIgnoresCaseUnlessTheQueryHasACapital() {
    #expect(!FuzzyMatch("intro").isCaseSensitive)
    #expect(FuzzyMatch("Intro").isCaseSensitive)
    #expect(positions("intro", "INTRODUCTION") == [0, 1, 2, 3, 4])
    #expect(positions("Intro", "introduction") == nil)
    #expect(positions("Intro", "An Introduction") == [3, 4, 5, 6, 7])
    // Capitals in the query must match capitals; lower-case letters still only match themselves.
    #expect(positions("aB", "ab aB") == [3, 4])
    #expect(positions("über", "ÜBERBLICK") == [0, 1, 2, 3])
    #expect(positions("σ", "ΣΟΦΙΑ") == [0])
  }

  @Test func positionsCountCharactersNotScalarsOrBytes() {
    // A thumb with a skin tone is one character.
    #expect(positions("ab", "👍🏽ab") == [1, 2])
    // Wide characters.
    #expect(positions("本語", "日本語の本") == [1, 2])
    // Hebrew and Arabic: logical order.
    #expect(positions("של", "שלום") == [0, 1])
    #expect(positions("سل", "السلام") == [2, 3])
  }

  @Test func canonicallyEquivalentCharactersMatch() {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    #expect(positions(decomposed, composed) == [0, 1, 2, 3])
    #expect(positions(composed, decomposed) == [0, 1, 2, 3])
    // An accented letter is not its base letter, composed or not.
    #expect(positions("cafe", composed) == nil)
    #expect(positions("cafe", decomposed) == nil)
    #expect(positions("caf", decomposed) == [0, 1, 2])
    // The Kelvin sign is a K.
    #expect(positions("k", "\u{212A}elvin") == [0])
    #expect(positions("K", "\u{212A}elvin") == [0])
    #expect(positions("É", "CAF\u{C9}") == [3])
    #expect(positions("é", "CAF\u{C9}") == [3])
  }

  @Test func aLongTitleAndALongQueryStillFindTheBestAlignment() {
    let title = String(repeating: "ab", count: 200) + " needle in a haystack"
    #expect(positions("needle", title) == Array(401..<407))
    let query = String(repeating: "a", count: 64)
    #expect(positions(query, String(repeating: "a", count: 100))?.count == 64)
    #expect(positions(query, String(repeating: "a", count: 100))?.first == 0)
  }
}
