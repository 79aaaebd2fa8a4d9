import FolioCore

/// One page as the reading view shows it: its blocks (`PageReflow`), their lines at the
/// measure (no margin: the layout centres the band), the size of each region's crop, and
/// the boxes of the page's words, so hits, marks and places map between the page and its
/// lines both ways.
public struct ReadingPage: Sendable {
  /// The blocks, in reading order, the page's start first.
  public let blocks: [ReadingBlock]
  /// Their lines at `measure` columns.
  public let lines: [ReadingLine]
  /// The cells each region's crop takes, by block index.
  public let crops: [Int: CellSize]
  /// The part of the page each region's crop shows, by block index (`cropRegion(ofBlock:)`).
  private let cropRegions: [Int: PageRegion]
  /// The box of each of the page's words (the numbering of the blocks' spans).
  public let wordBoxes: [PageRegion]
  /// The columns the lines were wrapped at.
  public let measure: Int
  /// The tallest a crop was let be, in rows.
  public let cropRows: Int
  /// The cells each word's text takes in the lines, by word (nil for a word not shown as
  /// text): the line where it starts, its parts on that line (a word hyphenated across lines
  /// of the page is one word in the text) in one run.
  let wordRuns: [CellRun?]
  /// The words with a box, by the height of their middle: what finds the words in a box
  /// without looking at every word of the page.
  private let wordsDown: [(middle: Double, word: Int)]

  /// What a crop's size depends on besides the region: the page's size in points, the cells'
  /// shape and the rows a crop may take at most (a screen's).
  public struct CropSetting: Hashable, Sendable {
    /// The page's size.
    public var pageSize: PointSize
    /// The cells' shape.
    public var cellAspect: CellAspect
    /// The tallest crop, in rows.
    public var maximumRows: Int

    /// Creates a setting.
    public init(pageSize: PointSize, cellAspect: CellAspect, maximumRows: Int) {
      self.pageSize = pageSize
      self.cellAspect = cellAspect
      self.maximumRows = maximumRows
    }
  }

  /// The page laid out at `measure` columns.
  public init(
    blocks: [ReadingBlock], wordBoxes: [PageRegion], measure: Int, crop: CropSetting,
    textWidth: TextWidth
  ) {
    self.blocks = blocks
    self.wordBoxes = wordBoxes
    self.measure = max(1, measure)
    cropRows = crop.maximumRows
    var crops: [Int: CellSize] = [:]
    var regions: [Int: PageRegion] = [:]
    for (index, block) in blocks.enumerated() {
      if case .region = block.kind {
        let region = Self.cropRegion(around: index, of: blocks)
        regions[index] = region
        crops[index] = Self.cropSize(of: region, measure: self.measure, setting: crop)
      }
    }
    self.crops = crops
    cropRegions = regions
    var rows: [ReadingBlock: Int] = [:]
    for (index, size) in crops { rows[blocks[index]] = size.rows }
    let lines = ReadingWrap.lines(
      of: blocks, width: self.measure, textWidth: textWidth,
      regionRows: { rows[$0] ?? 1 })
    self.lines = lines
    wordsDown = wordBoxes.indices.filter { wordBoxes[$0].height > 0 }
      .map { (wordBoxes[$0].y + wordBoxes[$0].height / 2, $0) }.sorted { $0.middle < $1.middle }
    wordRuns = Self.wordRuns(
      of: lines, blocks: blocks, wordCount: wordBoxes.count, textWidth: textWidth)
  }

  /// The run of cells of every word shown as text in `lines`. O(characters).
  private static func wordRuns(
    of lines: [ReadingLine], blocks: [ReadingBlock], wordCount: Int, textWidth: TextWidth
  ) -> [CellRun?] {
    var runs = [CellRun?](repeating: nil, count: wordCount)
    var block = -1
    var columns: [Int] = []
    var spans: [ReadingBlock.Span] = []
    for (row, line) in lines.enumerated() where !line.text.isEmpty {
      switch line.style {
      case .body, .heading: break
      case .pageStart, .region, .blank: continue
      }
      if line.block != block {
        // The columns before each offset of the block's text.
        block = line.block
        spans = blocks[block].spans
        columns = [0]
        for scalar in blocks[block].text.unicodeScalars {
          columns.append(columns[columns.count - 1] + max(0, textWidth.columns(scalar)))
        }
      }
      let base = columns[min(line.text.lowerBound, columns.count - 1)]
      for span in spans where span.text.overlaps(line.text) {
        let shown = span.text.clamped(to: line.text)
        let start = columns[min(shown.lowerBound, columns.count - 1)] - base
        let end = columns[min(shown.upperBound, columns.count - 1)] - base
        guard runs.indices.contains(span.word) else { continue }
        let columns = start..<max(end, start + 1)
        if let known = runs[span.word] {
          // The second part of a word on the same line widens its run; elsewhere it is left.
          if known.row == row {
            runs[span.word] = CellRun(
              row: row,
              columns: min(
                known.columns.lowerBound, start)..<max(known.columns.upperBound, columns.upperBound)
            )
          }
        } else {
          runs[span.word] = CellRun(row: row, columns: columns)
        }
      }
    }
    return runs
  }

