import FolioCore

/// The empty space between neighbouring items of a layout, the same visual length across and
/// down: `rows` rows between items stacked vertically and the nearest whole number of columns to
/// `rows * cellAspect` (at least 1) between items side by side.
public struct Gutter: Hashable, Sendable {
  /// Rows between items stacked vertically; never negative.
  public let rows: Int

  /// One row (two columns with standard cells).
  public static let standard = Gutter(rows: 1)

  /// No space between items.
  public static let none = Gutter(rows: 0)

  /// Creates a gutter of `rows` rows; negative values become 0.
  public init(rows: Int) {
    self.rows = max(0, rows)
  }

  /// Columns between items side by side, visually as wide as `rows` rows are tall.
  public func columns(for cellAspect: CellAspect) -> Int {
    rows == 0 ? 0 : max(1, Int(saturating: Double(rows) * cellAspect.value))
  }
}
