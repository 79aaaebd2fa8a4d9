import Testing

@testable import FolioCore
@testable import FolioLayout

@Suite struct GridPositionsTests {
  /// The item at each grid position, nil for empty positions, for `rows` full rows.
  private func table(columns: Int, items: Int, dropCap: Bool) -> [Int?] {
    let grid = GridPositions(columnCount: columns, itemCount: items, dropCap: dropCap)
    return (0..<(grid.rowCount * columns)).map { grid.itemIndex(atPosition: $0) }
  }

  @Test func dropCapTablesWorkedByHand() {
    // Two columns: the drop cap fills rows 0 and 1.
    #expect(table(columns: 2, items: 3, dropCap: true) == [0, 0, 0, 0, 1, 2])
    // Three columns:   0 0 1 / 0 0 2 / 3 4 5
    #expect(table(columns: 3, items: 6, dropCap: true) == [0, 0, 1, 0, 0, 2, 3, 4, 5])
    // Four columns:    0 0 1 2 / 0 0 3 4 / 5 6 _ _
    #expect(
      table(columns: 4, items: 7, dropCap: true) == [0, 0, 1, 2, 0, 0, 3, 4, 5, 6, nil, nil])
    // One item still takes two rows.
    #expect(table(columns: 4, items: 1, dropCap: true) == [0, 0, nil, nil, 0, 0, nil, nil])
    // One column: no drop cap.
    #expect(table(columns: 1, items: 3, dropCap: true) == [0, 1, 2])
    #expect(table(columns: 3, items: 4, dropCap: false) == [0, 1, 2, 3, nil, nil])
    #expect(table(columns: 3, items: 0, dropCap: true) == [])
  }

  /// Every column count from 1 to 8 and item count from 0 to 40, with and without drop cap:
  /// item -> position -> item round-trips, each item covers exactly its span squared positions, in
  /// one block, and items start in increasing row-major order.
  @Test func conversionsAreExhaustivelyConsistent() {
    for columns in 1...8 {
      for items in 0...40 {
        for dropCap in [false, true] {
          let grid = GridPositions(columnCount: columns, itemCount: items, dropCap: dropCap)
          #expect(grid.hasDropCap == (dropCap && columns >= 2 && items >= 1))
          let positions = grid.rowCount * columns
          var covered = [Int: [Int]]()
          for position in 0..<(positions + columns) {
            if let item = grid.itemIndex(atPosition: position) {
              #expect(position < positions, "item beyond the last row")
              covered[item, default: []].append(position)
            }
          }
          #expect(grid.itemIndex(atPosition: -1) == nil)
          #expect(covered.count == items, "every item is somewhere")
          var previousStart = -1
          for item in 0..<items {
            let start = grid.position(ofItem: item)
            let span = grid.span(ofItem: item)
            #expect(start > previousStart)
            previousStart = start
            #expect(grid.itemIndex(atPosition: start) == item)
            let block = (0..<span).flatMap { row in (0..<span).map { start + row * columns + $0 } }
            #expect(covered[item] == block, "\(columns) columns, \(items) items, item \(item)")
            #expect(start % columns + span <= columns, "item wraps a row")
          }
          // Only positions after the last item's are empty, apart from the drop cap's side.
          let last = items == 0 ? -1 : grid.position(ofItem: items - 1)
          for position in 0..<max(0, last) where grid.itemIndex(atPosition: position) == nil {
            #expect(grid.hasDropCap && position / columns < 2, "hole at \(position)")
          }
        }
      }
    }
  }
}
