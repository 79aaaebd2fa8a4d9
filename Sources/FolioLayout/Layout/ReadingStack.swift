import FolioCore

/// The reading view's layout: every page of the document as a band of text lines, one after
/// another down the screen with one empty row between them, as wide as the measure and
/// centred in the viewport. A page's band is as tall as its reflowed lines, or an estimate
/// for a page not reflowed yet; the bands are the layout's items, so going to a page,
/// scrolling, the jump list and the reader's place work as in the other views.
///
/// Making one is O(n) in pages; `frame(ofItem:)` and `item` are O(1), `items(intersecting:)`
/// and the continuous index O(log n).
public struct ReadingStack: DocumentLayout {
  public let viewportSize: CellSize
  public let spreads: SpreadArrangement
  public let contentSize: CellSize
  /// The columns of a band: the measure, at most the viewport's width.
  public let measure: Int
  /// Each page's band: its first row and its rows (at least 1).
  private let track: Track

  /// The empty rows between two pages' bands.
  public static let gap = 1

  /// Lays out pages whose bands are `rows` tall (each at least 1) at `measure` columns for a
  /// viewport (an empty one counts as 1 x 1). O(n).
  public init(rows: [Int], measure: Int, viewportSize: CellSize) {
    let viewport = viewportSize.atLeastOneCell
    self.viewportSize = viewport
    self.measure = max(1, min(measure, viewport.columns))
    spreads = .singlePages(rows.count)
    var starts = [Int](repeating: 0, count: rows.count)
    var lengths = [Int](repeating: 1, count: rows.count)
    var position = 0
    for (index, count) in rows.enumerated() {
      starts[index] = position
      lengths[index] = max(1, count)
      position += lengths[index] + Self.gap
    }
    track = Track(starts: starts, lengths: lengths)
    contentSize = CellSize(
      columns: viewport.columns, rows: rows.isEmpty ? 0 : position - Self.gap)
  }

  public var progression: LayoutProgression { .topToBottom }

  /// Short content starts at the top, as a text does.
  public var shortContentAlignment: ShortContentAlignment { .start }

  public func frame(ofItem index: Int) -> CellRect {
    CellRect(
      x: (contentSize.columns - measure) / 2, y: track.starts[index], columns: measure,
      rows: track.lengths[index])
  }

  public func item(_ index: Int) -> LayoutItem {
    let frame = frame(ofItem: index)
    return LayoutItem(
      index: index, frame: frame,
      pages: PlacedPages(PlacedPage(page: PageIndex(index), frame: frame)))
  }

  public func items(intersecting rect: CellRect) -> [LayoutItem] {
    guard !rect.isEmpty else { return [] }
    return track.items(meeting: rect.minY, rect.maxY).filter {
      frame(ofItem: $0).intersects(rect)
    }.map(item)
  }

  public func continuousIndex(atAxisCoordinate coordinate: Double) -> ContinuousSpreadIndex {
    track.index(at: coordinate, length: contentSize.rows)
  }

  public func axisCoordinate(for index: ContinuousSpreadIndex) -> Double {
    track.position(for: index)
  }

  /// The page whose band holds row `row`, and the row within it (0 at its first row; a row
  /// of the gap after a band counts as its last). Nil without pages. O(log n).
  public func place(atRow row: Int) -> (page: PageIndex, row: Int)? {
    guard track.count > 0 else { return nil }
    var index = min(track.firstItem(endingAfter: row), track.count - 1)
    if track.starts[index] > row, index > 0 { index -= 1 }
    return (PageIndex(index), min(max(0, row - track.starts[index]), track.lengths[index] - 1))
  }
}
