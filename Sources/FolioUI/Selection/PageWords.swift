import FolioCore

/// A page's text as words in reading order, each with its characters (a range of the page
/// text's scalars), its box, and the line and paragraph it is on: what selecting by words,
/// lines and paragraphs moves over. O(characters) to make.
public struct PageWords: Sendable {
  /// One word: a run of characters without whitespace.
  public struct Word: Hashable, Sendable {
    /// Its characters, as offsets into the page text's unicode scalars.
    public var scalars: Range<Int>
    /// The box around its characters, as fractions of the page.
    public var box: PageRegion
    /// The line it is on (lines of the text, counted from 0).
    public var line: Int
    /// The paragraph it is in (a blank line, or a gap wider than the page's usual one by half
    /// a line, starts the next).
    public var paragraph: Int
  }

  /// The page's text.
  public let text: PageText
  /// Its words in reading order.
  public let words: [Word]
  /// The text's unicode scalars, which words' ranges index.
  public let scalars: [Unicode.Scalar]

  /// The words of `text`.
  public init(_ text: PageText) {
    self.text = text
    let scalars = Array(text.text.unicodeScalars)
    self.scalars = scalars
    var words: [Word] = []
    var line = 0
    // Each line's top and bottom (lines with boxes), and the words an empty line comes before.
    var extents: [Int: (top: Double, bottom: Double)] = [:]
    var afterBlank: Set<Int> = []
    var blankPending = false
    var start: Int?
    func finishWord(at end: Int) {
      guard let first = start else { return }
      start = nil
      var box: PageRegion?
      for index in first..<end where index < text.boxes.count && !text.boxes[index].isEmpty {
        let region = Self.region(of: text.boxes[index])
        box = box.map { Self.union($0, region) } ?? region
      }
      if let box {
        let extent = extents[line]
        extents[line] = (
          min(extent?.top ?? box.y, box.y), max(extent?.bottom ?? 0, box.y + box.height)
        )
      }
      if blankPending { afterBlank.insert(words.count) }
      blankPending = false
      words.append(
        Word(
          scalars: first..<end, box: box ?? PageRegion(x: 0, y: 0, width: 0, height: 0),
          line: line, paragraph: 0))
    }
    for (index, scalar) in scalars.enumerated() {
      if scalar == "\n" {
        finishWord(at: index)
        if extents[line] != nil {
          line += 1
        } else if !words.isEmpty {
          // An empty line: the next words start a paragraph.
          blankPending = true
        }
        continue
      }
      if scalar.properties.isWhitespace {
        finishWord(at: index)
      } else if start == nil {
        start = index
      }
    }
    finishWord(at: scalars.count)
    Self.numberParagraphs(&words, extents: extents, afterBlank: afterBlank)
    self.words = words
  }

  /// Gives `words` their paragraphs: an empty line starts one, and so does a gap between lines
  /// wider than the page's usual gap by half a line (a blank line's or `parskip`'s space), or
  /// wider than a line and a half.
  private static func numberParagraphs(
    _ words: inout [Word], extents: [Int: (top: Double, bottom: Double)], afterBlank: Set<Int>
  ) {
    let lines = extents.keys.sorted()
    let gaps = zip(lines, lines.dropFirst()).compactMap { above, below in
      extents[below].flatMap { below in extents[above].map { below.top - $0.bottom } }
    }.sorted()
    let usual = gaps.isEmpty ? 0 : max(0, gaps[(gaps.count - 1) / 2])
    var paragraph = 0
    var lastLine: (top: Double, bottom: Double)?
    for index in words.indices {
      let line = words[index].line
      let startsLine = index == 0 || words[index - 1].line != line
      if afterBlank.contains(index) {
        paragraph += 1
      } else if startsLine, let extent = extents[line], let above = lastLine {
        let height = above.bottom - above.top
        let gap = extent.top - above.bottom
        if height > 0, gap > min(height * 1.5, usual + height * 0.5) { paragraph += 1 }
      }
      if startsLine, let extent = extents[line] { lastLine = extent }
      words[index].paragraph = paragraph
    }
  }