  /// The same page at another measure.
  public func rewrapped(to measure: Int, crop: CropSetting, textWidth: TextWidth) -> ReadingPage {
    ReadingPage(
      blocks: blocks, wordBoxes: wordBoxes, measure: measure, crop: crop, textWidth: textWidth)
  }

  /// The cells a crop of `box` takes: as wide as its share of a text column set at the
  /// measure (a column is taken as three quarters of the page, so a figure across the
  /// text is the measure wide, one in a column of two about half of it), at least 8 columns,
  /// as many rows as keep its shape, at most `maximumRows` (narrower then).
  static func cropSize(of box: PageRegion, measure: Int, setting: CropSetting) -> CellSize {
    let width = max(box.width * setting.pageSize.width, 1)
    let height = max(box.height * setting.pageSize.height, 1)
    var columns = min(measure, max(8, Int((Double(measure) * box.width / 0.75).rounded())))
    columns = min(columns, measure)
    var rows = Double(columns) * height / (width * setting.cellAspect.value)
    let most = Double(max(1, setting.maximumRows))
    if rows > most {
      columns = max(1, Int((Double(columns) * most / rows).rounded(.down)))
      rows = most
    }
    return CellSize(columns: columns, rows: max(1, Int(rows.rounded())))
  }

  /// The line of the first block at or below `top` (a fraction of the page's height, as a
  /// destination gives it), not wholly left of `left` (the place's column) when given: the heading an outline entry names, the paragraph a mark was set
  /// on; inside a paragraph, its first line that starts there or below. Nil when nothing
  /// of the page is shown below it (the place is at its foot). O(lines).
  public func line(atOrBelow top: Double, left: Double? = nil) -> Int? {
    let slack = 0.002
    // A place this view gave (`place(ofLine:)`): the line of the word it names.
    if let left,
      let word = wordBoxes.indices.first(where: {
        abs(wordBoxes[$0].y - top) < 0.0005 && abs(wordBoxes[$0].x - left) < 0.0005
      }), let line = line(showingWord: word)
    {
      return line
    }
    for (index, block) in blocks.enumerated() where block.kind != .pageStart {
      guard block.box.y + block.box.height > top + slack else { continue }
      // A place in the right column is not in a block wholly left of it (the left column).
      if let left, block.box.x + block.box.width < left - slack { continue }
      let first = lines.firstIndex { $0.block == index && $0.style != .blank } ?? 0
      // Inside a paragraph: its first line whose text reaches below the place.
      var line = first
      while lines.indices.contains(line), lines[line].block == index,
        lines[line].style != .blank
      {
        if lastWordBottom(ofLine: line).map({ $0 > top + slack }) ?? true { return line }
        line += 1
      }
      return first
    }
    return nil
  }

  /// The bottom of the last word line `line` shows; nil for a line without text.
  private func lastWordBottom(ofLine line: Int) -> Double? {
    let shown = lines[line]
    guard !shown.text.isEmpty,
      let word = blocks[shown.block].word(atOffset: shown.text.upperBound - 1),
      wordBoxes.indices.contains(word), wordBoxes[word].height > 0
    else { return nil }
    return wordBoxes[word].y + wordBoxes[word].height
  }

  /// Where line `line` is on the page: the top-left of the first word it shows, else its
  /// block's top (the page's top for its start) and no left.
  public func place(ofLine line: Int) -> (top: Double, left: Double?) {
    guard lines.indices.contains(line) else { return (0, nil) }
    let shown = lines[line]
    if !shown.text.isEmpty, let word = blocks[shown.block].word(atOffset: shown.text.lowerBound),
      wordBoxes.indices.contains(word), wordBoxes[word].height > 0
    {
      return (wordBoxes[word].y, wordBoxes[word].x)
    }
    return (top(ofLine: line), nil)
  }

  /// Where line `line` is on the page, as a fraction of its height: the top of the first word
  /// it shows, else its block's top (the page's top for its start). O(line's block).
  public func top(ofLine line: Int) -> Double {
    guard lines.indices.contains(line) else { return 0 }
    let shown = lines[line]
    let block = blocks[min(shown.block + (shown.style == .blank ? 1 : 0), blocks.count - 1)]
    if !shown.text.isEmpty, let word = block.word(atOffset: shown.text.lowerBound),
      wordBoxes.indices.contains(word), wordBoxes[word].height > 0
    {
      return wordBoxes[word].y
    }
    return block.kind == .pageStart ? 0 : block.box.y
  }

