import FolioCore

/// The running heads, page numbers and footers of a run of neighbouring pages: lines in the
/// top or bottom band of a page whose text, digits aside, is repeated at about the same
/// height on another page of the run, and lines there that are only a page number ("12",
/// "xiv", "- 12 -", "Page 3 of 9"). What reflowing leaves out of the text. Learned from a
/// window of pages (the page being reflowed and its neighbours), so it is a pure function of
/// them: `RunningLines.learn(from:)`.
public struct RunningLines: Sendable {
  /// How far from the top or bottom edge a running line can be, as a fraction of the page.
  public static let band = 0.12
  /// How far the page's topmost or lowest line can be, even beside another on its baseline
  /// (LaTeX's book class on A4 sets its head's foot at 0.126).
  static let outerBand = 0.15
  /// How far apart two pages' copies of a running line can be, as a fraction of the page.
  static let tolerance = 0.03
  /// The places of one line's text kept while learning (a bound on hostile pages).
  static let placesKept = 64

  /// Where a line sits: the band and its text, its digits normalized where it has letters.
  struct Key: Hashable {
    var text: String
    var isTop: Bool
  }

  /// A line that can be a running one: its key, and whether it is alone on its baseline.
  struct Candidate {
    var key: Key
    var isAlone: Bool
    /// Whether it is the page's topmost or lowest line (or on its baseline).
    var isOutermost = false
  }

  /// The middles (fractions of the page's height) of the lines found on two pages or more.
  private var middles: [Key: [Double]] = [:]

  /// No running lines but lone page numbers.
  public init() {}

  /// The lines repeated across `pages` (neighbouring pages, in any order). O(lines in the
  /// bands).
  public static func learn(from pages: [PageWords]) -> RunningLines {
    var seen: [Key: [(page: Int, middle: Double)]] = [:]
    for (index, page) in pages.enumerated() {
      // Only the lines that can be running ones need their text.
      let lines = PageLine.lines(of: page, withText: false)
      for (line, candidate) in zip(lines, candidates(of: lines, in: page)) {
        guard let key = candidate?.key else { continue }
        // A hostile page's thousand copies of one line teach nothing more than a few.
        guard seen[key, default: []].count < Self.placesKept else { continue }
        seen[key, default: []].append((index, line.box.y + line.box.height / 2))
      }
    }
    var running = RunningLines()
    for (key, places) in seen {
      for place in places
      where places.contains(where: {
        $0.page != place.page && abs($0.middle - place.middle) <= tolerance
      }) {
        running.middles[key, default: []].append(place.middle)
      }
    }
    return running
  }

  /// Which of a page's `lines` are running heads, page numbers or footers: lines repeated
  /// across the window, page numbers alone on their baseline, and the short lines on the
  /// baseline of a repeated head (its page number; the section a book's head names beside
  /// the chapter, which changes from page to page). Lines without letters are compared as
  /// they are, digits and all: a footer's "© 2024" repeats, a table of contents' "3.12." at
  /// the same height on the next page does not.
  func running(_ lines: [PageLine]) -> [Bool] {
    let candidates = Self.candidates(of: lines, in: nil)
    var running = zip(lines, candidates).map { line, candidate in
      guard let candidate else { return false }
      // A number sharing its baseline may be a heading's: only repeated it is running.
      if candidate.isAlone, Self.isPageNumber(Self.normalized(candidate.key.text)) { return true }
      let middle = line.box.y + line.box.height / 2
      return middles[candidate.key]?.contains { abs($0 - middle) <= Self.tolerance } ?? false
    }
    // Heads only: the page's topmost or lowest lines, of a few words (a figure's labels
    // repeated near the edge of two pages, or a margin's label beside the first line of
    // text, spread to nothing); a few of them, so a hostile page stays linear.
    func isShort(_ index: Int) -> Bool {
      lines[index].texts.count(where: { !$0.isEmpty }) <= 8
    }
    let repeated = lines.indices.filter { index in
      guard running[index], let candidate = candidates[index] else { return false }
      return candidate.isOutermost && !candidate.isAlone
        && !Self.isPageNumber(Self.normalized(candidate.key.text))
    }.prefix(8)
    for index in lines.indices
    where !running[index] && candidates[index]?.isOutermost == true && isShort(index) {
      running[index] = repeated.contains { other in
        abs(lines[other].box.y - lines[index].box.y)
          < max(lines[index].box.height, lines[other].box.height) / 2
      }
    }
    return running
  }

