import FolioCore

/// The per-spread stack: one spread at a time, fitted to the viewport and centered in a
/// viewport-sized slot; slots follow each other along the paging axis with equal gaps. Zooming
/// grows the current spread only (its slot grows with it) and the viewport pans within it.
///
/// Every spread's place is arithmetic, so making one is O(1) and every query is O(1) or O(k).
public struct PerSpreadLayout: DocumentLayout {
  /// The pages laid out.
  public let metrics: PageMetrics
  /// The options the layout was made with.
  public let options: PerSpreadOptions
  /// The cell aspect.
  public let cellAspect: CellAspect
  public let viewportSize: CellSize
  public let spreads: SpreadArrangement
  public let contentSize: CellSize
  /// The zoomed spread and its size, if a valid spread is zoomed.
  private let zoomed: (spread: Int, size: CellSize)?
  /// Slot length along the axis of every spread but the zoomed one.
  private let slotLength: Int
  /// Slot length of the zoomed spread.
  private let zoomedSlotLength: Int
  /// Gap between slots.
  private let gap: Int

  /// Lays out `metrics` for a viewport (an empty one counts as 1 x 1). O(1).
  public init(
    metrics: PageMetrics, viewportSize: CellSize, cellAspect: CellAspect = .standard,
    options: PerSpreadOptions = PerSpreadOptions()
  ) {
    self.metrics = metrics
    self.options = options
    self.cellAspect = cellAspect
    let viewport = viewportSize.atLeastOneCell
    self.viewportSize = viewport
    let spreads = options.spreadStyle.arrangement(pageCount: metrics.pageCount)
    self.spreads = spreads
    let isVertical = options.axis == .vertical
    gap = isVertical ? options.gutter.rows : options.gutter.columns(for: cellAspect)
    let widestSpread = max(1, spreads.maximumPagesPerSpread)
    slotLength = isVertical ? viewport.rows : max(viewport.columns, widestSpread)
    var breadth = isVertical ? max(viewport.columns, widestSpread) : viewport.rows
    if let zoom = options.zoom, spreads.spreadIndices.contains(zoom.spread) {
      let size = Self.fittedSize(
        of: spreads.pages(inSpread: zoom.spread), metrics: metrics, viewport: viewport,
        scale: max(zoom.scale.value, 1), cellAspect: cellAspect)
      zoomed = (zoom.spread, size)
      zoomedSlotLength = max(slotLength, isVertical ? size.rows : size.columns)
      breadth = max(breadth, isVertical ? size.columns : size.rows)
    } else {
      zoomed = nil
      zoomedSlotLength = slotLength
    }
    let count = spreads.spreadCount
    let length =
      count == 0 ? 0 : count * slotLength + (count - 1) * gap + (zoomedSlotLength - slotLength)
    contentSize =
      isVertical
      ? CellSize(columns: breadth, rows: length) : CellSize(columns: length, rows: breadth)
  }

  /// A spread's size when fitted into the viewport scaled by `scale`, at least one column per page.
  private static func fittedSize(
    of pages: Range<PageIndex>, metrics: PageMetrics, viewport: CellSize, scale: Double,
    cellAspect: CellAspect
  ) -> CellSize {
    let shape = SpreadGeometry.aspectRatio(of: pages, metrics: metrics)
    let box = CellSize(
      columns: Int(saturating: Double(viewport.columns) * scale),
      rows: Int(saturating: Double(viewport.rows) * scale))
    let fitted = PageFit.cells(
      for: PointSize(width: shape, height: 1), in: box, cellAspect: cellAspect.value)
    return CellSize(columns: max(fitted.columns, pages.count), rows: fitted.rows)
  }

  public var progression: LayoutProgression {
    options.axis.progression(for: options.spreadStyle.binding)
  }

  /// The zoom in effect: the zoomed spread and its scale (at least `fit`), if any.
  public var effectiveZoom: SpreadZoom? {
    guard let zoomed, let zoom = options.zoom else { return nil }
    return SpreadZoom(spread: zoomed.spread, scale: zoom.scale.clamped(to: 1...16))
  }

