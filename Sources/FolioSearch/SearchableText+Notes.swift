import FolioCore

/// The parts of a page's searchable text that `NotesPartition` marks apart: the page's own
/// text, then each of its annotations' notes (the shelf's search reads them together).
extension SearchableText {
  /// Where the page's own text ends: at the first `NotesPartition.mark`, else the end.
  public var ownTextEnd: Int { partitions(in: 0..<utf8.count).first ?? utf8.count }

  /// The part (the page's own text, or one note) that `range` starts in, within `bounds`.
  public func part(around range: Range<Int>, within bounds: Range<Int>) -> Range<Int> {
    var lower = bounds.lowerBound
    var upper = bounds.upperBound
    let width = NotesPartition.markBytes.count
    for mark in partitions(in: bounds) {
      if mark + width <= range.lowerBound {
        lower = mark + width
      } else {
        upper = mark
        break
      }
    }
    return lower..<max(lower, upper)
  }

  /// The offsets of the marks in `range`, in order.
  private func partitions(in range: Range<Int>) -> [Int] {
    let mark = NotesPartition.markBytes
    let bytes = utf8
    guard range.count >= mark.count else { return [] }
    var found: [Int] = []
    var index = range.lowerBound
    while index + mark.count <= range.upperBound {
      if bytes[index] == mark[0], bytes[index + 1] == mark[1], bytes[index + 2] == mark[2] {
        found.append(index)
        index += mark.count
      } else {
        index += 1
      }
    }
    return found
  }
}
