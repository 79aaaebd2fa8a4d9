/// Running heads and feet: the words a page's text starts or ends with that a nearby page's
/// text starts or ends with too, numbers aside ("12 The microtype package", "Page 7 of 40").
/// A line of context around a hit stays inside the page's body, as a reader sees it.
public enum RunningText {
  /// The most words a running head or foot is taken to have.
  public static let longest = 16
  /// How far the pages compared with are: two on each side (heads alternate on facing pages).
  static let reach = 2

  /// The byte range of page `page`'s text (from `texts`, nil for a page without) between its
  /// running head and foot; the whole text when nothing repeats, or when everything does.
  public static func body(
    ofPage page: Int, pageCount: Int, texts: (Int) -> SearchableText?
  ) -> Range<Int> {
    guard (0..<pageCount).contains(page), let text = texts(page) else {
      return 0..<(texts(page)?.utf8.count ?? 0)
    }
    let whole = 0..<text.utf8.count
    let words = Words(text)
    guard !words.ranges.isEmpty else { return whole }
    var head = 0
    var foot = 0
    for other in max(0, page - reach)...min(pageCount - 1, page + reach) where other != page {
      guard let neighbor = texts(other) else { continue }
      let theirs = Words(neighbor)
      head = max(head, words.sharedCount(with: theirs, fromEnd: false))
      foot = max(foot, words.sharedCount(with: theirs, fromEnd: true))
    }
    guard head + foot < words.ranges.count else { return whole }
    let start = head == 0 ? 0 : words.ranges[head].lowerBound
    let end = foot == 0 ? whole.upperBound : words.ranges[words.ranges.count - 1 - foot].upperBound
    return start..<end
  }

  /// A page's words as byte ranges, and the shapes of the first and last `longest`: a word's
  /// bytes with every run of digits one `#`.
  struct Words {
    var ranges: [Range<Int>] = []
    /// The first words' shapes, from the start.
    var heads: [[UInt8]] = []
    /// The last words' shapes, from the end.
    var feet: [[UInt8]] = []

    /// The words of `text`'s own part (its annotations' notes left out).
    init(_ text: SearchableText) {
      let bytes = text.utf8
      let end = text.ownTextEnd
      var start: Int?
      for index in 0...end {
        let isSpace = index == end || bytes[index] == 0x20
        if isSpace, let begun = start {
          ranges.append(begun..<index)
          start = nil
        } else if !isSpace, start == nil {
          start = index
        }
      }
      func shape(_ range: Range<Int>) -> [UInt8] {
        var shape: [UInt8] = []
        for byte in bytes[range] {
          let isDigit = (0x30...0x39).contains(byte)
          if isDigit, shape.last == 0x23 { continue }
          shape.append(isDigit ? 0x23 : byte)
        }
        return shape
      }
      heads = ranges.prefix(RunningText.longest).map(shape)
      feet = ranges.reversed().prefix(RunningText.longest).map(shape)
    }

    /// How many words from the start (or the end) have the shapes of `other`'s.
    func sharedCount(with other: Words, fromEnd: Bool) -> Int {
      let (mine, theirs) = fromEnd ? (feet, other.feet) : (heads, other.heads)
      return zip(mine, theirs).prefix { $0 == $1 }.count
    }
  }
}
