import FolioCore

/// Reading blocks laid out at a width (`ReadingWrap`), with the lookups a reading view needs
/// both ways: the line that shows a word of a page (a search hit, a mark, the place the page
/// views were left at) and the first word a line shows (the place to keep when switching to
/// them).
public struct ReadingLayout: Sendable {
  /// The blocks, in reading order.
  public let blocks: [ReadingBlock]
  /// Their lines at the width.
  public let lines: [ReadingLine]
  /// The index of each block's first line.
  private let firstLines: [Int]

  /// `blocks` laid out at `width` columns. O(characters).
  public init(blocks: [ReadingBlock], width: Int, textWidth: TextWidth) {
    self.blocks = blocks
    lines = ReadingWrap.lines(of: blocks, width: width, textWidth: textWidth)
    var firstLines = Array(repeating: lines.count, count: blocks.count)
    for (index, line) in lines.enumerated().reversed() where line.style != .blank {
      firstLines[line.block] = index
    }
    self.firstLines = firstLines
  }

  /// The line that shows `word` of `page`'s words: the line of its block where its text
  /// begins (a region's placeholder for a word inside a region, a heading's line for a word of
  /// a heading). A word left out (a running head's) or without text of its own shows on the
  /// line of the next word of its block that has; nil when no block holds it.
  public func line(showing word: Int, on page: PageIndex) -> Int? {
    guard
      let index = blocks.firstIndex(where: { $0.page == page && $0.words.contains(word) })
    else { return nil }
    let block = blocks[index]
    switch block.kind {
    case .paragraph, .heading: return lineOf(offset: offset(of: word, in: block), index)
    default: return firstLines[index] < lines.count ? firstLines[index] : nil
    }
  }

  /// The first word of a page a line shows: its text's first word, or for a page start, an
  /// empty line or a placeholder, the first word of the blocks from it on (nil past the last).
  public func firstWord(on line: Int) -> (page: PageIndex, word: Int)? {
    guard lines.indices.contains(line) else { return nil }
    let shown = lines[line]
    if !shown.text.isEmpty, let word = blocks[shown.block].word(atOffset: shown.text.lowerBound) {
      return (blocks[shown.block].page, word)
    }
    let start = shown.style == .blank ? shown.block + 1 : shown.block
    for block in blocks[min(start, blocks.count)...] {
      if let span = block.spans.first { return (block.page, span.word) }
      if !block.words.isEmpty { return (block.page, block.words.lowerBound) }
    }
    return nil
  }

  /// The line of `page`'s start (its rule); nil when the blocks do not hold it.
  public func line(startingPage page: PageIndex) -> Int? {
    blocks.firstIndex { $0.kind == .pageStart && $0.page == page }.map { firstLines[$0] }
      .flatMap { $0 < lines.count ? $0 : nil }
  }

  /// The offset in `block`'s text where `word` (or the next word with text) begins.
  private func offset(of word: Int, in block: ReadingBlock) -> Int {
    block.spans.first { $0.word >= word }?.text.lowerBound ?? block.text.unicodeScalars.count
  }

  /// The line of block `index` that holds `offset` of its text (its last line past the end).
  private func lineOf(offset: Int, _ index: Int) -> Int? {
    var line = firstLines[index]
    var last: Int?
    while line < lines.count, lines[line].block == index, lines[line].style != .blank {
      last = line
      if offset < lines[line].text.upperBound { return line }
      line += 1
    }
    return last
  }
}
