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
  /// The first row of each page's band, increasing.
  private let starts: [Int]
  /// Each band's rows, at least 1.
  private let lengths: [Int]

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
    self.starts = starts
    self.lengths = lengths
    contentSize = CellSize(
      columns: viewport.columns, rows: rows.isEmpty ? 0 : position - Self.gap)
  }

  public var progression: LayoutProgression { .topToBottom }

  /// Short content starts at the top, as a text does.
  public var shortContentAlignment: ShortContentAlignment { .start }

  public func frame(ofItem index: Int) -> CellRect {
    CellRect(
      x: (contentSize.columns - measure) / 2, y: starts[index], columns: measure,
      rows: lengths[index])
  }

  public func item(_ index: Int) -> LayoutItem {
    let frame = frame(ofItem: index)
    return LayoutItem(
      index: index, frame: frame,
      pages: PlacedPages(PlacedPage(page: PageIndex(index), frame: frame)))
  }

  /// The first band that ends after row `position` (`itemCount` if none).
  private func firstBand(endingAfter position: Int) -> Int {
    starts.indices.partitioningIndex { starts[$0] + lengths[$0] > position }
  }

  public func items(intersecting rect: CellRect) -> [LayoutItem] {
    guard !rect.isEmpty, !starts.isEmpty else { return [] }
    var result: [LayoutItem] = []
    var index = firstBand(endingAfter: rect.minY)
    while index < starts.count, starts[index] < rect.maxY {
      if frame(ofItem: index).intersects(rect) { result.append(item(index)) }
      index += 1
    }
    return result
  }

  private func segment(_ index: Int) -> TrackSegment {
    TrackSegment(
      start: Double(starts[index]), length: Double(lengths[index]), items: index..<(index + 1))
  }

  public func continuousIndex(atAxisCoordinate coordinate: Double) -> ContinuousSpreadIndex {
    guard !starts.isEmpty else { return ContinuousSpreadIndex(0) }
    let following = firstBand(endingAfter: coordinate.cell(limit: contentSize.rows))
    var index = min(following, starts.count - 1)
    if Double(starts[index]) > coordinate, index > 0 { index -= 1 }
    return TrackSegment.clampedIndex(segment(index).index(at: coordinate), itemCount: starts.count)
  }

  public func axisCoordinate(for index: ContinuousSpreadIndex) -> Double {
    guard !starts.isEmpty else { return 0 }
    let band = min(index.spread, starts.count - 1)
    return segment(band).position(for: min(index.value, Double(starts.count).nextDown))
  }

  /// The page whose band holds row `row`, and the row within it (0 at its first row; a row
  /// of the gap after a band counts as its last). Nil without pages. O(log n).
  public func place(atRow row: Int) -> (page: PageIndex, row: Int)? {
    guard !starts.isEmpty else { return nil }
    var index = min(firstBand(endingAfter: row), starts.count - 1)
    if starts[index] > row, index > 0 { index -= 1 }
    return (PageIndex(index), min(max(0, row - starts[index]), lengths[index] - 1))
  }
}
