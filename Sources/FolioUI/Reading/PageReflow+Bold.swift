import FolioCore

extension PageReflow {
  /// Marks body-sized headings set in bold: a bold line of running text (at most 12 words, not
  /// ending in a comma or semicolon) that starts a paragraph, with the bold lines right under
  /// it (three lines in all at most), heads the running text that follows when a line of text
  /// of four words or more, not bold, comes next. Nothing is marked where the body itself is
  /// bold. Level 3, under the headings larger text makes.
  static func boldHeadings(
    _ roles: inout [Role], lines: [PageLine], in page: PageWords, measures: LineRole.Measures
  ) {
    guard !measures.bodyIsBold, lines.contains(where: \.isBold) else { return }
    func startsParagraph(_ index: Int) -> Bool {
      startsTextParagraph(index, of: lines, in: page)
        || !lines[index - 1].isBold && LineRole.Shape(lines[index - 1].text).endsSentence
    }
    func isCandidate(_ index: Int) -> Bool {
      let words = lines[index].texts.count(where: { !$0.isEmpty })
      return roles[index] == .text && lines[index].isBold && (1...12).contains(words)
        && lines[index].text.contains(where: \.isLetter)
        && !",;".contains(lines[index].text.last ?? " ")
    }
    var index = 0
    while index < lines.count {
      guard isCandidate(index), startsParagraph(index) else {
        index += 1
        continue
      }
      var end = index + 1
      while end < lines.count, end - index < 3, isCandidate(end), !startsParagraph(end) {
        end += 1
      }
      if end < lines.count, roles[end] == .text, !lines[end].isBold,
        lines[end].texts.count(where: { !$0.isEmpty }) >= 4
      {
        for heading in index..<end { roles[heading] = .heading(level: 3) }
      }
      index = end
    }
  }
}
