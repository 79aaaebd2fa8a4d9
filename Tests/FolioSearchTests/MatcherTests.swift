import Testing

@testable import FolioSearch

/// Normalization and matching: what a query finds in a page's text.
struct MatcherTests {
  /// The matched strings of `query` in `page`, in order.
  static func found(_ query: String, in page: String) -> [String] {
    let text = SearchableText(normalizing: page)
    var matcher = TextMatcher(TextQuery(query))
    return matcher.matches(in: text).map { text.text(in: $0) }
  }

  static func count(_ query: String, in page: String) -> Int { found(query, in: page).count }

  @Test func whitespaceRunsAndLineBreaksAreOneSpace() {
    let text = SearchableText(normalizing: "  one\t two\n\nthree   four \n")
    #expect(String(decoding: text.utf8, as: UTF8.self) == "one two three four")
    #expect(Self.count("two three", in: "one two\nthree") == 1)
    #expect(Self.count("two   three", in: "one two\n  three") == 1)
    #expect(Self.count("two three", in: "one twothree") == 0)
  }

  @Test func smartCase() {
    let page = "Poppler renders; poppler extracts; POPPLER shouts."
    #expect(Self.count("poppler", in: page) == 3)
    #expect(Self.found("Poppler", in: page) == ["Poppler"])
    #expect(Self.count("POPPLER", in: page) == 1)
    #expect(TextQuery("abc").isCaseSensitive == false)
    #expect(TextQuery("aBc").isCaseSensitive == true)
    // Beyond ASCII: Greek and German fold too.
    #expect(Self.count("σοφία", in: "ΣΟΦΊΑ and σοφία") == 2)
    #expect(Self.count("straße", in: "STRAẞE Straße") == 2)
  }

  @Test func compatibilityFormsMatchTheirPlainLetters() {
    // The ﬁ and ﬂ ligatures, full-width letters and digits, a no-break space, superscript two.
    #expect(Self.count("file", in: "a ﬁle here") == 1)
    #expect(Self.count("flow", in: "ﬂow") == 1)
    #expect(Self.count("folio 42", in: "ｆｏｌｉｏ\u{00A0}４２") == 1)
    #expect(Self.count("x2", in: "x²") == 1)
    // Composed and decomposed accents are the same text.
    #expect(Self.count("café", in: "cafe\u{301} au lait") == 1)
    #expect(Self.count("cafe\u{301}", in: "café") == 1)
    // A query with a ligature finds the plain letters too.
    #expect(Self.count("ﬁnd", in: "find") == 1)
  }

  @Test func hyphenatedWordsAcrossLinesMatchWhole() {
    let page = "the docu-\nment and the hyphen-\n  ated word, but well-known stays"
    #expect(Self.count("document", in: page) == 1)
    #expect(Self.count("hyphenated", in: page) == 1)
    #expect(Self.count("hyphen-ated", in: page) == 1)
    #expect(Self.count("well-known", in: page) == 1)
    #expect(Self.count("wellknown", in: page) == 0)
    // A dash between words, or before a number, is no hyphenation.
    #expect(Self.count("a b", in: "a -\nb") == 0)
    #expect(Self.count("pages 3-\n4", in: "pages 3-\n4") == 1)
    // A soft hyphen inside a word is invisible to searches.
    #expect(Self.count("encyclopedia", in: "encyclo\u{AD}pedia") == 1)
  }

  @Test func aMatchEndingInsideAFoldedCharacterTakesAllOfIt() {
    // "İ" folds to "i" and a combining dot: a query ending on its "i" takes the whole "İ".
    #expect(Self.found("çi", in: "ÇİX") == ["Çİ"])
  }

  @Test func controlCharactersAreDropped() {
    let text = SearchableText(normalizing: "bell\u{7}\u{1B}[31mred\u{0}")
    #expect(String(decoding: text.utf8, as: UTF8.self) == "bell[31mred")
  }

  @Test func matchesDoNotOverlapAndReadLeftToRight() {
    #expect(Self.count("aa", in: "aaaaa") == 2)
    #expect(Self.found("ab", in: "ab xab abab") == ["ab", "ab", "ab", "ab"])
    #expect(Self.count("", in: "anything") == 0)
    #expect(Self.count("   ", in: "anything") == 0)
    #expect(TextQuery(" \n").isEmpty)
  }

  @Test func rightToLeftAndCJKMatchInLogicalOrder() {
    // Text as the text layer gives it, in logical order.
    #expect(Self.count("שלום", in: "אמר שלום עולם") == 1)
    #expect(Self.count("مرحبا", in: "قال مرحبا بالعالم") == 1)
    // CJK without spaces between words, and a search inside a run of ideographs.
    #expect(Self.count("東京", in: "東京都と京都と東京") == 2)
    #expect(Self.count("京都", in: "東京都と京都と東京") == 2)
  }

  @Test func sourcesMapEveryByteToItsCharacter() {
    let page = "ﬁne docu-\nment é"
    let (text, sources) = SearchableText.normalizingWithSources(page)
    #expect(sources.count == text.utf8.count)
    var matcher = TextMatcher(TextQuery("document"))
    guard let range = matcher.matches(in: text).first else {
      Issue.record("no match")
      return
    }
    let scalars = Array(page.unicodeScalars)
    // The hit starts at the "d" of "docu" and its last byte comes from the "t" of "ment".
    #expect(scalars[Int(sources[range.lowerBound])] == "d")
    #expect(scalars[Int(sources[range.upperBound - 1])] == "t")
    // "ﬁ" is one scalar that became two bytes, both from it.
    #expect(sources[0] == 0 && sources[1] == 0)
  }

  @Test func contextIsCutAtWords() {
    let page =
      String(repeating: "lorem ipsum ", count: 10) + "needle"
      + String(
        repeating: " dolor sit", count: 10)
    let text = SearchableText(normalizing: page)
    var matcher = TextMatcher(TextQuery("needle"))
    let ranges = matcher.matches(in: text)
    #expect(ranges.count == 1)
    guard let range = ranges.first else { return }
    let context = HitContext(of: range, in: text, reach: 20)
    #expect(context.match == "needle")
    #expect(context.before.first.map { $0 == "l" || $0 == "i" } == true)
    #expect(context.before.hasSuffix(" "))
    #expect(context.after.hasPrefix(" "))
    #expect(context.line.count <= 6 + 2 * 20)
  }

  @Test func pagesWithoutMatchesAreLeftOut() {
    let pages: [SearchableText?] = [
      SearchableText(normalizing: "alpha beta"), nil, SearchableText(normalizing: "beta beta"),
      SearchableText(normalizing: "gamma"),
    ]
    var matcher = TextMatcher(TextQuery("beta"))
    let found = matcher.matches(inPages: pages)
    #expect(found.map(\.page) == [0, 2])
    #expect(found.map(\.ranges.count) == [1, 2])
  }
}
