import FolioCore

/// A line of context around a hit, for a list of hits: some text before it, the matched text,
/// some text after it, cut at word boundaries where one is near. Untrusted text, normalized
/// (see `SearchableText`): sanitize it before it reaches a terminal.
public struct HitContext: Hashable, Sendable {
  /// Text before the match (starting at a word where possible).
  public var before: String
  /// The matched text.
  public var match: String
  /// Text after the match (ending at a word where possible).
  public var after: String

  /// The context of the match at `range` of `text`, with up to `reach` bytes on each side, kept
  /// inside `body` (the page between its running head and foot) when the match is, and inside
  /// the page's own text or the note it is in (`NotesPartition`).
  public init(
    of range: Range<Int>, in text: SearchableText, reach: Int = 40, body: Range<Int>? = nil
  ) {
    let bytes = text.utf8
    let range = range.clamped(to: 0..<bytes.count)
    let whole =
      body.map { $0.clamped(to: 0..<bytes.count) }.flatMap {
        $0.lowerBound <= range.lowerBound && range.upperBound <= $0.upperBound ? $0 : nil
      } ?? 0..<bytes.count
    // Only the marks near the match matter (the context reaches no further): looking for them
    // in the whole page would cost the page's length for every hit.
    let margin = reach + NotesPartition.markBytes.count
    let near =
      max(
        whole.lowerBound, range.lowerBound - margin)..<min(
        whole.upperBound, range.upperBound + margin)
    let bounds = text.part(around: range, within: near)
    var start = max(bounds.lowerBound, range.lowerBound - reach)
    // Not inside a character, and from the start of a word when one begins nearby.
    while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    if start > bounds.lowerBound,
      let space = bytes[start..<range.lowerBound].firstIndex(of: 0x20)
    {
      start = space + 1
    }
    var end = min(bounds.upperBound, range.upperBound + reach)
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    if end < bounds.upperBound, let space = bytes[range.upperBound..<end].lastIndex(of: 0x20) {
      end = space
    }
    before = text.text(in: start..<range.lowerBound)
    match = text.text(in: range)
    after = text.text(in: range.upperBound..<end)
  }

  /// The whole line.
  public var line: String { before + match + after }
}

/// The matches of one page.
public struct PageMatches: Hashable, Sendable {
  /// The page (0-based).
  public var page: Int
  /// The byte ranges of its searchable text that match, in order.
  public var ranges: [Range<Int>]

  /// Creates a page's matches.
  public init(page: Int, ranges: [Range<Int>]) {
    self.page = page
    self.ranges = ranges
  }
}

extension TextMatcher {
  /// The matches of every page that has text, in page order (pages without matches left out).
  public mutating func matches(inPages pages: [SearchableText?]) -> [PageMatches] {
    pages.indices.compactMap { page in
      guard let text = pages[page] else { return nil }
      let ranges = matches(in: text)
      return ranges.isEmpty ? nil : PageMatches(page: page, ranges: ranges)
    }
  }
}
