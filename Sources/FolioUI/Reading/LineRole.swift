import FolioCore

/// What one line of a page is taken for before lines become blocks, from its text and
/// geometry alone (PageText has no fonts): running text, a heading, or a line that belongs to
/// a region shown as a picture.
enum LineRole: Equatable {
  /// Running text.
  case text
  /// A heading of `level` (1 the largest).
  case heading(level: Int)
  /// Mostly mathematical symbols, Greek letters and digits, with no word of four letters.
  case mathematics
  /// Mostly digits, two words or more: a row of a table.
  case table
  /// A few words on a short line: a label of a figure, if others follow.
  case sparse

  /// What the page's lines are measured against.
  struct Measures {
    /// The body text's character height, as a fraction of the page's height (0: unknown).
    var bodyHeight: Double
    /// The body text's character advance, as a fraction of the page's width.
    var advance: Double
    /// A full line's width: the widest quarter of the lines of four words or more start at it.
    var lineWidth: Double
    /// Whether most lines of four words or more are bold: the body is, and bold tells nothing.
    var bodyIsBold: Bool

    /// The measures of `lines` on a page whose body text is `body`.
    init(lines: [PageLine], body: BodyTextSize?) {
      bodyHeight = body?.height ?? 0
      advance = body?.advance ?? 0.01
      let full = lines.filter { $0.words.count >= 4 }
      bodyIsBold = full.count(where: \.isBold) * 2 > full.count
      var widths = full.map(\.box.width).sorted()
      if widths.isEmpty { widths = lines.map(\.box.width).sorted() }
      lineWidth = widths.isEmpty ? 1 : max(widths[widths.count * 3 / 4], 0.01)
    }
  }

  /// The role of `line` on its own; `startsParagraph` says whether a gap or an empty line is
  /// before it.
  static func of(_ line: PageLine, startsParagraph: Bool, measures: Measures) -> LineRole {
    let shape = Shape(line.text)
    guard shape.visible > 0 else { return .text }
    if shape.isMathematics { return .mathematics }
    if shape.visible >= 4, shape.digits * 2 >= shape.visible, line.texts.count >= 2 {
      return .table
    }
    if let level = headingLevel(line, startsParagraph: startsParagraph, measures: measures) {
      return .heading(level: level)
    }
    if line.texts.count <= 3, line.box.width < measures.lineWidth * 0.3, !shape.endsSentence {
      return .sparse
    }
    return .text
  }

  /// The level of `line` as a heading, nil if it is none: larger characters than the body's
  /// (by 15 % or more; level 1 from 70 % larger, 2 from 35 %, else 3) on a line of at most 20
  /// words, or a short numbered line ("2.1 Results": a number of at most 50, its parts
  /// counting the level, then a capital; at most 10 words, no closing punctuation) starting a
  /// paragraph.
  static func headingLevel(_ line: PageLine, startsParagraph: Bool, measures: Measures) -> Int? {
    let words = line.texts.filter { !$0.isEmpty }
    guard let first = words.first, words.count <= 20,
      line.text.contains(where: \.isLetter)
    else { return nil }
    let last = line.text.last ?? " "
    if words.count >= 2, words.count <= 10, startsParagraph, !".,;:".contains(last),
      let parts = sectionNumber(first), words[1].first?.isUppercase == true
    {
      return min(parts, 3)
    }
    guard measures.bodyHeight > 0, line.height > 0 else { return nil }
    let ratio = line.height / measures.bodyHeight
    guard ratio >= 1.15 else { return nil }
    return ratio >= 1.7 ? 1 : ratio >= 1.35 ? 2 : 3
  }

  /// How many parts a section number has ("3" 1, "2.1." 2, "A.1" 2), nil if `word` is none.
  static func sectionNumber(_ word: String) -> Int? {
    let parts = word.split(separator: ".", omittingEmptySubsequences: false)
    let kept = parts.last == "" ? parts.dropLast() : parts[...]
    guard !kept.isEmpty, kept.count <= 4 else { return nil }
    for (index, part) in kept.enumerated() {
      if let number = Int(part), number >= 0, number <= 50, part.count <= 2 { continue }
      // An appendix's letter comes first, with numbers after it.
      if index == 0, kept.count > 1, part.count == 1, part.first?.isUppercase == true { continue }
      return nil
    }
    return kept.count
  }

  /// Counts of a line's characters.
  struct Shape {
    var visible = 0
    var letters = 0
    var digits = 0
    var symbols = 0
    var longestLetterRun = 0
    var endsSentence = false

    init(_ text: String) {
      var run = 0
      for scalar in text.unicodeScalars where !scalar.properties.isWhitespace {
        visible += 1
        if Self.isSymbol(scalar) {
          symbols += 1
          run = 0
        } else if scalar.properties.isAlphabetic {
          letters += 1
          run += 1
          longestLetterRun = max(longestLetterRun, run)
        } else {
          if ("0"..."9").contains(scalar) { digits += 1 }
          run = 0
        }
      }
      endsSentence = text.last.map { ".!?:;\"”’)".contains($0) } ?? false
    }

    /// Whether the line reads as a display equation: a mathematical symbol or more, no word
    /// of four letters or more (prose has them: "where", "with"), and letters not the most.
    var isMathematics: Bool {
      visible >= 2 && symbols >= 1 && longestLetterRun < 4 && letters * 3 < visible * 2
    }

    /// Mathematical operators, Greek letters and mathematical alphanumerics.
    static func isSymbol(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.value {
      case 0x0370...0x03FF, 0x1D400...0x1D7FF, 0x2200...0x22FF, 0x27C0...0x27EF, 0x2980...0x2AFF:
        return true
      default:
        return scalar.properties.generalCategory == .mathSymbol
      }
    }
  }
}
