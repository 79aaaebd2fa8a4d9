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

  /// Notes how the page goes on from `previous` and into `next` (its neighbours, nil at the
  /// document's ends): a word hyphenated at the last line of one page and finished on the
  /// next is joined on the first page (`BlockText.join` decides, as within a page). O(words
  /// of both).
  public mutating func noteNeighbours(previous: PageWords?, next: PageWords?, of page: PageWords) {
    func body(_ words: PageWords) -> [PageLine] {
      let lines = PageLine.lines(of: words)
      return zip(lines, running.running(lines)).filter { !$0.1 }.map(\.0)
    }
    func joins(_ last: [PageLine], _ first: [PageLine]) -> String? {
      guard let word = last.last?.texts.last(where: { !$0.isEmpty }),
        let rest = first.first?.texts.first(where: { !$0.isEmpty }),
        BlockText.join(word, before: rest, compounds: compounds) != .space
      else { return nil }
      return rest
    }
    let lines = body(page)
    continuation = next.flatMap { joins(lines, body($0)) }
    continuesPrevious = previous.flatMap { joins(body($0), lines) } != nil
  }

  /// `word` without the punctuation before and after it.
  static func trimmed(_ word: String) -> String {
    String(
      word.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }
        .reversed())
  }
}
