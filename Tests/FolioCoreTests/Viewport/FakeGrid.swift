import FolioCore
import FolioLayout

/// An item of `FakeGrid`.
struct FakeItem: TiledItem, Hashable {
  var index: Int
  var frame: CellRect
}

/// A uniform grid layout written for the tile tests, independent of the real layout engine:
/// `count` items of `itemSize`, `columns` per row, `gap` cells between them.
struct FakeGrid {
  var count: Int
  var columns: Int
  var itemSize: CellSize
  var gap: Int

  var rowCount: Int { columns == 0 ? 0 : (count + columns - 1) / columns }
  var pitch: CellSize {
    CellSize(columns: itemSize.columns + gap, rows: itemSize.rows + gap)
  }

  var contentSize: CellSize {
    CellSize(columns: columns * pitch.columns, rows: rowCount * pitch.rows)
  }

  func frame(of index: Int) -> CellRect {
    CellRect(
      x: (index % columns) * pitch.columns, y: (index / columns) * pitch.rows,
      columns: itemSize.columns, rows: itemSize.rows)
  }

  /// The items of every row and column band `rect` touches: a superset of the items that
  /// intersect it (gap cells included), as a layout may return. O(k).
  func items(near rect: CellRect) -> [FakeItem] {
    guard count > 0, !rect.isEmpty else { return [] }
    let firstRow = max(0, floorDivide(rect.minY, pitch.rows))
    let lastRow = min(rowCount - 1, floorDivide(rect.maxY - 1, pitch.rows))
    let firstColumn = max(0, floorDivide(rect.minX, pitch.columns))
    let lastColumn = min(columns - 1, floorDivide(rect.maxX - 1, pitch.columns))
    guard firstRow <= lastRow, firstColumn <= lastColumn else { return [] }
    var result: [FakeItem] = []
    for row in firstRow...lastRow {
      for column in firstColumn...lastColumn {
        let index = row * columns + column
        if index < count { result.append(FakeItem(index: index, frame: frame(of: index))) }
      }
    }
    return result
  }

  /// The items that intersect `rect`, by checking every item. O(n).
  func itemsIntersectingByScan(_ rect: CellRect) -> [Int: CellRect] {
    var result: [Int: CellRect] = [:]
    for index in 0..<count where frame(of: index).intersects(rect) {
      result[index] = frame(of: index)
    }
    return result
  }

  private func floorDivide(_ a: Int, _ b: Int) -> Int {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }
}
