import FolioCore

/// One block of the reading view: a page's start, a heading, a paragraph, or a region of the
/// page shown as a picture rather than as text (a figure, a table, lines dense with
/// mathematics). Every block keeps its source: the page, the words of the page it was made
/// from (indexes into that page's `PageWords`), and for text, which words each part of its
/// text came from, so search hits, marks and selections map both ways.
public struct ReadingBlock: Hashable, Sendable {
  /// What a block is.
  public enum Kind: Hashable, Sendable {
    /// Where a page begins; the block's text is the page's label (its number without one).
    case pageStart
    /// A heading, level 1 the largest.
    case heading(level: Int)
    /// A paragraph of running text.
    case paragraph
    /// Lines set one under another as the page sets them (a code listing, a list of short
    /// entries): shown a line each, not reflowed; the block's text is its lines apart by line
    /// feeds.
    case lines
    /// A part of the page to show as a picture; the block's text is its lines' text.
    case region(RegionKind)
  }

  /// What a region of the page holds, as far as the text's geometry tells.
  public enum RegionKind: String, Hashable, Sendable {
    /// Short lines scattered over an area (the labels of a figure or a diagram).
    case figure
    /// Lines mostly of digits (the rows of a table of numbers).
    case table
    /// Lines mostly of mathematical symbols, Greek letters and digits (display equations).
    case mathematics
    /// A page without text (a scan): the whole page.
    case page
  }

  /// Where a run of the block's text came from: `text` is a range of its Unicode scalars
  /// (offsets from 0) and `word` the index of the word in the page's `PageWords`. A word
  /// hyphenated across lines is two spans, one for each part, side by side in the text.
  public struct Span: Hashable, Sendable {
    /// The scalars of the block's text, as offsets.
    public var text: Range<Int>
    /// The word of the page they came from.
    public var word: Int

    /// Creates a span.
    public init(text: Range<Int>, word: Int) {
      self.text = text
      self.word = word
    }
  }

  /// What the block is.
  public var kind: Kind
  /// The page it comes from.
  public var page: PageIndex
  /// Its text: one line, words apart by single spaces, control characters out, ligatures as
  /// letters, words hyphenated at a line's end joined. The label for a page start; for a
  /// region, its lines as the page has them, apart by line feeds (empty for a `.page`).
  public var text: String
  /// The parts of `text` and the words they came from, in order (empty for a page start).
  public var spans: [Span]
  /// The words of the page the block covers (for a region, the words inside it; empty for a
  /// page start).
  public var words: Range<Int>
  /// Where the block is on its page, as fractions of the page (the whole page for a page
  /// start): a region's crop.
  public var box: PageRegion

  /// Creates a block.
  public init(
    kind: Kind, page: PageIndex, text: String, spans: [Span] = [], words: Range<Int> = 0..<0,
    box: PageRegion
  ) {
    self.kind = kind
    self.page = page
    self.text = text
    self.spans = spans
    self.words = words
    self.box = box
  }

  /// The word the scalar at `offset` of the text came from; nil for the spaces between words
  /// and offsets outside the text. O(log spans).
  public func word(atOffset offset: Int) -> Int? {
    var low = 0
    var high = spans.count
    while low < high {
      let middle = (low + high) / 2
      if spans[middle].text.upperBound <= offset {
        low = middle + 1
      } else {
        high = middle
      }
    }
    guard low < spans.count, spans[low].text.contains(offset) else { return nil }
    return spans[low].word
  }

  /// The offsets of the text that came from `word` (both parts of a hyphenated word); nil when
  /// the word is not in the block's text.
  public func textRange(ofWord word: Int) -> Range<Int>? {
    let parts = spans.filter { $0.word == word }
    guard let first = parts.first, let last = parts.last else { return nil }
    return first.text.lowerBound..<last.text.upperBound
  }
}
