import FolioCore

/// The size of the smart grid's thumbnail boxes, as computed by `SmartGridSizing`.
public struct GridDimensions: Hashable, Sendable {
  /// Whole columns of items, at least 1.
  public let columnCount: Int
  /// The box a thumbnail is fitted into, at least 1 x 1; the label row comes under it.
  public let boxSize: CellSize
  /// Columns between neighbouring items in a row.
  public let columnGap: Int
  /// Rows between an item's label row and the item below.
  public let rowGap: Int

  /// Rows of labels under each box.
  public static let labelRows = 1

  /// A box with its label row.
  public var slotSize: CellSize {
    CellSize(columns: boxSize.columns, rows: boxSize.rows + Self.labelRows)
  }

  /// The width of a full row of items, gaps included.
  public var rowWidth: Int { columnCount * boxSize.columns + (columnCount - 1) * columnGap }
}

/// The smart grid formula: picks the thumbnail size from a target number of items on screen, the
/// viewport's area and the page shape, with whole columns, visually equal spacing across and down,
/// and sizes rounded down so items always fit. All functions are O(1) except the zoom steps.
///
/// The formula (all lengths in columns, heights converted with the cell aspect `ca`):
/// 1. visual area per item `S = W * H * ca / N`; item width `w = sqrt(S * a)` for page shape `a`;
///    columns `k = round(W / w)`, clamped to `1...maxColumns` (`maxColumns` at the largest `N`);
/// 2. box width `c = floor((W - gap * (k - 1)) / k)`, and then as many columns as fit at `c`;
/// 3. box height `r = floor(c / (a * ca))`, at least 1;
/// 4. if a box and its label row are taller than the viewport, `r = H - 1` and `c` shrinks to
///    `floor(r * a * ca)` (the row of narrower boxes is centered).
public struct SmartGridSizing: Hashable, Sendable {
  /// The viewport, at least 1 x 1.
  public let viewportSize: CellSize
  /// The page shape the boxes are made for (width over height), finite and positive.
  public let pageAspectRatio: Double
  /// The cell aspect.
  public let cellAspect: CellAspect
  /// The spacing between items.
  public let gutter: Gutter

  /// Creates the sizing for a viewport and a page shape; an empty viewport counts as 1 x 1 and an
  /// unusable aspect ratio as US Letter's.
  public init(
    viewportSize: CellSize, pageAspectRatio: Double, cellAspect: CellAspect = .standard,
    gutter: Gutter = .standard
  ) {
    self.viewportSize = viewportSize.atLeastOneCell
    self.pageAspectRatio =
      pageAspectRatio.isFinite && pageAspectRatio > 0
      ? pageAspectRatio : PointSize.fallback.aspectRatio
    self.cellAspect = cellAspect
    self.gutter = gutter
  }

  private var columnGap: Int { gutter.columns(for: cellAspect) }

  /// The most columns of 1-column boxes that fit.
  public var maximumColumnCount: Int {
    max(1, (viewportSize.columns + columnGap) / (1 + columnGap))
  }

  /// The most rows of 1-row boxes (with their label rows) that fit, at least 1.
  private var maximumRowCount: Int {
    let slot = 1 + GridDimensions.labelRows + gutter.rows
    return max(1, (viewportSize.rows + gutter.rows) / slot)
  }

  /// The target item counts that make sense for this viewport: from one item up to as many
  /// 1 x 1-cell boxes as fit.
  public var targetRange: ClosedRange<Int> { 1...(maximumColumnCount * maximumRowCount) }

  /// `zoom` clamped to `targetRange`.
  public func clamped(_ zoom: GridZoom) -> GridZoom {
    GridZoom(targetItemCount: min(zoom.targetItemCount, targetRange.upperBound))
  }

  /// The grid for `zoom`, clamped to `targetRange`.
  public func dimensions(for zoom: GridZoom) -> GridDimensions {
    let width = viewportSize.columns
    let height = viewportSize.rows
    let gap = columnGap
    let target = clamped(zoom).targetItemCount
    let shape = pageAspectRatio * cellAspect.value  // box columns per box row
    var columns: Int
    if target == targetRange.upperBound {
      columns = maximumColumnCount
    } else {
      let area = Double(width) * Double(height) * cellAspect.value / Double(target)
      let itemWidth = (area * pageAspectRatio).squareRoot()
      let estimate = Double(width) / itemWidth
      columns = estimate.isFinite ? min(max(Int(saturating: estimate), 1), maximumColumnCount) : 1
    }
    let widthPerColumn = max(1, (width - gap * (columns - 1)) / columns)
    columns = min(max(1, (width + gap) / (widthPerColumn + gap)), maximumColumnCount)
    var boxColumns = widthPerColumn
    var boxRows = max(1, Int(saturating: Double(boxColumns) / shape, rounding: .down))
    let rowsAvailable = height - GridDimensions.labelRows
    if rowsAvailable >= 1, boxRows > rowsAvailable {
      boxRows = rowsAvailable
      boxColumns = min(
        boxColumns, max(1, Int(saturating: Double(boxRows) * shape, rounding: .down)))
    }
    return GridDimensions(
      columnCount: columns, boxSize: CellSize(columns: boxColumns, rows: boxRows),
      columnGap: gap, rowGap: gutter.rows)
  }

  /// The next zoom in from `zoom`: at least a fifth fewer items and a different box size, or
  /// `zoom` itself (clamped) when the boxes are as large as they get. O(targetRange.count) at most.
  public func zoomingIn(_ zoom: GridZoom) -> GridZoom {
    let current = clamped(zoom)
    let dimensions = dimensions(for: current)
    var target = min(current.targetItemCount - 1, current.targetItemCount * 4 / 5)
    while target >= 1 {
      let candidate = GridZoom(targetItemCount: target)
      if self.dimensions(for: candidate) != dimensions { return candidate }
      target -= 1
    }
    return current
  }

  /// The next zoom out from `zoom`: at least a quarter more items and a different box size, or
  /// `zoom` itself (clamped) when the boxes are as small as they get. O(targetRange.count) at most.
  public func zoomingOut(_ zoom: GridZoom) -> GridZoom {
    let current = clamped(zoom)
    let dimensions = dimensions(for: current)
    let upper = targetRange.upperBound
    var target = max(current.targetItemCount + 1, (current.targetItemCount * 5 + 3) / 4)
    while target <= upper {
      let candidate = GridZoom(targetItemCount: target)
      if self.dimensions(for: candidate) != dimensions { return candidate }
      target += 1
    }
    return current
  }
}
