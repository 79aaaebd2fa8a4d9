import FolioCore

/// The options of the smart grid of page thumbnails.
public struct GridOptions: Hashable, Sendable {
  /// How many items to aim for on screen.
  public var zoom: GridZoom
  /// Whether the first page spans 2 x 2 grid positions (ignored with one column).
  public var hasDropCap: Bool
  /// Right to left fills each row from the right.
  public var binding: Binding
  /// The spacing between items.
  public var gutter: Gutter
  /// The only pages shown (pages with search hits), or nil for every page.
  public var shownPages: [PageIndex]?

  /// Creates grid options; the defaults aim for ten items, left to right, no drop cap, every
  /// page.
  public init(
    zoom: GridZoom = .standard, hasDropCap: Bool = false, binding: Binding = .leftToRight,
    gutter: Gutter = .standard, shownPages: [PageIndex]? = nil
  ) {
    self.zoom = zoom
    self.hasDropCap = hasDropCap
    self.binding = binding
    self.gutter = gutter
    self.shownPages = shownPages
  }
}

/// The smart grid: page thumbnails (of every page, or of `GridOptions.shownPages`) in rows,
/// scrolling vertically, every item a box sized by `SmartGridSizing` for the document's most common
/// page shape, with one label row under it. A page of another shape is fitted and centered in its
/// box. The rows are centered across the viewport. Making one is O(1) (the metrics are shared, not
/// copied); every query is O(1) or O(k) for k items returned.
///
/// The continuous spread index runs row-major: through a row (or the two rows beside a drop cap)
/// it grows linearly from the row's first item to one past its last, and it stays constant in the
/// gap between rows.
public struct GridLayout: DocumentLayout {
  /// The pages laid out.
  public let metrics: PageMetrics
  /// The options the grid was made with.
  public let options: GridOptions
  /// The cell aspect.
  public let cellAspect: CellAspect
  /// The sizing formula for this viewport and document.
  public let sizing: SmartGridSizing
  /// Columns and box size.
  public let dimensions: GridDimensions
  /// Grid position and item index conversions.
  public let positions: GridPositions
  public let contentSize: CellSize
  public let spreads: SpreadArrangement
  /// Columns left of the rows (before mirroring for right-to-left).
  private let leftMargin: Int

  /// Lays out `metrics` for a viewport (an empty one counts as 1 x 1).
  public init(
    metrics: PageMetrics, viewportSize: CellSize, cellAspect: CellAspect = .standard,
    options: GridOptions = GridOptions()
  ) {
    self.metrics = metrics
    self.options = options
    self.cellAspect = cellAspect
    let spreads =
      options.shownPages.map { SpreadArrangement(pageCount: metrics.pageCount, showing: $0) }
      ?? .singlePages(metrics.pageCount)
    self.spreads = spreads
    sizing = SmartGridSizing(
      viewportSize: viewportSize, pageAspectRatio: metrics.mostCommonAspectRatio,
      cellAspect: cellAspect, gutter: options.gutter)
    let dimensions = sizing.dimensions(for: options.zoom)
    self.dimensions = dimensions
    positions = GridPositions(
      columnCount: dimensions.columnCount, itemCount: spreads.spreadCount,
      dropCap: options.hasDropCap)
    let width = max(sizing.viewportSize.columns, dimensions.rowWidth)
    let rows = positions.rowCount
    let height = rows == 0 ? 0 : rows * dimensions.slotSize.rows + (rows - 1) * dimensions.rowGap
    contentSize = CellSize(columns: width, rows: height)
    leftMargin = (width - dimensions.rowWidth) / 2
  }

  public var viewportSize: CellSize { sizing.viewportSize }
  public var progression: LayoutProgression { .topToBottom }
  /// A short document's items stay at the start.
  public var shortContentAlignment: ShortContentAlignment { .start }

  /// Columns of items.
  public var columnCount: Int { dimensions.columnCount }
  /// Rows of items.
  public var rowCount: Int { positions.rowCount }

  public var itemsAcross: Int { max(1, columnCount) }

  /// Whole rows in `length` (the last one needs no gap after it).
  public func itemRows(inLength length: Int) -> Int {
    max(1, (length + dimensions.rowGap) / max(1, dimensions.slotSize.rows + dimensions.rowGap))
  }

  private var pitch: CellSize {
    CellSize(
      columns: dimensions.boxSize.columns + dimensions.columnGap,
      rows: dimensions.slotSize.rows + dimensions.rowGap)
  }

