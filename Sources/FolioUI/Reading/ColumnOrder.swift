import FolioCore

/// Puts a two-column page's text in reading order where Poppler does not: on a page whose
/// columns are close (LaTeX's default 10 pt gutter), Poppler reads a line of the left column
/// and the line beside it in the right one as one line, and may give the right column first.
/// Where the page has a gutter (`PeekExcerpt.gutter`), each line is parted at it; the lines
/// between two lines that cross it (a title, a figure across both columns) are given left
/// column first, then right. A page without a gutter is given back as it is. Pure; O(characters).
public enum ColumnOrder {
  /// `text` in reading order, column by column where it has two.
  public static func reading(_ text: PageText) -> PageText {
    reordered(PageWords(text)) ?? text
  }

  /// The words of `text` in reading order: made once for a page without a gutter.
  public static func words(of text: PageText) -> PageWords {
    let words = PageWords(text)
    return reordered(words).map(PageWords.init) ?? words
  }

  /// The text of `words` put back column by column; nil for a page without a gutter.
  private static func reordered(_ words: PageWords) -> PageText? {
    let text = words.text
    guard let gutter = PeekExcerpt.gutter(of: words.words) else { return nil }
    var output = Output(source: text, scalars: words.scalars)
    var left: [[PageWords.Word]] = []
    var right: [[PageWords.Word]] = []
    func flush() {
      for line in left + right { output.append(line) }
      left = []
      right = []
    }
    var index = 0
    while index < words.words.count {
      let line = words.words[index].line
      var end = index
      while end < words.words.count, words.words[end].line == line { end += 1 }
      let lineWords = Array(words.words[index..<end])
      index = end
      let leftWords = lineWords.filter { $0.box.x + $0.box.width <= gutter.lowerBound + 0.002 }
      let rightWords = lineWords.filter { $0.box.x >= gutter.upperBound - 0.002 }
      if leftWords.count + rightWords.count < lineWords.count {
        // A line across the gutter ends the columns above it.
        flush()
        output.append(lineWords)
        continue
      }
      if !leftWords.isEmpty { left.append(leftWords) }
      if !rightWords.isEmpty { right.append(rightWords) }
    }
    flush()
    return output.text
  }

  /// The text being put together: lines of words, a space between words, a line break
  /// between lines (their boxes empty).
  private struct Output {
    let source: PageText
    let scalars: [Unicode.Scalar]
    private var characters = String.UnicodeScalarView()
    private var boxes: [TextBox] = []

    init(source: PageText, scalars: [Unicode.Scalar]) {
      self.source = source
      self.scalars = scalars
    }

    mutating func append(_ line: [PageWords.Word]) {
      guard !line.isEmpty else { return }
      if !characters.isEmpty {
        characters.append("\n")
        boxes.append(TextBox())
      }
      for (position, word) in line.enumerated() {
        if position > 0 {
          characters.append(" ")
          boxes.append(TextBox())
        }
        for offset in word.scalars.clamped(to: scalars.indices) {
          characters.append(scalars[offset])
          boxes.append(offset < source.boxes.count ? source.boxes[offset] : TextBox())
        }
      }
    }

    /// What was put together.
    var text: PageText { PageText(text: String(characters), boxes: boxes) }
  }
}
