import FolioCore

/// The options of a shelf (filmstrip).
public struct ShelfOptions: Hashable, Sendable {
  /// The width of every item in columns; nil sizes items so that a page of the document's most
  /// common shape fills the largest allowed height.
  public var itemColumns: Int?
  /// The most rows the shelf may take, label rows included (at least 2); nil allows a third of
  /// the available rows.
  public var maximumRows: Int?
  /// Right to left makes the shelf progress leftwards.
  public var binding: Binding
  /// The spacing between items.
  public var gutter: Gutter

  /// Creates shelf options; the defaults size everything from the document and the screen.
  public init(
    itemColumns: Int? = nil, maximumRows: Int? = nil, binding: Binding = .leftToRight,
    gutter: Gutter = .standard
  ) {
    self.itemColumns = itemColumns
    self.maximumRows = maximumRows
    self.binding = binding
    self.gutter = gutter
  }
}

/// A shelf: a horizontal strip of page thumbnails (a filmstrip under the per-spread view) whose
/// uniform height is only as large as its largest content needs — the tallest page at the item
/// width plus the rows of the widest label wrapped to that width — capped at a maximum. Pages are
/// fitted and centered in their boxes, labels go under them.
///
/// Making one is O(1); every query is O(1) or O(k).
public struct ShelfLayout: DocumentLayout {
  /// The pages laid out.
  public let metrics: PageMetrics
  /// The options the layout was made with.
  public let options: ShelfOptions
  /// The cell aspect.
  public let cellAspect: CellAspect
  /// The strip on screen: as wide as the available width, as tall as the shelf.
  public let viewportSize: CellSize
  /// The width of every item.
  public let itemColumns: Int
  /// The height of every thumbnail box.
  public let thumbnailRows: Int
  /// The rows of labels under every box, enough for the widest label wrapped to `itemColumns`
  /// unless the height cap cuts them.
  public let labelRows: Int
  public let contentSize: CellSize
  private let gap: Int

  /// Lays out `metrics` in a shelf within `availableSize` (the screen area it may take a part of).
  public init(
    metrics: PageMetrics, availableSize: CellSize, cellAspect: CellAspect = .standard,
    options: ShelfOptions = ShelfOptions()
  ) {
    self.metrics = metrics
    self.options = options
    self.cellAspect = cellAspect
    let available = availableSize.atLeastOneCell
    let cap = max(2, options.maximumRows ?? available.rows / 3)
    let columns: Int
    if let requested = options.itemColumns {
      columns = max(1, requested)
    } else {
      let fill = Double(cap - 1) * metrics.mostCommonAspectRatio * cellAspect.value
      columns = min(max(1, Int(saturating: fill, rounding: .down)), available.columns)
    }
    itemColumns = columns
    let wrapped = (metrics.widestLabelColumns + columns - 1) / columns
    labelRows = min(max(1, wrapped), cap - 1)
    let tallest = Double(columns) / (metrics.narrowestAspectRatio * cellAspect.value)
    thumbnailRows = min(max(1, Int(saturating: tallest)), cap - labelRows)
    gap = options.gutter.columns(for: cellAspect)
    let count = metrics.pageCount
    let height = thumbnailRows + labelRows
    contentSize = CellSize(
      columns: count == 0 ? 0 : count * columns + (count - 1) * gap, rows: height)
    viewportSize = CellSize(columns: available.columns, rows: height)
  }

  public var progression: LayoutProgression {
    options.binding == .leftToRight ? .leftToRight : .rightToLeft
  }

  public var spreads: SpreadArrangement { .singlePages(metrics.pageCount) }
  /// A short document's items stay at the start.
  public var shortContentAlignment: ShortContentAlignment { .start }

  private var pitch: Int { itemColumns + gap }

  public func frame(ofItem index: Int) -> CellRect {
    let start = index * pitch
    let x = progression == .leftToRight ? start : contentSize.columns - start - itemColumns
    return CellRect(x: x, y: 0, columns: itemColumns, rows: contentSize.rows)
  }

  public func item(_ index: Int) -> LayoutItem {
    let frame = frame(ofItem: index)
    let box = CellRect(x: frame.minX, y: 0, columns: itemColumns, rows: thumbnailRows)
    let label = CellRect(x: frame.minX, y: thumbnailRows, columns: itemColumns, rows: labelRows)
    let page = PageIndex(index)
    let pageFrame = SpreadGeometry.centered(metrics.size(of: page), in: box, cellAspect: cellAspect)
    return LayoutItem(
      index: index, frame: frame, pages: PlacedPages(PlacedPage(page: page, frame: pageFrame)),
      labelFrame: label)
  }

  public func items(intersecting rect: CellRect) -> [LayoutItem] {
    let count = metrics.pageCount
    guard count > 0, !rect.isEmpty, rect.maxY > 0, rect.minY < contentSize.rows else { return [] }
    let width = contentSize.columns
    let low = progression == .leftToRight ? rect.minX : width - rect.maxX
    let high = progression == .leftToRight ? rect.maxX : width - rect.minX
    let first = max(0, low.flooredDivision(by: pitch))
    let last = min(count - 1, (high - 1).flooredDivision(by: pitch))
    guard first <= last else { return [] }
    return (first...last).filter { frame(ofItem: $0).intersects(rect) }.map(item)
  }

  private func segment(_ index: Int) -> TrackSegment {
    TrackSegment(
      start: Double(index * pitch), length: Double(itemColumns), items: index..<(index + 1))
  }

  public func continuousIndex(atAxisCoordinate coordinate: Double) -> ContinuousSpreadIndex {
    let count = metrics.pageCount
    guard count > 0 else { return ContinuousSpreadIndex(0) }
    let position = progression.progressionCoordinate(coordinate, contentLength: contentSize.columns)
    let slot = position.cell(limit: contentSize.columns).flooredDivision(by: pitch)
    let index = min(max(slot, 0), count - 1)
    return TrackSegment.clampedIndex(segment(index).index(at: position), itemCount: count)
  }

  public func axisCoordinate(for index: ContinuousSpreadIndex) -> Double {
    let count = metrics.pageCount
    guard count > 0 else { return 0 }
    let position = segment(min(index.spread, count - 1)).position(
      for: min(index.value, Double(count).nextDown))
    return progression.contentCoordinate(position, contentLength: contentSize.columns)
  }
}
