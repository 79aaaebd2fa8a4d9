import FolioCore

/// Where words of the page are in the page's band: the rows and columns their text takes in
/// the reading view's lines, for tinting hits and selections, labelling links and finding the
/// word under the mouse.
extension ReadingPage {
  /// A run of cells in the band: a row (a line) and columns from the line's start.
  public struct CellRun: Hashable, Sendable {
    /// The line.
    public var row: Int
    /// The columns, from the start of the line.
    public var columns: Range<Int>
  }

  /// The cells that show `words` (indexes of the page's words), one run a line, in order:
  /// on each line from the first of them to the end of the last. Words left out (a running
  /// head's) or inside a region take none. O(words).
  public func runs(showing words: [Int]) -> [CellRun] {
    var byRow: [Int: Range<Int>] = [:]
    for word in words where wordRuns.indices.contains(word) {
      guard let run = wordRuns[word] else { continue }
      byRow[run.row] =
        byRow[run.row].map {
          min($0.lowerBound, run.columns.lowerBound)..<max($0.upperBound, run.columns.upperBound)
        } ?? run.columns
    }
    return byRow.sorted { $0.key < $1.key }.map { CellRun(row: $0.key, columns: $0.value) }
  }

  /// The word of the page shown at `column` of line `row`, if a word is there (the nearest
  /// on the line when the column is past its end). O(line).
  public func word(atRow row: Int, column: Int, textWidth: TextWidth) -> Int? {
    guard lines.indices.contains(row), !lines[row].text.isEmpty else { return nil }
    let line = lines[row]
    let block = blocks[line.block]
    let scalars = Array(block.text.unicodeScalars)
    var used = 0
    var last: Int?
    for offset in line.text {
      used += max(0, textWidth.columns(scalars[offset]))
      if let word = block.word(atOffset: offset) {
        last = word
        if used > column { return word }
      }
    }
    return last
  }
}
