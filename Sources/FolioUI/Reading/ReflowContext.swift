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

  /// `word` without the punctuation before and after it.
  static func trimmed(_ word: String) -> String {
    String(
      word.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }
        .reversed())
  }
}