  /// The words of the page a box of it shows (a hit's): those whose middle is inside it, else
  /// the word the box's middle is in. O(log words + words on those lines).
  public func words(in box: PageRegion) -> [Int] {
    func isInside(_ x: Double, _ y: Double, _ region: PageRegion) -> Bool {
      x >= region.x && x <= region.x + region.width && y >= region.y
        && y <= region.y + region.height
    }
    /// The words whose middles are between `top` and `bottom`, in page order.
    func near(_ top: Double, _ bottom: Double) -> [Int] {
      let first = wordsDown.partitioningIndex { $0.middle >= top }
      return wordsDown[first...].prefix { $0.middle <= bottom }.map(\.word).sorted()
    }
    let inside = near(box.y, box.y + box.height).filter {
      let word = wordBoxes[$0]
      return isInside(word.x + word.width / 2, word.y + word.height / 2, box)
    }
    guard inside.isEmpty else { return inside }
    // A part of a word (a hit inside it): the word its middle is in, among those whose middle
    // is within a tall word's half height of it.
    let middle = (box.x + box.width / 2, box.y + box.height / 2)
    return near(middle.1 - 0.05, middle.1 + 0.05).first {
      isInside(middle.0, middle.1, wordBoxes[$0])
    }.map { [$0] } ?? []
  }

  /// The line that shows `word`: the line of its block where its text begins, a region's
  /// first line for a word inside a region; nil for a word left out (a running head's).
  /// O(1) for a word of the text, O(lines) else.
  public func line(showingWord word: Int) -> Int? {
    if wordRuns.indices.contains(word), let run = wordRuns[word] { return run.row }
    return lines.indices.first { index in
      lines[index].style == .region && blocks[lines[index].block].words.contains(word)
    }
  }

  /// The line that shows the words inside `box`, the first of them; nil when none is shown.
  public func line(showing box: PageRegion) -> Int? {
    words(in: box).lazy.compactMap { line(showingWord: $0) }.first
  }

  /// The part of the page the crop of region block `index` shows.
  public func cropRegion(ofBlock index: Int) -> PageRegion {
    cropRegions[index] ?? blocks[index].box
  }

  /// The part of the page to crop for region block `index`: its text's box grown to the text
  /// around it, since a figure's drawing reaches past its labels: up to the block above it
  /// and down to the block below it among those beside it on the page (the same column), and
  /// across to that column's edges. A page without text is the whole page. O(blocks).
  static func cropRegion(around index: Int, of blocks: [ReadingBlock]) -> PageRegion {
    let box = blocks[index].box
    if case .region(.page) = blocks[index].kind {
      return PageRegion(x: 0, y: 0, width: 1, height: 1)
    }
    let margin = 0.04
    var top = margin
    var bottom = 1 - margin
    var left = box.x
    var right = box.x + box.width
    var above: PageRegion?
    var below: PageRegion?
    for (other, block) in blocks.enumerated() where other != index && block.kind != .pageStart {
      let frame = block.box
      guard frame.x < box.x + box.width, frame.x + frame.width > box.x else { continue }
      if frame.y + frame.height <= box.y + 0.002, frame.y + frame.height >= top {
        top = frame.y + frame.height
        above = frame
      } else if frame.y >= box.y + box.height - 0.002, frame.y <= bottom {
        bottom = frame.y
        below = frame
      }
    }
    // As wide as the text of its column next to it.
    for frame in [above, below].compactMap({ $0 }) {
      left = min(left, frame.x)
      right = max(right, frame.x + frame.width)
    }
    // Clear of the text above and below (its descenders, its accents).
    if above != nil { top += 0.008 }
    if below != nil { bottom -= 0.008 }
    top = min(top, box.y)
    bottom = max(bottom, box.y + box.height)
    // Never over text beside it (a note in the margin, the other column).
    for (other, block) in blocks.enumerated() where other != index && block.kind != .pageStart {
      let frame = block.box
      guard frame.y < bottom, frame.y + frame.height > top else { continue }
      if frame.x >= box.x + box.width {
        right = min(right, frame.x)
      } else if frame.x + frame.width <= box.x {
        left = max(left, frame.x + frame.width)
      }
    }
    let pad = 0.004
    let x = max(0, left - pad)
    let y = max(0, top)
    return PageRegion(
      x: x, y: y, width: min(1, right + pad) - x, height: min(1, bottom) - y)
  }
}
