import FolioCore

/// One line of a page's words with what reflowing reads from its geometry: the words it
/// holds, the box around them, how tall its characters are, and its words' text cleaned
/// (control characters out, ligatures as letters).
struct PageLine: Sendable {
  /// Its words: a range of the page's `PageWords.words`.
  var words: Range<Int>
  /// The box around its words, as fractions of the page.
  var box: PageRegion
  /// The median height of its words' boxes, as a fraction of the page's height (0 when none
  /// has a box).
  var height: Double
  /// Each word's text, cleaned; a word of nothing but control characters is empty.
  var texts: [String]
  /// Whether every word of it is set in a bold font (false where the fonts are not known).
  var isBold = false

  /// Its words joined by single spaces.
  var text: String { texts.filter { !$0.isEmpty }.joined(separator: " ") }

  /// The bottom edge of its box.
  var bottom: Double { box.y + box.height }
  /// The right edge of its box.
  var right: Double { box.x + box.width }

  /// The lines of `page`, in reading order; without `withText`, their `texts` are left empty
  /// (`textFilled(from:)` fills them). O(words).
  static func lines(of page: PageWords, withText: Bool = true) -> [PageLine] {
    let scalars = Array(page.text.text.unicodeScalars)
    var lines: [PageLine] = []
    var start = 0
    func finish(at end: Int) {
      guard start < end else { return }
      var box: PageRegion?
      var heights: [Double] = []
      var texts: [String] = []
      let isBold =
        !page.text.bold.isEmpty
        && page.words[start..<end].allSatisfy { page.text.isBold($0.scalars) }
      for word in page.words[start..<end] {
        if word.box.height > 0 {
          box = box.map { PageWords.union($0, word.box) } ?? word.box
          heights.append(word.box.height)
        }
        if withText {
          let range = word.scalars.clamped(to: 0..<scalars.count)
          texts.append(CopiedText.cleaned(String(String.UnicodeScalarView(scalars[range]))))
        }
      }
      heights.sort()
      lines.append(
        PageLine(
          words: start..<end, box: box ?? PageRegion(x: 0, y: 0, width: 0, height: 0),
          height: heights.isEmpty ? 0 : heights[heights.count / 2], texts: texts, isBold: isBold))
    }
    for index in page.words.indices.dropFirst()
    where page.words[index].line != page.words[index - 1].line {
      finish(at: index)
      start = index
    }
    finish(at: page.words.count)
    return lines
  }

  /// The line with its words' texts, from `page`, the page it is on, whose text's scalars
  /// are `scalars`.
  func textFilled(from page: PageWords, scalars: [Unicode.Scalar]) -> PageLine {
    guard texts.isEmpty else { return self }
    var line = self
    line.texts = page.words[words].map { word in
      let range = word.scalars.clamped(to: 0..<scalars.count)
      return CopiedText.cleaned(String(String.UnicodeScalarView(scalars[range])))
    }
    return line
  }

  /// Whether `other` shares some of this line's width (one above the other in a column).
  func overlapsAcross(_ other: PageLine) -> Bool {
    box.x < other.right && other.box.x < right
  }
}
