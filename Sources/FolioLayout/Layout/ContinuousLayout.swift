import FolioCore

/// The continuous stack: every spread of the document one after another along one axis, with
/// equal gaps, scrolled freely. At zoom 1 a spread of a vertical stack is as wide as the viewport
/// and a spread of a horizontal stack as tall; zoom scales the whole document. Spreads narrower
/// than the content (across the axis) are centered.
///
/// Making one is O(n) in spreads (three integers stored per spread); `frame(ofItem:)` and `item`
/// are O(1), `items(intersecting:)` and the continuous index O(log n).
public struct ContinuousLayout: DocumentLayout {
  /// The pages laid out.
  public let metrics: PageMetrics
  /// The options the layout was made with.
  public let options: ContinuousOptions
  /// The cell aspect.
  public let cellAspect: CellAspect
  public let viewportSize: CellSize
  public let spreads: SpreadArrangement
  public let contentSize: CellSize
  /// Each spread's leading edge and length along the axis (at least 1).
  private let track: Track
  /// Each spread's size across the axis, at least 1.
  private let breadths: [Int]

  /// Lays out `metrics` for a viewport (an empty one counts as 1 x 1). O(n).
  public init(
    metrics: PageMetrics, viewportSize: CellSize, cellAspect: CellAspect = .standard,
    options: ContinuousOptions = ContinuousOptions()
  ) {
    self.metrics = metrics
    self.options = options
    self.cellAspect = cellAspect
    let viewport = viewportSize.atLeastOneCell
    self.viewportSize = viewport
    let spreads = options.spreadStyle.arrangement(pageCount: metrics.pageCount)
    self.spreads = spreads
    let count = spreads.spreadCount
    let isVertical = options.axis == .vertical
    let gap = isVertical ? options.gutter.rows : options.gutter.columns(for: cellAspect)
    let zoom = options.zoom.value
    let aspect = cellAspect.value
    var starts = [Int](repeating: 0, count: count)
    var lengths = [Int](repeating: 0, count: count)
    var breadths = [Int](repeating: 0, count: count)
    var position = 0
    var widest = isVertical ? viewport.columns : viewport.rows
    for index in 0..<count {
      let pages = spreads.pages(inSpread: index)
      let shape = SpreadGeometry.aspectRatio(of: pages, metrics: metrics) * aspect
      let columns: Int
      let rows: Int
      if isVertical {
        columns = max(pages.count, Int(saturating: zoom * Double(viewport.columns)))
        rows = max(1, Int(saturating: Double(columns) / shape))
      } else {
        rows = max(1, Int(saturating: zoom * Double(viewport.rows)))
        columns = max(pages.count, Int(saturating: Double(rows) * shape))
      }
      let length = isVertical ? rows : columns
      let breadth = isVertical ? columns : rows
      starts[index] = position
      lengths[index] = length
      breadths[index] = breadth
      widest = max(widest, breadth)
      position += length + gap
    }
    track = Track(starts: starts, lengths: lengths)
    self.breadths = breadths
    let length = count == 0 ? 0 : position - gap
    contentSize =
      isVertical
      ? CellSize(columns: widest, rows: length) : CellSize(columns: length, rows: widest)
  }

  public var progression: LayoutProgression {
    options.axis.progression(for: options.spreadStyle.binding)
  }

  private var contentLength: Int {
    options.axis == .vertical ? contentSize.rows : contentSize.columns
  }

  public func frame(ofItem index: Int) -> CellRect {
    let start = track.starts[index]
    let length = track.lengths[index]
    let breadth = breadths[index]
    switch progression {
    case .topToBottom:
      return CellRect(
        x: (contentSize.columns - breadth) / 2, y: start, columns: breadth, rows: length)
    case .leftToRight:
      return CellRect(x: start, y: (contentSize.rows - breadth) / 2, columns: length, rows: breadth)
    case .rightToLeft:
      return CellRect(
        x: contentSize.columns - start - length, y: (contentSize.rows - breadth) / 2,
        columns: length, rows: breadth)
    }
  }

  public func item(_ index: Int) -> LayoutItem {
    let frame = frame(ofItem: index)
    let pages = SpreadGeometry.placedPages(
      spreads.pages(inSpread: index), in: frame, metrics: metrics,
      binding: options.spreadStyle.binding)
    return LayoutItem(index: index, frame: frame, pages: pages)
  }

  public func items(intersecting rect: CellRect) -> [LayoutItem] {
    guard !rect.isEmpty else { return [] }
    let (low, high): (Int, Int)
    switch progression {
    case .topToBottom: (low, high) = (rect.minY, rect.maxY)
    case .leftToRight: (low, high) = (rect.minX, rect.maxX)
    case .rightToLeft:
      (low, high) = (contentSize.columns - rect.maxX, contentSize.columns - rect.minX)
    }
    return track.items(meeting: low, high).filter { frame(ofItem: $0).intersects(rect) }
      .map(item)
  }

  public func continuousIndex(atAxisCoordinate coordinate: Double) -> ContinuousSpreadIndex {
    track.index(
      at: progression.progressionCoordinate(coordinate, contentLength: contentLength),
      length: contentLength)
  }

  public func axisCoordinate(for index: ContinuousSpreadIndex) -> Double {
    guard track.count > 0 else { return 0 }
    return progression.contentCoordinate(track.position(for: index), contentLength: contentLength)
  }

}
