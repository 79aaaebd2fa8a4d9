import FolioCore

/// Conversions between grid positions (the slots of a grid, row-major) and item indices, with an
/// optional "drop cap": item 0 spanning 2 x 2 positions (0, 1, `columns`, `columns + 1`), as the
/// first letter of a paragraph spans lines. All conversions are O(1).
///
/// With the drop cap and `k` columns: positions 0 and 1 of row 0 and of row 1 hold item 0; the
/// other positions of row 0 hold items 1 ... k - 2 (item = position - 1); every later position p
/// holds item p - 3. A grid of one column never has a drop cap.
public struct GridPositions: Hashable, Sendable {
  /// Columns of the grid, at least 1.
  public let columnCount: Int
  /// Items laid out, never negative.
  public let itemCount: Int
  /// Whether item 0 spans 2 x 2 positions (requested, at least 2 columns and at least one item).
  public let hasDropCap: Bool

  /// Creates the positions of `itemCount` items in `columnCount` columns, with a drop cap if
  /// requested and possible.
  public init(columnCount: Int, itemCount: Int, dropCap: Bool) {
    self.columnCount = max(1, columnCount)
    self.itemCount = max(0, itemCount)
    hasDropCap = dropCap && self.columnCount >= 2 && self.itemCount >= 1
  }

  /// Positions used by items, the drop cap counting four.
  public var occupiedPositionCount: Int { itemCount + (hasDropCap ? 3 : 0) }

  /// Rows needed: 0 without items, at least 2 with a drop cap.
  public var rowCount: Int {
    guard itemCount > 0 else { return 0 }
    let rows = (occupiedPositionCount + columnCount - 1) / columnCount
    return hasDropCap ? max(2, rows) : rows
  }

  /// The item at grid position `position`, or nil for a position before the grid or after its
  /// last item.
  public func itemIndex(atPosition position: Int) -> Int? {
    guard position >= 0 else { return nil }
    var item = position
    if hasDropCap {
      let row = position / columnCount
      let column = position % columnCount
      if row < 2, column < 2 {
        item = 0
      } else {
        item = row == 0 ? position - 1 : position - 3
      }
    }
    return item < itemCount ? item : nil
  }

  /// The first (top-left) grid position of item `index`, which must be a valid item.
  public func position(ofItem index: Int) -> Int {
    guard hasDropCap else { return index }
    if index == 0 { return 0 }
    return index <= columnCount - 2 ? index + 1 : index + 3
  }

  /// How many positions across and down item `index` spans: 2 x 2 for a drop cap, else 1 x 1.
  public func span(ofItem index: Int) -> Int {
    hasDropCap && index == 0 ? 2 : 1
  }
}