  /// The word whose box holds `point` (fractions of the page), else the nearest word on the
  /// nearest line; nil for a page without words.
  public func word(nearest point: (x: Double, y: Double)) -> Int? {
    guard !words.isEmpty else { return nil }
    func distance(_ word: Word) -> (Double, Double) {
      let box = word.box
      let dy = point.y < box.y ? box.y - point.y : max(0, point.y - (box.y + box.height))
      let dx = point.x < box.x ? box.x - point.x : max(0, point.x - (box.x + box.width))
      return (dy, dx)
    }
    return words.indices.min { distance(words[$0]) < distance(words[$1]) }
  }

  /// The word drawn on the screen row of `point` (fractions of the page), the page's rows
  /// starting at `rows.top` and each `rows.height` of the page tall: the text layer draws a
  /// line on the row its middle is in, so a word of the line drawn on the point's row, the
  /// nearest across (and of two lines on that row, the one whose middle is nearer), else the
  /// word nearest the point. Boxes of lines one above another can overlap; the row, not the
  /// box, says which line is under the mouse. Nil for a page without words.
  public func word(drawnAt point: (x: Double, y: Double), rows: (top: Double, height: Double))
    -> Int?
  {
    guard !words.isEmpty, rows.height > 0 else { return word(nearest: point) }
    // Each line's middle: the median of its words' middles, as the text layer takes it.
    var middles: [Int: [Double]] = [:]
    for word in words where word.box.height > 0 {
      middles[word.line, default: []].append(word.box.y + word.box.height / 2)
    }
    let lineMiddle = middles.mapValues { $0.sorted()[$0.count / 2] }
    func row(_ y: Double) -> Int { Int(((y - rows.top) / rows.height).rounded(.down)) }
    let pointRow = row(point.y)
    let onRow = words.indices.filter { index in
      lineMiddle[words[index].line].map { row($0) == pointRow } ?? false
    }
    guard !onRow.isEmpty else { return word(nearest: point) }
    func distance(_ index: Int) -> (Double, Double) {
      let box = words[index].box
      let dx = point.x < box.x ? box.x - point.x : max(0, point.x - (box.x + box.width))
      let dy = abs((lineMiddle[words[index].line] ?? point.y) - point.y)
      return (dy, dx)
    }
    // The nearer line's middle first (of two columns' lines on one baseline, the one across
    // nearer), then the nearest word across on it.
    guard let line = onRow.min(by: { distance($0) < distance($1) }).map({ words[$0].line })
    else { return nil }
    return onRow.filter { words[$0].line == line }.min { distance($0).1 < distance($1).1 }
  }

  /// The characters of `word`, as read.
  public func string(of word: Word) -> String {
    let range = word.scalars.clamped(to: scalars.indices)
    return String(String.UnicodeScalarView(scalars[range]))
  }

  static func region(of box: TextBox) -> PageRegion {
    let scale = Double(TextBox.scale)
    return PageRegion(
      x: Double(box.left) / scale, y: Double(box.top) / scale,
      width: Double(box.right - box.left) / scale, height: Double(box.bottom - box.top) / scale)
  }

  static func union(_ a: PageRegion, _ b: PageRegion) -> PageRegion {
    let left = min(a.x, b.x)
    let top = min(a.y, b.y)
    let right = max(a.x + a.width, b.x + b.width)
    let bottom = max(a.y + a.height, b.y + b.height)
    return PageRegion(x: left, y: top, width: right - left, height: bottom - top)
  }
}

extension TextSelectionMode {
  /// The middle of the cursor's word, where an inverse search looks (`E`).
  func cursorPoint(_ state: AppState) -> PagePoint? {
    guard let position = cursor, let words = state.document.texts[position.page]?.words,
      words.indices.contains(position.word)
    else { return nil }
    let box = words[position.word].box
    return PagePoint(page: position.page, x: box.x + box.width / 2, y: box.y + box.height / 2)
  }
}
