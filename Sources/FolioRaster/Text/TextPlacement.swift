import FolioCore

/// A page's text laid out once on the page's cell grid at one size: for each line, the cells
/// its characters go in, the row they are on, and the span of cells the line clears of block
/// art. Every tile of the page draws its part of this one placement, so a word that crosses a
/// tile's edge is neither lost nor doubled, at any zoom. O(characters) to make.
///
/// Within a line characters keep their order left to right; a word starts at its place on the
/// page, at least a cell after the word before, and its characters follow each other. A line
/// that would run past the page's right edge gives way before its last word is cut: dot and
/// tab leaders (". . . .", "……", "____") shrink first, then the space words were pushed right
/// by, so a table of contents keeps its page numbers whole. A line always starts where it
/// starts on the page; what still does not fit is cut at the right, a whole word at a time.
/// A line also ends a cell before the next line that starts to its right on its row. Of two
/// lines that fall on one row over the same columns, the first placed is drawn and the other
/// stays block art: their letters are never interleaved.
public struct TextPlacement: Sendable {
  /// One character in a cell.
  public struct Glyph: Hashable, Sendable {
    /// Its column in the grid.
    public var column: Int
    public var scalar: Unicode.Scalar
    /// 2 for a wide character.
    public var width: Int
  }

  /// One line of text.
  public struct Line: Sendable {
    /// The row its characters are on.
    public var row: Int
    /// The rows its glyphs cover, cleared of block art in `span`.
    public var rows: Range<Int>
    /// The columns from its first character to its last and those its ink covers, cleared of
    /// block art.
    public var span: Range<Int>
    /// The columns its glyphs' boxes cover on the page (where its ink is looked for).
    public var inkColumns: Range<Int>
    /// Whether `.auto` draws it (its glyphs about a cell tall and wide).
    public var isLegible: Bool
    public var glyphs: [Glyph]
  }

  /// The grid it is laid out on.
  public let grid: PageGrid
  /// The lines, top to bottom as the text gives them.
  public let lines: [Line]

  /// Lays out `text` on `grid`, measuring characters with `width`. Lines `.auto` draws are
  /// placed first, so text it leaves out never pushes them aside.
  public init(text: PageText, grid: PageGrid, width: TextWidth = .approximate) {
    self.grid = grid
    let size = grid.size
    var taken = [Bool](repeating: false, count: size.area)
    // The page's right edge: a line gives way before it runs past it.
    let limit = min(size.columns, Int((grid.cellsAcross - grid.phaseX).rounded(.up)))
    let found = TextLine.lines(of: text, region: grid.region, size: size).filter {
      $0.row >= 0 && $0.row < size.rows
    }
    let legible = Self.legibility(of: found, rows: size.rows)
    let ends = Self.ends(of: found, limit: limit)
    var placed = [Line?](repeating: nil, count: found.count)
    // The columns of the lines placed on each row: a line over another's columns on its row
    // (two page lines falling on one row at a small size) stays block art.
    var spans = [[Range<Int>]](repeating: [], count: size.rows)
    for pass in [true, false] {
      for (index, line) in found.enumerated() where legible[index] == pass {
        guard !spans[line.row].contains(where: { $0.overlaps(line.columns) }) else { continue }
        let glyphs = Self.place(
          line, limit: ends[index], columns: size.columns, taken: &taken, width: width)
        guard let first = glyphs.first, let last = glyphs.last else { continue }
        let rows =
          max(
            0, min(line.row, Int(line.top.rounded(.down))))..<min(
            size.rows, max(line.row + 1, Int(line.bottom.rounded(.up))))
        // Its characters' cells and its ink's (a heading's large letters reach past the cells
        // its characters take): no piece of its block art is left beside its text.
        let span =
          max(
            0, min(first.column, line.columns.lowerBound))..<min(
            size.columns, max(last.column + last.width, line.columns.upperBound))
        spans[line.row].append(span)
        placed[index] = Line(
          row: line.row, rows: rows, span: span,
          inkColumns: line.columns, isLegible: pass, glyphs: glyphs)
      }
    }
    self.lines = placed.compactMap { $0 }
  }