  /// Each of a page's `lines` that can be a running one: no taller than the page's usual line
  /// (its words' median) by 30 % (60 % in the band's outer half), in the top or bottom band,
  /// the page's topmost or lowest line in the outer band, or the page's topmost line in its
  /// upper third or its lowest in its lower third, alone on its baseline (a page number set
  /// well above the edge); nil for any other line.
  /// Lines without their texts take them from `page`.
  static func candidates(of lines: [PageLine], in page: PageWords?) -> [Candidate?] {
    let placed = lines.filter { $0.box.height > 0 }
    let topmost = placed.map(\.box.y).min() ?? 0
    let lowest = placed.map(\.bottom).max() ?? 1
    let tops = placed.map(\.box.y).sorted()
    let scalars = page.map { Array($0.text.text.unicodeScalars) } ?? []
    // The usual line's height: the median of the words' (a figure's many short labels in a
    // small size do not make the body's lines look large).
    let byHeight = placed.sorted { $0.height < $1.height }
    let half = (byHeight.reduce(0) { $0 + $1.words.count } + 1) / 2
    var counted = 0
    let usual =
      byHeight.first { line in
        counted += line.words.count
        return counted >= half
      }?.height ?? 0
    return lines.map { line in
      // Running lines are set no larger than the text; a larger line is a heading, except at
      // the very edge, where no heading is set (a head in a display font over a page of
      // small print).
      let atEdge = line.bottom <= band / 2 || line.box.y >= 1 - band / 2
      guard line.box.height > 0, line.height <= usual * (atEdge ? 1.6 : 1.3) else { return nil }
      // Away from the edges, only a line alone on its baseline (not a heading's number).
      let isAlone = isAloneOnBaseline(line, tops: tops)
      let isTopmost = line.box.y <= topmost + tolerance / 3
      let isLowest = line.bottom >= lowest - tolerance / 3
      let isTop =
        line.bottom <= band || (isTopmost && line.bottom <= outerBand)
        || (isAlone && isTopmost && line.bottom < 1 / 3)
      let isBottom =
        line.box.y >= 1 - band || (isLowest && line.box.y >= 1 - outerBand)
        || (isAlone && isLowest && line.box.y > 2 / 3)
      guard isTop || isBottom else { return nil }
      let filled = page.map { line.textFilled(from: $0, scalars: scalars) } ?? line
      // Digits as "#" where there are letters; a line of digits and signs as it is.
      let text =
        filled.text.contains(where: \.isLetter)
        ? normalized(filled.text) : filled.text.split(separator: " ").joined(separator: " ")
      return text.isEmpty
        ? nil
        : Candidate(
          key: Key(text: text, isTop: isTop), isAlone: isAlone,
          isOutermost: isTop ? isTopmost : isLowest)
    }
  }

  /// `text` lowercased, each run of digits as one "#", spaces collapsed.
  static func normalized(_ text: String) -> String {
    var result = ""
    var lastWasDigit = false
    var lastWasSpace = true
    for character in text.lowercased() {
      if character.isWhitespace {
        if !lastWasSpace { result.append(" ") }
        lastWasSpace = true
        lastWasDigit = false
        continue
      }
      lastWasSpace = false
      if character.isNumber {
        if !lastWasDigit { result.append("#") }
        lastWasDigit = true
        continue
      }
      lastWasDigit = false
      result.append(character)
    }
    while result.last == " " { result.removeLast() }
    return result
  }

  /// Whether a normalized line is only a page number: "#", "- # -", "page #", "# of #",
  /// "# / #", or a lowercase roman numeral.
  static func isPageNumber(_ text: String) -> Bool {
    let bare = text.filter { !"-–—·.|[]()".contains($0) }.split(separator: " ")
      .filter { $0 != "page" && $0 != "p" && $0 != "of" && $0 != "/" }
    guard !bare.isEmpty, bare.count <= 2 else { return false }
    return bare.allSatisfy { word in
      word == "#" || (word.count <= 6 && word.allSatisfy { "ivxlc".contains($0) })
    }
  }

  /// Whether no other line's top is within half `line`'s height of its own, given every
  /// placed line's top in order (`line`'s among them). O(log lines).
  static func isAloneOnBaseline(_ line: PageLine, tops: [Double]) -> Bool {
    let low = line.box.y - line.box.height / 2
    let high = line.box.y + line.box.height / 2
    var first = 0
    var last = tops.count
    while first < last {
      let middle = (first + last) / 2
      if tops[middle] <= low { first = middle + 1 } else { last = middle }
    }
    // The tops inside the window: the line's own, and any other.
    var inside = 0
    while first < tops.count, tops[first] < high, inside < 2 {
      inside += 1
      first += 1
    }
    return inside < 2
  }
}
