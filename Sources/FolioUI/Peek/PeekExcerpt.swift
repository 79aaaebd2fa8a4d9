import FolioCore

/// What a peek shows of the place a link leads to: the paragraph there (a reference list's
/// entry, a figure's caption, the text after a heading), read from the target page's words.
/// Poppler's reading order may run a line of one column on into the line beside it (a caption
/// beside the other column's text): on a page with a gutter, only the words of the
/// destination's column are kept.
/// Pure; O(words of the page).
public enum PeekExcerpt {
  /// The most words an excerpt takes.
  static let mostWords = 400

  /// The text at `top` and `left` (fractions of the page from its top-left; the page's start
  /// when nil) of the page whose words are `words`: the paragraph of the top-most word below
  /// `top` (of those starting within a column's width right of `left`, if any), and the next one too when that paragraph is short (a heading, a
  /// caption's label, a reference's number alone on its line). Empty for a page without text
  /// there.
  public static func text(of words: PageWords, at top: Double?, left: Double? = nil) -> String {
    let list = words.words
    guard let first = firstWord(of: words, at: top, left: left) else { return "" }
    let column = Self.column(of: list[first], gutter: gutter(of: list))
    let paragraph = list[first].paragraph
    var last = first
    while last + 1 < list.count, list[last + 1].paragraph == paragraph { last += 1 }
    if (first...last).count(where: { column.contains((list[$0].box.x + list[$0].box.width / 2)) })
      < 8,
      last + 1 < list.count
    {
      let next = list[last + 1].paragraph
      while last + 1 < list.count, list[last + 1].paragraph == next { last += 1 }
    }
    let kept = (first...last).filter { column.contains((list[$0].box.x + list[$0].box.width / 2)) }
      .prefix(mostWords)
    return text(of: words, indexes: Array(kept))
  }

  /// The word a peek at `top` and `left` starts from: the top-most below `top` (of those
  /// starting within a column's width right of `left`, if any). O(words).
  static func firstWord(of words: PageWords, at top: Double?, left: Double?) -> Int? {
    let list = words.words
    // A destination names the top of a line; a word whose box ends just below it is on it.
    let reach = (top ?? 0) + 0.002
    let below = list.indices.filter { list[$0].box.y + list[$0].box.height > reach }
    // Beside a figure the other column's lines come first: the words near `left` go first.
    let near = below.filter { index in
      left.map { (($0 - 0.1)...($0 + 0.3)).contains(list[index].box.x) } ?? true
    }
    return (near.isEmpty ? below : near).min(by: {
      (list[$0].box.y, list[$0].box.x) < (list[$1].box.y, list[$1].box.x)
    })
  }

  /// The figure a peek at `top` and `left` leads to, when the paragraph there is a figure's
  /// caption ("Figure 3:", "Fig. 3."): the part of the page above the caption, from the text
  /// above it in its column down to it, as wide as the column's text. Nil for any other
  /// paragraph, or when less than 4 % of the page's height is free above the caption.
  /// O(words).
  public static func figure(of words: PageWords, at top: Double?, left: Double? = nil)
    -> PageRegion?
  {
    let list = words.words
    guard let first = firstWord(of: words, at: top, left: left) else { return nil }
    let column = Self.column(of: list[first], gutter: gutter(of: list))
    func middle(_ word: PageWords.Word) -> Double { word.box.x + word.box.width / 2 }
    let paragraph = list[first].paragraph
    let caption = list.indices.filter {
      list[$0].paragraph == paragraph && column.contains(middle(list[$0]))
    }
    let opening = text(of: words, indexes: Array(caption.prefix(3)))
    guard opening.hasPrefix("Fig"), PageReflow.isCaption(opening),
      let captionTop = caption.map({ list[$0].box.y }).min()
    else { return nil }
    let inColumn = list.filter { column.contains(middle($0)) && $0.box.height > 0 }
    guard let leftEdge = inColumn.map(\.box.x).min(),
      let rightEdge = inColumn.map({ $0.box.x + $0.box.width }).max()
    else { return nil }
    let above =
      inColumn.filter { $0.box.y + $0.box.height <= captionTop - 0.002 }
      .map { $0.box.y + $0.box.height }.max() ?? 0.04
    guard captionTop - above >= 0.04 else { return nil }
    return PageRegion(
      x: leftEdge, y: above + 0.008, width: rightEdge - leftEdge,
      height: captionTop - above - 0.016)
  }

  /// The words `indexes` (in order) as text: runs of neighbouring words through `CopiedText`
  /// (hyphens at a line's end mended, ligatures spelled out), lines joined within a paragraph.
  static func text(of words: PageWords, indexes: [Int]) -> String {
    var runs: [ClosedRange<Int>] = []
    for index in indexes {
      if let last = runs.last, last.upperBound + 1 == index {
        runs[runs.count - 1] = last.lowerBound...index
      } else {
        runs.append(index...index)
      }
    }
    var text = ""
    for run in runs {
      let part = CopiedText.text(of: [(words, run)])
      if text.isEmpty {
        text = part
      } else if text.hasSuffix("-"), text.dropLast().last?.isLowercase == true,
        part.first?.isLowercase == true
      {
        // A word hyphenated across a line the other column's words came between.
        text = String(text.dropLast()) + part
      } else {
        text += "\n" + part
      }
    }
    // Lines joined into one line a paragraph, for the box to wrap (paragraphs stay apart).
    return text.split(separator: "\n\n", omittingEmptySubsequences: false)
      .map { $0.replacing("\n", with: " ") }
      .joined(separator: "\n\n")
  }

  /// The column `word` is in: the side of the page's gutter its middle is on, or the whole
  /// page when it has no gutter.
  static func column(of word: PageWords.Word, gutter: ClosedRange<Double>?)
    -> ClosedRange<Double>
  {
    guard let gutter else { return 0...1 }
    return word.box.x + word.box.width / 2 < gutter.lowerBound
      ? 0...gutter.lowerBound : gutter.upperBound...1
  }

  /// The gap between two columns of a page, if it has one: the widest run of the middle of the
  /// page (30 to 70 % across) that few words cover (titles, a figure's caption across
  /// both columns may), at least half a percent of the page wide, with words on both sides of
  /// it on a quarter of the lines or more.
  public static func gutter(of list: [PageWords.Word]) -> ClosedRange<Double>? {
    let bins = 400
    var covered = [Int](repeating: 0, count: bins)
    for word in list {
      let low = max(0, Int(word.box.x * Double(bins)))
      let high = min(bins - 1, Int((word.box.x + word.box.width) * Double(bins)))
      if low <= high { for bin in low...high { covered[bin] += 1 } }
    }
    let lines = Set(list.map(\.line)).count
    let allowed = max(2, lines / 15)
    var best: Range<Int>?
    var run: Int?
    for bin in Int(Double(bins) * 0.3)...Int(Double(bins) * 0.7) {
      if covered[bin] <= allowed {
        if run == nil { run = bin }
        if let start = run, (best?.count ?? 0) < bin + 1 - start { best = start..<bin + 1 }
      } else {
        run = nil
      }
    }
    guard let best, best.count >= 2 else { return nil }
    let gap = Double(best.lowerBound) / Double(bins)...Double(best.upperBound) / Double(bins)
    // Text on both sides, on a good share of the lines: else a ragged or short page.
    let right = Set(list.filter { $0.box.x >= gap.upperBound }.map(\.line)).count
    let left = Set(list.filter { $0.box.x + $0.box.width <= gap.lowerBound }.map(\.line)).count
    guard min(left, right) >= max(2, lines / 4) else { return nil }
    return gap
  }
}