  /// Which of `lines` `.auto` draws: those about a cell tall and wide and, on a page that has
  /// some, lines a little smaller (a monospaced word, a caption) where no other line drawn is.
  private static func legibility(of lines: [TextLine], rows: Int) -> [Bool] {
    // A short line's sizes are medians of a few letters: it goes with a long line of its size
    // near it (a paragraph's last line "breaks." is text when the paragraph is, art when not).
    var legible = lines.map(\.isLegible)
    var nearly = lines.map(\.isNearlyLegible)
    var longByRow: [Int: [Int]] = [:]
    for (index, line) in lines.enumerated() where line.glyphs.count >= shortLine {
      longByRow[line.row, default: []].append(index)
    }
    for (index, line) in lines.enumerated() where line.glyphs.count < shortLine {
      let nearest = [0, -1, 1, -2, 2, -3, 3].lazy.compactMap { longByRow[line.row + $0] }
      let guide = nearest.lazy.compactMap { candidates in
        candidates.first { other in
          abs(lines[other].height - line.height) <= 0.1 * line.height
            && lines[other].columns.overlaps(line.columns)
        }
      }.first
      if let guide {
        legible[index] = lines[guide].isLegible
        nearly[index] = lines[guide].isNearlyLegible
      }
    }
    guard legible.contains(true) else { return legible }
    // The columns each row's drawn lines cover, a cell to spare on each side.
    var used = [[Range<Int>]](repeating: [], count: rows)
    func take(_ line: TextLine) {
      used[line.row].append((line.columns.lowerBound - 1)..<(line.columns.upperBound + 1))
    }
    for (line, isLegible) in zip(lines, legible) where isLegible { take(line) }
    for (index, line) in lines.enumerated() where !legible[index] && nearly[index] {
      guard !used[line.row].contains(where: { $0.overlaps(line.columns) }) else { continue }
      legible[index] = true
      take(line)
    }
    return legible
  }

  /// The column each line must end by: the page's right edge, or a cell before the next line
  /// that starts to its right on its row starts (a margin note beside a body line, a table's
  /// of a table), so a line whose letters need more cells than the page gives them is cut
  /// before its neighbour instead of running into it.
  private static func ends(of lines: [TextLine], limit: Int) -> [Int] {
    var startsByRow: [Int: [Int]] = [:]
    for line in lines { startsByRow[line.row, default: []].append(line.columns.lowerBound) }
    return lines.map { line in
      // Lines over its own columns are not neighbours: one of the two stays block art.
      let end = line.columns.upperBound
      let next = startsByRow[line.row, default: []].filter { $0 >= end }.min()
      return next.map { min(limit, $0) } ?? limit
    }
  }

  /// Lines with fewer characters take their legibility from a longer line near them.
  static let shortLine = 12

  /// Whether `.auto` draws any line.
  public var hasLegibleLines: Bool { lines.contains(where: \.isLegible) }

  /// The characters of `line` in their cells, fitted to `limit` columns; `taken` marks the
  /// cells lines placed before took (a character moves right past them).
  private static func place(
    _ line: TextLine, limit: Int, columns: Int, taken: inout [Bool], width: TextWidth
  ) -> [Glyph] {
    let items = LineItems(line, width: width)
    let starts = items.fittedStarts(limit: limit)
    var placed: [Glyph] = []
    var next = Int.min
    var leader: (filler: Unicode.Scalar, isSpaced: Bool, from: Int)?
    func fill(_ filler: Unicode.Scalar, spaced: Bool, from start: Int, to end: Int) {
      // A leader squeezed to nothing (its words a cell apart) fills nothing.
      for column in start..<max(start, end) where column >= 0 && column < columns {
        // Spaced dots on even columns, so the leaders of lines one above another line up.
        guard !spaced || column % 2 == 0, !taken[line.row * columns + column] else { continue }
        placed.append(Glyph(column: column, scalar: filler, width: 1))
        taken[line.row * columns + column] = true
      }
    }
    for (index, item) in items.items.enumerated() {
      switch item {
      case .word(let characters):
        let gap = next != Int.min && (items.gapBefore[index] || leader != nil) ? 1 : 0
        var column = next == Int.min ? starts[index] : max(starts[index], next + gap)
        if let pending = leader {
          // The leader fills what the words around it leave, a cell from each.
          fill(pending.filler, spaced: pending.isSpaced, from: pending.from + 1, to: column - 1)
          leader = nil
        }
        // A word is drawn whole or not at all: one that would run past the page's right edge,
        // into another line's characters or up against them ("2.1ASN.1" of a section number
        // and its title, separate lines of the text) ends the line there (the rest stays
        // block art). A line's first word starts a cell later to keep a gap after another's.
        column = max(column, 0)
        let rowStart = line.row * columns
        if next == Int.min, column > 0, column < columns, taken[rowStart + column - 1] {
          column += 1
        }
        let end = column + items.widths[index]
        guard end <= limit,
          !(column..<min(end + 1, columns)).contains(where: { taken[rowStart + $0] })
        else { return placed.sorted { $0.column < $1.column } }
        for (scalar, cellWidth) in characters {
          placed.append(Glyph(column: column, scalar: scalar, width: cellWidth))
          for offset in 0..<cellWidth { taken[line.row * columns + column + offset] = true }
          column += cellWidth
        }
        next = column
      case .leader(let filler, let isSpaced):
        leader = (filler, isSpaced, next == Int.min ? starts[index] - 1 : next)
      }
    }
    if let pending = leader, let end = items.naturalEnd.last {
      // A leader at the end of a line runs to where it ends on the page.
      fill(pending.filler, spaced: pending.isSpaced, from: pending.from + 1, to: min(end, limit))
    }
    return placed.sorted { $0.column < $1.column }
  }
}

