import FolioCore

/// Selecting text in the reading view: the selection starts at the top line's first word,
/// moves by the reflowed lines (`j k 0 $`), and selected words are shown on the reflowed
/// lines that show them.
extension TextSelectionMode {
  /// Starts the selection at the first word of the reading view's top line, once its page's
  /// text is read.
  mutating func placeInReading(_ state: AppState) {
    let here = state.here
    guard let words = state.document.texts[here.page], !words.words.isEmpty else { return }
    let top = here.top ?? 0
    // The top line's first word itself (the reflow keeps the page's boxes), else the first
    // word at or below it.
    let first =
      here.left.flatMap { left in
        words.words.firstIndex { abs($0.box.x - left) < 0.0005 && abs($0.box.y - top) < 0.0005 }
      } ?? words.words.firstIndex { $0.box.height > 0 && $0.box.y + 0.001 >= top } ?? 0
    // A word the view leaves out (the page's running head) gives way to the first shown.
    let shown = state.reading.pages[here.page].flatMap {
      Self.shownRun(near: first, in: $0, forward: true)?.0
    }
    start(at: Position(page: here.page, word: shown ?? first))
  }

  /// The selected words `range` of `page` in the reading view: the cells of its lines that
  /// show them, and the space between two of them on a line, in reverse video.
  func drawInReading(
    _ words: PageWords, _ range: ClosedRange<Int>, of page: PageIndex, state: AppState,
    area: CellRect, on screen: inout ScreenBuffer
  ) {
    var rows: [Int: (minX: Int, maxX: Int)] = [:]
    for index in range where words.words.indices.contains(index) {
      for cells in state.readingCells(showing: words.words[index].box, on: page) {
        let known = rows[cells.minY]
        rows[cells.minY] = (
          min(known?.minX ?? cells.minX, cells.minX), max(known?.maxX ?? cells.maxX, cells.maxX)
        )
      }
    }
    for (y, span) in rows where y >= area.minY && y < area.maxY {
      for x in max(area.minX, span.minX)..<max(max(area.minX, span.minX), min(area.maxX, span.maxX))
      {
        screen[x, y].attributes.insert(.reverse)
      }
    }
  }

  /// The word on the reflowed line `count` lines of text on from `position`'s (into the pages
  /// around when its page's lines end), nearest across to it; nil where a page on the way is
  /// not reflowed. A word the view does not show (a running head's, a region's) counts from
  /// the nearest word shown after it, or before it going back.
  func readingLine(from position: Position, by count: Int, _ state: AppState) -> Position? {
    guard count != 0, var shown = state.reading.pages[position.page],
      let (_, run) = Self.shownRun(near: position.word, in: shown, forward: count > 0)
    else { return nil }
    let column = shown.lines[run.row].indent + run.columns.lowerBound
    let step = count > 0 ? 1 : -1
    var page = position.page
    var row = run.row
    var left = abs(count)
    while true {
      row += step
      if !shown.lines.indices.contains(row) {
        page = PageIndex(page.rawValue + step)
        guard let next = state.reading.pages[page], !next.lines.isEmpty else { return nil }
        shown = next
        row = step > 0 ? 0 : next.lines.count - 1
      }
      guard !shown.lines[row].text.isEmpty else { continue }
      left -= 1
      // A line of text without a word of the page (none here) is passed over.
      if left <= 0,
        let word = shown.word(
          atRow: row, column: max(0, column - shown.lines[row].indent), textWidth: .approximate)
      {
        return Position(page: page, word: word)
      }
    }
  }

  /// The first or last word of the reflowed line that shows `position` (or the nearest word
  /// shown, for one the view leaves out).
  func readingLineEnd(of position: Position, last: Bool, _ state: AppState) -> Position? {
    guard let shown = state.reading.pages[position.page],
      let (_, run) = Self.shownRun(near: position.word, in: shown, forward: last)
    else { return nil }
    return shown.word(atRow: run.row, column: last ? Int.max : 0, textWidth: .approximate).map {
      Position(page: position.page, word: $0)
    }
  }

  /// `word` and the cells showing it, or the nearest word shown after it (`forward`) or
  /// before it, and its cells; nil when the page shows none that way.
  static func shownRun(near word: Int, in shown: ReadingPage, forward: Bool)
    -> (Int, ReadingPage.CellRun)?
  {
    var index = word
    while index >= 0, index < shown.wordBoxes.count {
      if let run = shown.runs(showing: [index]).first { return (index, run) }
      index += forward ? 1 : -1
    }
    return nil
  }
}
