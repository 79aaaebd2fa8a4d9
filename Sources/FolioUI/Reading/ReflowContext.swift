import FolioCore

/// What reflowing a page learns from its neighbours: the lines running across them (heads,
/// page numbers, footers) and the hyphenated compounds their text spells unbroken ("well-known"
/// in the middle of a line), which keep their hyphen when a line break falls after it. A pure
/// function of a window of pages.
public struct ReflowContext: Sendable {
  /// The running heads, page numbers and footers of the window.
  public var running: RunningLines
  /// Compounds written with a hyphen inside a line, lowercased, without the punctuation
  /// around them.
  public var compounds: Set<String>
  /// The first word of the next page's running text, when the page's last word is hyphenated
  /// at its end and this word is the rest of it (`noteNeighbours`): joined to it here.
  public var continuation: String?
  /// Whether the page's first word of running text is the rest of a word the page before
  /// hyphenated at its end (`noteNeighbours`): shown there, left out here.
  public var continuesPrevious = false
  /// The headings the document's structure tree marks on the page (a tagged PDF's): their
  /// lines are headings at their level, whatever their size.
  public var taggedHeadings: [TaggedHeading] = []

  /// A context that knows nothing of other pages.
  public init(running: RunningLines = RunningLines(), compounds: Set<String> = []) {
    self.running = running
    self.compounds = compounds
  }

  /// What `pages` (the page being reflowed and its neighbours) teach. O(words).
  public static func learn(from pages: [PageWords]) -> ReflowContext {
    var compounds: Set<String> = []
    for page in pages {
      let scalars = Array(page.text.text.unicodeScalars)
      for word in page.words {
        let range = word.scalars.clamped(to: 0..<scalars.count)
        guard scalars[range].contains("-") else { continue }
        let text = trimmed(String(String.UnicodeScalarView(scalars[range])))
        // A hyphen with letters on both sides: a compound written whole.
        if text.contains("-"), text.first?.isLetter == true, text.last?.isLetter == true {
          compounds.insert(text.lowercased())
        }
      }
    }
    return ReflowContext(running: RunningLines.learn(from: pages), compounds: compounds)
  }

  /// The context of page `page` from the words of the pages around it (`pages`: page − 2 …
  /// page + 2, where read): what they teach, how the page goes on across its breaks
  /// (`noteBreaks`), and `headings`, the structure tree's on the page.
  public static func around(
    _ page: Int, in pages: [Int: PageWords], headings: [TaggedHeading] = []
  ) -> ReflowContext {
    var context = learn(from: pages.keys.sorted().compactMap { pages[$0] })
    context.noteBreaks(around: page, in: pages)
    context.taggedHeadings = headings
    return context
  }

  /// Notes how page `page` goes on from the page before and into the next, from `pages`
  /// (the words of the pages around it, page − 2 … page + 2 where the document has them): a
  /// word hyphenated at the end of one page's running text and finished at the start of the
  /// next is joined on the first page. Each page break is judged from the four pages around
  /// it, so the two pages always agree; only full lines of body-sized text join (not a
  /// footnote's, a label's or a listing's), and only a hyphen joins (`BlockText.join`).
  /// O(words of the pages).
  public mutating func noteBreaks(around page: Int, in pages: [Int: PageWords]) {
    continuation = Self.rest(after: page, in: pages)
    continuesPrevious = Self.rest(after: page - 1, in: pages) != nil
  }

  /// The first word of page `page + 1` when it finishes page `page`'s last word; nil else.
  static func rest(after page: Int, in pages: [Int: PageWords]) -> String? {
    guard let before = pages[page], let after = pages[page + 1] else { return nil }
    let window = (page - 1...page + 2).compactMap { pages[$0] }
    let running = RunningLines.learn(from: window)
    func body(_ words: PageWords) -> [PageLine] {
      let lines = PageLine.lines(of: words)
      let kept = zip(lines, running.running(lines)).filter { !$0.1 }.map(\.0)
      // Full lines of the body's size only.
      let heights = kept.map(\.height).filter { $0 > 0 }.sorted()
      let body = heights.isEmpty ? 0 : heights[heights.count / 2]
      return kept.filter { $0.texts.count(where: { !$0.isEmpty }) >= 4 && $0.height >= body * 0.85 }
    }
    let compounds = learn(from: window).compounds
    guard let word = body(before).last?.texts.last(where: { !$0.isEmpty }),
      let rest = body(after).first?.texts.first(where: { !$0.isEmpty }),
      [.dropHyphen, .keepHyphen].contains(BlockText.join(word, before: rest, compounds: compounds))
    else { return nil }
    return rest
  }

  /// `word` without the punctuation before and after it.
  static func trimmed(_ word: String) -> String {
    String(
      word.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }
        .reversed())
  }
}