/// A line's words and leaders (runs of dots or rules that join an entry to its page number),
/// with where each word would start on its own and how wide it is.
struct LineItems {
  enum Item {
    /// A word's characters, each with its width in cells.
    case word([(Unicode.Scalar, Int)])
    /// A leader: the character it repeats, and whether its characters stand a cell apart.
    case leader(Unicode.Scalar, isSpaced: Bool)
  }

  /// The characters a leader is made of.
  static let fillers: Set<Unicode.Scalar> = [".", "·", "…", "‥", "_", "∙", "⋯"]
  /// Leaders are runs of at least this many fillers.
  static let leaderLength = 3

  var items: [Item] = []
  /// Each item's start on the page (the column its first glyph is at) and end.
  var natural: [Int] = []
  var naturalEnd: [Int] = []
  /// Whether a word gap comes before each item.
  var gapBefore: [Bool] = []
  /// Each item's width in cells (0 for a leader: it shrinks to nothing).
  var widths: [Int] = []

  init(_ line: TextLine, width: TextWidth) {
    // Words: runs of glyphs without a gap.
    var words: [[TextLine.Glyph]] = []
    for glyph in line.glyphs where width.columns(glyph.scalar) > 0 {
      if glyph.followsGap || words.isEmpty { words.append([]) }
      words[words.count - 1].append(glyph)
    }
    var index = 0
    while index < words.count {
      // A run of words made of fillers only, long enough, is one leader.
      var end = index
      var fillers = 0
      while end < words.count, words[end].allSatisfy({ Self.fillers.contains($0.scalar) }) {
        fillers += words[end].count
        end += 1
      }
      let first = words[index][0]
      if end > index && fillers >= Self.leaderLength
        && Self.spansItsGap(
          from: first, to: words[end - 1].last ?? first, before: words[end...].first)
      {
        items.append(.leader(first.scalar, isSpaced: end - index > 1))
        natural.append(Self.column(of: first))
        naturalEnd.append(Self.column(of: words[end - 1].last ?? first) + 1)
        gapBefore.append(first.followsGap)
        widths.append(0)
        index = end
        continue
      }
      let word = words[index]
      let characters = word.map { ($0.scalar, width.columns($0.scalar)) }
      let wordWidth = characters.reduce(0) { $0 + $1.1 }
      items.append(.word(characters))
      natural.append(Self.column(of: word[0]))
      naturalEnd.append(Self.column(of: word[0]) + wordWidth)
      gapBefore.append(word[0].followsGap)
      widths.append(wordWidth)
      index += 1
    }
  }

  /// Whether a run of fillers from `first` to `last` covers at least half of the page from its
  /// start to the next word's: a leader is long on the page, while "..." in code followed by
  /// wide space before a comment is a word drawn as itself. A run that ends its line is one.
  static func spansItsGap(
    from first: TextLine.Glyph, to last: TextLine.Glyph, before next: [TextLine.Glyph]?
  ) -> Bool {
    guard let next = next?.first else { return true }
    return last.right - first.left >= 0.5 * (next.left - first.left)
  }

  /// The column a glyph's place on the page puts it in.
  static func column(of glyph: TextLine.Glyph) -> Int {
    Int(saturating: (glyph.left + 0.3).rounded(.down), rounding: .towardZero)
  }

  /// Where each item starts: words at their place, at least a cell after the word before (a
  /// leader between them may shrink to nothing); if the last word would then end past
  /// `limit`, the words before it move left as far as needed and the leaders and the space
  /// they had allow, so the line's end comes whole.
  func fittedStarts(limit: Int) -> [Int] {
    let count = items.count
    guard count > 0 else { return [] }
    // The gap each item needs after the one before.
    var minimumGap = [Int](repeating: 0, count: count)
    for index in 1..<max(1, count) where index < count {
      if case .leader = items[index - 1] { minimumGap[index] = 1 }
      if gapBefore[index] { minimumGap[index] = 1 }
      if case .leader = items[index] { minimumGap[index] = 0 }
    }
    // Left to right, each item at its place or just after the one before.
    var greedy = [Int](repeating: 0, count: count)
    var end = Int.min
    for index in 0..<count {
      greedy[index] = end == Int.min ? natural[index] : max(natural[index], end + minimumGap[index])
      end = greedy[index] + widths[index]
    }
    guard end > limit else { return greedy }
    // The latest each item may start for everything after it to end by `limit`.
    var latest = [Int](repeating: 0, count: count)
    var bound = limit
    for index in stride(from: count - 1, through: 0, by: -1) {
      latest[index] = bound - widths[index]
      bound = latest[index] - minimumGap[index]
    }
    // The line starts where it starts on the page, whatever follows: one too long for the page
    // is cut at the right, never moved left past its own start (or a column's edge).
    var fitted = [Int](repeating: 0, count: count)
    end = Int.min
    for index in 0..<count {
      let wanted = min(greedy[index], latest[index])
      fitted[index] =
        end == Int.min ? greedy[index] : max(end + minimumGap[index], wanted)
      end = fitted[index] + widths[index]
    }
    return fitted
  }
}