  public func frame(ofItem index: Int) -> CellRect {
    let k = dimensions.columnCount
    let position = positions.position(ofItem: index)
    let span = positions.span(ofItem: index)
    let slot = dimensions.slotSize
    let width = span * slot.columns + (span - 1) * dimensions.columnGap
    let height = span * slot.rows + (span - 1) * dimensions.rowGap
    var x = leftMargin + (position % k) * pitch.columns
    if options.binding == .rightToLeft { x = contentSize.columns - x - width }
    return CellRect(x: x, y: (position / k) * pitch.rows, columns: width, rows: height)
  }

  public func item(_ index: Int) -> LayoutItem {
    let frame = frame(ofItem: index)
    let labelRows = GridDimensions.labelRows
    let box = CellRect(
      x: frame.minX, y: frame.minY, columns: frame.size.columns, rows: frame.size.rows - labelRows)
    let label = CellRect(
      x: frame.minX, y: frame.maxY - labelRows, columns: frame.size.columns, rows: labelRows)
    let page = spreads.pages(inSpread: index).lowerBound
    let pageFrame = SpreadGeometry.centered(metrics.size(of: page), in: box, cellAspect: cellAspect)
    return LayoutItem(
      index: index, frame: frame, pages: PlacedPages(PlacedPage(page: page, frame: pageFrame)),
      labelFrame: label)
  }

  public func items(intersecting rect: CellRect) -> [LayoutItem] {
    guard itemCount > 0, !rect.isEmpty else { return [] }
    let k = dimensions.columnCount
    let firstRow = max(0, rect.minY.flooredDivision(by: pitch.rows))
    let lastRow = min(rowCount - 1, (rect.maxY - 1).flooredDivision(by: pitch.rows))
    let mirrored = options.binding == .rightToLeft
    let left = (mirrored ? contentSize.columns - rect.maxX : rect.minX) - leftMargin
    let right = (mirrored ? contentSize.columns - rect.minX : rect.maxX) - leftMargin
    let firstColumn = max(0, left.flooredDivision(by: pitch.columns))
    let lastColumn = min(k - 1, (right - 1).flooredDivision(by: pitch.columns))
    guard firstRow <= lastRow, firstColumn <= lastColumn else { return [] }
    var result: [LayoutItem] = []
    result.reserveCapacity((lastRow - firstRow + 1) * (lastColumn - firstColumn + 1))
    if positions.hasDropCap, firstRow <= 1, frame(ofItem: 0).intersects(rect) {
      result.append(item(0))
    }
    for row in firstRow...lastRow {
      for column in firstColumn...lastColumn {
        guard let index = positions.itemIndex(atPosition: row * k + column) else { return result }
        if positions.hasDropCap, index == 0 { continue }
        if frame(ofItem: index).intersects(rect) { result.append(item(index)) }
      }
    }
    return result
  }

  /// Rows and items of band `band`: one grid row, or the two rows beside a drop cap.
  private func band(_ band: Int) -> TrackSegment {
    let k = dimensions.columnCount
    let count = itemCount
    let slotRows = dimensions.slotSize.rows
    if positions.hasDropCap {
      if band == 0 {
        return TrackSegment(
          start: 0, length: Double(2 * slotRows + dimensions.rowGap),
          items: 0..<min(count, max(1, 2 * k - 3)))
      }
      let row = band + 1
      return TrackSegment(
        start: Double(row * pitch.rows), length: Double(slotRows),
        items: (row * k - 3)..<min(count, (row + 1) * k - 3))
    }
    return TrackSegment(
      start: Double(band * pitch.rows), length: Double(slotRows),
      items: (band * k)..<min(count, (band + 1) * k))
  }

  private var bandCount: Int { positions.hasDropCap ? rowCount - 1 : rowCount }

  public func continuousIndex(atAxisCoordinate coordinate: Double) -> ContinuousSpreadIndex {
    guard itemCount > 0 else { return ContinuousSpreadIndex(0) }
    let row = max(coordinate.cell(limit: contentSize.rows), 0) / pitch.rows
    let bandIndex = positions.hasDropCap ? max(0, row - 1) : row
    let segment = band(min(bandIndex, bandCount - 1))
    return TrackSegment.clampedIndex(segment.index(at: coordinate), itemCount: itemCount)
  }

  public func axisCoordinate(for index: ContinuousSpreadIndex) -> Double {
    guard itemCount > 0 else { return 0 }
    let item = min(index.spread, itemCount - 1)
    let k = dimensions.columnCount
    let bandIndex: Int
    if positions.hasDropCap {
      bandIndex = item < max(1, 2 * k - 3) ? 0 : (item + 3) / k - 1
    } else {
      bandIndex = item / k
    }
    return band(bandIndex).position(for: min(index.value, Double(itemCount).nextDown))
  }
}
