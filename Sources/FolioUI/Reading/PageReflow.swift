import FolioCore

/// Turns one page's words into reading blocks: the page's start, then its headings,
/// paragraphs and regions in reading order (Poppler's: columns one after another), its
/// running heads, page numbers and footers left out. Pure; O(words).
///
/// Paragraphs are rebuilt from the geometry: an empty line or a gap wider than the page's
/// usual line gap (as `PageWords` numbers paragraphs) starts one, except where the text moves
/// to the next column in the middle of a sentence; so do a first line indented from the line
/// above it, a line after a short line ending a sentence, and a line after an entry of a table
/// of contents (leaders, then a page number), and a list's item (`ListItem`). Regions: a run of lines of
/// mathematics (with the short lines around it, such as equation numbers), two or more rows of
/// a table, three or more short scattered lines (a figure's labels).
public enum PageReflow {
  /// The blocks of `page`, page `index` labeled `label`, knowing what `context` learned from
  /// its neighbours. A page without words is a page start and a `.page` region.
  public static func blocks(
    of page: PageWords, at index: PageIndex, label: String?, context: ReflowContext
  ) -> [ReadingBlock] {
    let whole = PageRegion(x: 0, y: 0, width: 1, height: 1)
    var blocks = [
      ReadingBlock(
        kind: .pageStart, page: index, text: TerminalText.sanitized(label ?? "\(index.number)"),
        box: whole)
    ]
    let all = PageLine.lines(of: page)
    let lines = zip(all, context.running.running(all)).filter { !$0.1 }.map(\.0)
    guard !lines.isEmpty else {
      if page.words.isEmpty {
        blocks.append(ReadingBlock(kind: .region(.page), page: index, text: "", box: whole))
      }
      return blocks
    }
    let measures = LineRole.Measures(lines: lines, body: BodyTextSize(of: page.text))
    var roles = Self.roles(of: lines, in: page, measures: measures)
    for (run, level) in TaggedHeadingLines.runs(
      of: context.taggedHeadings, in: lines, roles: roles, page: page)
    {
      for index in run { roles[index] = .heading(level: min(level, 3)) }
    }
    var builder = Builder(page: page, index: index, lines: lines, context: context)
    var start = 0
    while start < lines.count {
      var end = start + 1
      switch roles[start] {
      case .region(let kind):
        while end < lines.count, roles[end] == .region(kind) { end += 1 }
        builder.region(kind, lines: start..<end)
      case .lines:
        while end < lines.count, roles[end] == .lines { end += 1 }
        builder.region(nil, lines: start..<end)
      case .heading(let level):
        while end < lines.count, roles[end] == .heading(level: level),
          lines[end].box.y - lines[end - 1].bottom < lines[end - 1].height
        {
          end += 1
        }
        builder.text(.heading(level: level), lines: start..<end)
      case .text:
        while end < lines.count, roles[end] == .text,
          !startsParagraph(
            lines[end], after: lines[end - 1], first: lines[start],
            before: end + 1 < lines.count ? lines[end + 1] : nil, in: page, measures: measures)
        {
          end += 1
        }
        builder.text(.paragraph, lines: start..<end)
      }
      start = end
    }
    return blocks + withInterruptedTextJoined(withDrawnFigures(builder.blocks))
  }

  /// Whether line `index` of `lines` starts a paragraph of the text layer (`PageWords`: an
  /// empty line or a wide gap before it), the first line always.
  static func startsTextParagraph(_ index: Int, of lines: [PageLine], in page: PageWords) -> Bool {
    index == 0
      || page.words[lines[index].words.lowerBound].paragraph
        != page.words[lines[index - 1].words.lowerBound].paragraph
  }

  /// A line's role once its neighbours are known.
  enum Role: Equatable {
    case text
    case heading(level: Int)
    case region(ReadingBlock.RegionKind)
    /// Short lines stacked at one left edge (a listing).
    case lines
  }

