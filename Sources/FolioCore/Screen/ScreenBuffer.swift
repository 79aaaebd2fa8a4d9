/// A rectangle of terminal cells in memory: what a view draws into and what a terminal
/// backend presents. Row-major, `size.columns * size.rows` cells.
public struct ScreenBuffer: Hashable, Sendable {
  public static func == (lhs: ScreenBuffer, rhs: ScreenBuffer) -> Bool {
    lhs.size == rhs.size && lhs.cells == rhs.cells && lhs.marks == rhs.marks
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(size)
    hasher.combine(cells)
    hasher.combine(marks)
  }

  /// Size in cells.
  public private(set) var size: CellSize
  /// The cells, row by row.
  public private(set) var cells: [Cell]
  /// The combining marks of the few cells that have some (`CombiningMarks`), by index: kept
  /// beside the cells, which stay small.
  public private(set) var marks: [Int: CombiningMarks] = [:]
  /// While writes are tracked (`trackWrites`), which cells were written since, by index,
  /// whatever was written; not part of the buffer's value.
  private var written: [Bool]?

  /// Creates a buffer filled with `fill`.
  public init(size: CellSize, fill: Cell = .blank) {
    self.size = size
    self.cells = Array(repeating: fill, count: size.area)
  }

  /// Creates a buffer from `size.area` cells in row-major order; nil for any other count.
  public init?(size: CellSize, cells: [Cell]) {
    guard cells.count == size.area else { return nil }
    self.size = size
    self.cells = cells
  }

  /// The cell at column `x`, row `y`. Reads outside give a blank cell; writes outside are
  /// ignored, so views may draw partly off-screen.
  public subscript(x: Int, y: Int) -> Cell {
    get {
      guard x >= 0, y >= 0, x < size.columns, y < size.rows else { return .blank }
      return cells[y * size.columns + x]
    }
    set {
      guard x >= 0, y >= 0, x < size.columns, y < size.rows else { return }
      let index = y * size.columns + x
      cells[index] = newValue
      if !marks.isEmpty { marks[index] = nil }
      if written != nil { written?[index] = true }
    }
  }

  /// Changes every cell in place (marks stay with their cells).
  public mutating func mapCells(_ transform: (inout Cell) -> Void) {
    for i in cells.indices { transform(&cells[i]) }
    if written != nil { written = Array(repeating: true, count: cells.count) }
  }

  /// Changes every cell without marks in place.
  public mutating func mapCellsWithoutMarks(_ transform: (inout Cell) -> Void) {
    guard !marks.isEmpty else { return mapCells(transform) }
    for i in cells.indices where marks[i] == nil {
      transform(&cells[i])
      if written != nil { written?[i] = true }
    }
  }

  /// Sets every cell to `cell`.
  public mutating func fill(with cell: Cell) {
    for i in cells.indices { cells[i] = cell }
    marks = [:]
    if written != nil { written = Array(repeating: true, count: cells.count) }
  }

  /// Starts noting which cells are written (by any means, even with the cell they held).
  public mutating func trackWrites() { written = Array(repeating: false, count: cells.count) }

  /// Which cells were written since `trackWrites`, by index (none when not tracking), and
  /// stops noting them.
  public mutating func takeWrites() -> [Bool] {
    defer { written = nil }
    return written ?? Array(repeating: false, count: cells.count)
  }

  /// Sets the marks of the cell at `index`.
  mutating func setMarks(_ marks: CombiningMarks, at index: Int) { self.marks[index] = marks }

  /// Resizes to `newSize`, keeping nothing.
  public mutating func reset(to newSize: CellSize, fill: Cell = .blank) {
    if newSize == size {
      self.fill(with: fill)
    } else {
      size = newSize
      cells = Array(repeating: fill, count: newSize.area)
      marks = [:]
      if written != nil { written = Array(repeating: true, count: cells.count) }
    }
  }

  /// Copies `other` with its top-left corner at `origin`, clipped to this buffer and, when
  /// given, to `clip`.
  public mutating func draw(
    _ other: ScreenBuffer, at origin: CellPoint, clippedTo clip: CellRect? = nil
  ) {
    let bounds =
      clip.map { $0.intersection(CellRect(x: 0, y: 0, columns: size.columns, rows: size.rows)) }
      ?? CellRect(x: 0, y: 0, columns: size.columns, rows: size.rows)
    let x0 = max(0, bounds.minX - origin.x)
    let y0 = max(0, bounds.minY - origin.y)
    let x1 = min(other.size.columns, bounds.maxX - origin.x)
    let y1 = min(other.size.rows, bounds.maxY - origin.y)
    guard x1 > x0, y1 > y0 else { return }
    for y in y0..<y1 {
      let source = y * other.size.columns
      let target = (y + origin.y) * size.columns + origin.x
      for x in x0..<x1 {
        cells[target + x] = other.cells[source + x]
        if written != nil { written?[target + x] = true }
        if !marks.isEmpty || !other.marks.isEmpty {
          marks[target + x] = other.marks[source + x]
        }
      }
    }
  }
}
