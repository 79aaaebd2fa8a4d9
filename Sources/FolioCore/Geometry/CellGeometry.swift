/// A position on the terminal grid: `x` columns from the left, `y` rows from the top.
public struct CellPoint: Hashable, Sendable {
  /// Column, 0 at the left edge.
  public var x: Int
  /// Row, 0 at the top edge.
  public var y: Int

  /// Creates a cell position.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}

/// A size on the terminal grid, in columns and rows.
public struct CellSize: Hashable, Sendable {
  /// Number of columns, never negative.
  public var columns: Int
  /// Number of rows, never negative.
  public var rows: Int

  /// Creates a cell size; negative sides become zero.
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
  }

  /// Whether the size holds no cell.
  public var isEmpty: Bool { columns == 0 || rows == 0 }

  /// The size with each side at least 1: what layouts make of an empty viewport.
  public var atLeastOneCell: CellSize { CellSize(columns: max(1, columns), rows: max(1, rows)) }

  /// The number of cells, `Int.max` when that would overflow.
  public var area: Int {
    let (product, overflow) = columns.multipliedReportingOverflow(by: rows)
    return overflow ? Int.max : product
  }
}

/// A rectangle of terminal cells.
public struct CellRect: Hashable, Sendable {
  /// Top-left cell.
  public var origin: CellPoint
  /// Extent in columns and rows.
  public var size: CellSize

  /// Creates a rectangle from its top-left cell and size.
  public init(origin: CellPoint, size: CellSize) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from coordinates.
  public init(x: Int, y: Int, columns: Int, rows: Int) {
    self.init(origin: CellPoint(x: x, y: y), size: CellSize(columns: columns, rows: rows))
  }

  /// Left column.
  public var minX: Int { origin.x }
  /// Top row.
  public var minY: Int { origin.y }
  /// One past the right column.
  public var maxX: Int { origin.x + size.columns }
  /// One past the bottom row.
  public var maxY: Int { origin.y + size.rows }

  /// Whether the rectangle holds no cell.
  public var isEmpty: Bool { size.isEmpty }

  /// Whether `point` lies inside.
  public func contains(_ point: CellPoint) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The overlap of two rectangles (empty, at the origin of `self`, when they do not meet).
  public func intersection(_ other: CellRect) -> CellRect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else {
      return CellRect(origin: origin, size: CellSize(columns: 0, rows: 0))
    }
    return CellRect(x: x0, y: y0, columns: x1 - x0, rows: y1 - y0)
  }

  /// Whether the two rectangles share at least one cell.
  public func intersects(_ other: CellRect) -> Bool { !intersection(other).isEmpty }
}