  private var isVertical: Bool { options.axis == .vertical }
  private var contentLength: Int { isVertical ? contentSize.rows : contentSize.columns }
  private var breadth: Int { isVertical ? contentSize.columns : contentSize.rows }

  /// The size of spread `index` on screen.
  public func spreadSize(_ index: Int) -> CellSize {
    if let zoomed, zoomed.spread == index { return zoomed.size }
    return Self.fittedSize(
      of: spreads.pages(inSpread: index), metrics: metrics, viewport: viewportSize, scale: 1,
      cellAspect: cellAspect)
  }

  /// Progression coordinate where slot `index` begins.
  private func slotStart(_ index: Int) -> Int {
    let extra = zoomed.map { index > $0.spread ? zoomedSlotLength - slotLength : 0 } ?? 0
    return index * (slotLength + gap) + extra
  }

  private func slotLength(_ index: Int) -> Int {
    zoomed?.spread == index ? zoomedSlotLength : slotLength
  }

  /// The slot holding progression coordinate `position` (gaps belong to the slot before them),
  /// clamped to valid spreads.
  private func slot(at position: Int) -> Int {
    let pitch = slotLength + gap
    var index = position.flooredDivision(by: pitch)
    if let zoomed, index > zoomed.spread {
      let zoomedEnd = slotStart(zoomed.spread) + zoomedSlotLength + gap
      index =
        position < zoomedEnd
        ? zoomed.spread : zoomed.spread + 1 + (position - zoomedEnd).flooredDivision(by: pitch)
    }
    return min(max(index, 0), spreads.spreadCount - 1)
  }

  /// Spread `index` along the axis, in progression coordinates: where it starts and its length.
  private func segment(_ index: Int) -> TrackSegment {
    let size = spreadSize(index)
    let length = isVertical ? size.rows : size.columns
    let start = slotStart(index) + (slotLength(index) - length) / 2
    return TrackSegment(start: Double(start), length: Double(length), items: index..<(index + 1))
  }

  public func frame(ofItem index: Int) -> CellRect {
    let size = spreadSize(index)
    let length = isVertical ? size.rows : size.columns
    let across = (breadth - (isVertical ? size.columns : size.rows)) / 2
    let start = slotStart(index) + (slotLength(index) - length) / 2
    switch progression {
    case .topToBottom:
      return CellRect(origin: CellPoint(x: across, y: start), size: size)
    case .leftToRight:
      return CellRect(origin: CellPoint(x: start, y: across), size: size)
    case .rightToLeft:
      return CellRect(
        origin: CellPoint(x: contentSize.columns - start - length, y: across), size: size)
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
    guard !rect.isEmpty, spreads.spreadCount > 0 else { return [] }
    let (low, high): (Int, Int)
    switch progression {
    case .topToBottom: (low, high) = (rect.minY, rect.maxY)
    case .leftToRight: (low, high) = (rect.minX, rect.maxX)
    case .rightToLeft:
      (low, high) = (contentSize.columns - rect.maxX, contentSize.columns - rect.minX)
    }
    guard high > 0, low < contentLength else { return [] }
    var result: [LayoutItem] = []
    for index in slot(at: low)...slot(at: high - 1) where frame(ofItem: index).intersects(rect) {
      result.append(item(index))
    }
    return result
  }

  public func continuousIndex(atAxisCoordinate coordinate: Double) -> ContinuousSpreadIndex {
    guard spreads.spreadCount > 0 else { return ContinuousSpreadIndex(0) }
    let position = progression.progressionCoordinate(coordinate, contentLength: contentLength)
    let segment = segment(slot(at: position.cell(limit: contentLength)))
    return TrackSegment.clampedIndex(segment.index(at: position), itemCount: spreads.spreadCount)
  }

  public func axisCoordinate(for index: ContinuousSpreadIndex) -> Double {
    let count = spreads.spreadCount
    guard count > 0 else { return 0 }
    let position = segment(min(index.spread, count - 1)).position(
      for: min(index.value, Double(count).nextDown))
    return progression.contentCoordinate(position, contentLength: contentLength)
  }
}
