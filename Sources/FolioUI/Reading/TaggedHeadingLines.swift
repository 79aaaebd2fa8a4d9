import FolioCore

/// Finds the lines a tagged PDF's headings are set on: for each heading, the first run of
/// consecutive lines of text that starts a paragraph and whose text is all part of the
/// heading's, covering most of it (compared by letters and digits alone, case aside; a
/// character the structure tree lost matches any). Each line goes to one heading at most; a
/// line inside a region (a figure's label that reads as a heading's word) to none.
enum TaggedHeadingLines {
  /// The share of a heading's letters and digits its lines must show.
  static let coverage = 0.8
  /// Headings of one page matched at most, and the letters of one kept for matching: more
  /// is no document's, and matching stays cheap on the loop.
  static let headingLimit = 32
  static let keyLimit = 300
  /// What stands for a character the structure tree's text lost (`PDFText`'s repair).
  static let unknown: Unicode.Scalar = "\u{FFFD}"

  /// Each heading's run of `lines` (of `page`, whose roles are `roles`) and its level, in the
  /// headings' order. O(headings × lines × letters of a heading).
  static func runs(
    of headings: [TaggedHeading], in lines: [PageLine], roles: [PageReflow.Role],
    page: PageWords
  ) -> [(lines: Range<Int>, level: Int)] {
    guard !headings.isEmpty else { return [] }
    let keys = lines.map { key($0.text) }
    func isText(_ index: Int) -> Bool {
      switch roles[index] {
      case .text, .heading: !keys[index].isEmpty
      default: false
      }
    }
    func startsParagraph(_ index: Int) -> Bool {
      PageReflow.startsTextParagraph(index, of: lines, in: page)
        || LineRole.Shape(lines[index - 1].text).endsSentence || !isText(index - 1)
    }
    var taken = Set<Int>()
    var found: [(lines: Range<Int>, level: Int)] = []
    for heading in headings.prefix(headingLimit) {
      let target = Array(key(String(heading.text.prefix(keyLimit * 2))).prefix(keyLimit))
      guard target.count >= 2 else { continue }
      var start = 0
      while start < lines.count {
        guard !taken.contains(start), isText(start), startsParagraph(start),
          contains(target, keys[start])
        else {
          start += 1
          continue
        }
        var end = start + 1
        var joined = keys[start]
        while end < lines.count, !taken.contains(end), isText(end),
          contains(target, joined + keys[end])
        {
          joined += keys[end]
          end += 1
        }
        if Double(joined.count) >= Double(target.count) * coverage {
          taken.formUnion(start..<end)
          found.append((start..<end, heading.level))
          break
        }
        start += 1
      }
    }
    return found
  }

  /// `text`'s letters and digits (ligatures as letters), lowercased, and the characters the
  /// structure tree lost: what a line and a heading are compared by (the tree and the text
  /// layer space and break it differently).
  static func key(_ text: String) -> [Unicode.Scalar] {
    CopiedText.cleaned(text).lowercased().unicodeScalars.filter {
      $0 == unknown || $0.properties.isAlphabetic || $0.properties.numericType != nil
    }
  }

  /// Whether `part` stands in `whole` at some place, a lost character of `whole` matching
  /// any. O(whole × part) at worst.
  static func contains(_ whole: [Unicode.Scalar], _ part: [Unicode.Scalar]) -> Bool {
    guard !part.isEmpty, part.count <= whole.count else { return part.isEmpty }
    for start in 0...(whole.count - part.count) {
      var index = 0
      while index < part.count,
        whole[start + index] == part[index] || whole[start + index] == unknown
      {
        index += 1
      }
      if index == part.count { return true }
    }
    return false
  }
}