  /// The role of each line: regions are runs of lines (mathematics with the short lines
  /// next to it, tables of two rows or more, figures of three short lines or more).
  static func roles(of lines: [PageLine], in page: PageWords, measures: LineRole.Measures)
    -> [Role]
  {
    let single = lines.indices.map { index in
      LineRole.of(
        lines[index],
        startsParagraph: startsTextParagraph(index, of: lines, in: page),
        measures: measures)
    }
    var roles: [Role] = single.map { role in
      switch role {
      case .heading(let level): .heading(level: level)
      case .mathematics: .region(.mathematics)
      default: .text
      }
    }
    // A line of mathematics at the column's left edge, in the paragraph of the line of text
    // above it, ends that paragraph's sentence ("… for all n ≥ n0."): display equations are
    // set in from the edge.
    for index in lines.indices.dropFirst()
    where roles[index] == .region(.mathematics) && roles[index - 1] == .text
      && abs(lines[index].box.x - lines[index - 1].box.x) < measures.advance
      && !startsTextParagraph(index, of: lines, in: page)
    {
      roles[index] = .text
    }
    // A section number set apart from its heading on the same baseline heads it.
    for index in lines.indices.dropLast() {
      guard case .heading = roles[index + 1], let parts = LineRole.sectionNumber(lines[index].text),
        abs(lines[index].box.y - lines[index + 1].box.y) < lines[index + 1].height / 2
      else { continue }
      roles[index] = .heading(level: min(parts, 3))
      roles[index + 1] = .heading(level: min(parts, 3))
    }
    // Runs of table rows and of short lines.
    for (kind, shortest) in [(LineRole.table, 2), (LineRole.sparse, 3)] {
      var start = 0
      while start < single.count {
        var end = start
        while end < single.count, single[end] == kind { end += 1 }
        if end - start >= shortest {
          let role: Role =
            kind == .table
            ? .region(.table)
            : Self.isStacked(lines[start..<end], measures: measures) ? .lines : .region(.figure)
          for index in start..<end { roles[index] = role }
        }
        start = max(end, start + 1)
      }
    }
    // The rest of a word a line of text broke with a hyphen is text, however short its line
    // (a sub-figure's caption among the figure's labels).
    for index in lines.indices.dropFirst()
    where roles[index - 1] == .text && roles[index] == .region(.figure)
      && [.dropHyphen, .keepHyphen].contains(
        BlockText.join(
          lines[index - 1].texts.last ?? "", before: lines[index].texts.first ?? "",
          compounds: []))
    {
      roles[index] = .text
    }
    boldHeadings(&roles, lines: lines, in: page, measures: measures)
    // Short lines without words next to mathematics (equation numbers, a fraction's parts).
    func absorbs(_ index: Int) -> Bool {
      guard roles[index] == .text else { return false }
      let shape = LineRole.Shape(lines[index].text)
      return shape.longestLetterRun < 4 && lines[index].texts.count <= 4
        && lines[index].box.width < measures.lineWidth * 0.5
    }
    for index in lines.indices.dropFirst()
    where roles[index - 1] == .region(.mathematics) && absorbs(index) {
      roles[index] = .region(.mathematics)
    }
    for index in lines.indices.dropLast().reversed()
    where roles[index + 1] == .region(.mathematics) && absorbs(index) {
      roles[index] = .region(.mathematics)
    }
    return roles
  }

  /// Whether short lines are set one under another rather than scattered (a listing, a list
  /// of short entries, not a figure's labels): each a line's height or two under the one
  /// before, and half of them or more at the run's left edge (within two characters; the
  /// others indented, as code is).
  static func isStacked(_ run: ArraySlice<PageLine>, measures: LineRole.Measures) -> Bool {
    guard let left = run.map(\.box.x).min() else { return false }
    let aligned = run.filter { $0.box.x - left <= measures.advance * 2 }.count
    let regular = zip(run, run.dropFirst()).allSatisfy { above, below in
      let gap = below.box.y - above.box.y
      return gap > 0 && gap <= max(above.height, 0.005) * 2.6
    }
    return regular && aligned * 2 >= run.count
  }

  /// Whether `line` starts a paragraph after `above`, in a paragraph whose first line is
  /// `first`, with `below` the line after it.
  static func startsParagraph(
    _ line: PageLine, after above: PageLine, first: PageLine, before below: PageLine?,
    in page: PageWords, measures: LineRole.Measures
  ) -> Bool {
    let movesColumn =
      line.box.y < above.box.y - above.height / 2 || !line.overlapsAcross(above)
    // An entry of a table of contents (leaders, then a page number) ends like a sentence.
    let endsSentence = LineRole.Shape(above.text).endsSentence || endsEntry(above)
    // A caption ends where its column does: the next column goes on with the text the
    // figure interrupted (`withDrawnFigures` joins them).
    if movesColumn && isCaption(first.text) { return true }
    // A list's item starts one; so does the line back at the list's edge after an item.
    let sameColumn = below.flatMap { $0.box.y > line.box.y ? $0 : nil }
    if ListItem.starts(
      line, above: movesColumn ? nil : above, below: sameColumn, in: page, measures: measures)
    {
      return true
    }
    if !movesColumn,
      ListItem.ends(before: line, above: above, first: first, in: page, measures: measures)
    {
      return true
    }
    if page.words[line.words.lowerBound].paragraph
      != page.words[above.words.lowerBound].paragraph
    {
      // The next column goes on with a sentence the last one broke off.
      return !(movesColumn && !endsSentence)
    }
    if endsEntry(above) { return true }
    if endsSentence, above.box.width < measures.lineWidth * 0.8 { return true }
    // The next column's first line is measured against the line under it: indented after a
    // sentence's end, it starts a paragraph.
    guard !movesColumn else {
      guard endsSentence, let below, below.box.y > line.box.y, below.overlapsAcross(line) else {
        return false
      }
      let indent = line.box.x - below.box.x
      return indent > measures.advance * 0.8 && indent < measures.advance * 10
    }
    let indent = line.box.x - above.box.x
    return above.words != first.words && indent > measures.advance * 0.8
      && indent < measures.advance * 10
  }

  /// Whether `line` ends an entry of a table of contents or a list of figures: dot leaders
  /// (". . ." or "…") and then a page number (digits or a roman numeral).
  static func endsEntry(_ line: PageLine) -> Bool {
    let words = line.texts.filter { !$0.isEmpty }
    guard words.count >= 2, let last = words.last, last.count <= 8,
      last.allSatisfy({ $0.isNumber }) || last.lowercased().allSatisfy({ "ivxlc".contains($0) })
    else { return false }
    let before = words[words.count - 2]
    return before == "." || before.hasSuffix("..") || before.hasSuffix("…")
  }
}
