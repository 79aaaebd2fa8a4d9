/// A point in a layout's content, in cells but not snapped to whole cells: `x` columns from the
/// content's left edge and `y` rows from its top edge. Used where positions are continuous, such
/// as the center of a viewport whose size is odd.
public struct ContentPoint: Hashable, Sendable {
  /// Columns from the left edge of the content, possibly fractional.
  public var x: Double
  /// Rows from the top edge of the content, possibly fractional.
  public var y: Double

  /// Creates a point from fractional cell coordinates.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The top-left corner of a whole cell.
  public init(_ point: CellPoint) {
    self.init(x: Double(point.x), y: Double(point.y))
  }
}
