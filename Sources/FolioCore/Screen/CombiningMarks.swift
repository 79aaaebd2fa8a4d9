/// Combining marks written after a cell's character, as one grapheme with it: what a protocol
/// that reads cells needs of some of them (kitty's image placeholders number the row and
/// column of their image so). A cell with marks carries data: its foreground color is kept
/// exactly, whatever the colors the terminal is drawn with.
public struct CombiningMarks: Hashable, Sendable {
  /// The marks, in order.
  public let scalars: [Unicode.Scalar]

  /// Marks `scalars`.
  public init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }
}

extension ScreenBuffer {
  /// The marks written after the cell at column `x`, row `y`; nil for none.
  public func marks(x: Int, y: Int) -> CombiningMarks? {
    guard !marks.isEmpty, x >= 0, y >= 0, x < size.columns, y < size.rows else { return nil }
    return marks[y * size.columns + x]
  }

  /// Sets `cell` at column `x`, row `y` with `marks` after its character (writes outside are
  /// ignored). Writing the cell again by any other means drops the marks.
  public mutating func set(_ cell: Cell, marks: CombiningMarks, x: Int, y: Int) {
    guard x >= 0, y >= 0, x < size.columns, y < size.rows else { return }
    self[x, y] = cell
    setMarks(marks, at: y * size.columns + x)
  }

  /// Whether the cell at `index` (row-major) has marks.
  public func hasMarks(at index: Int) -> Bool { !marks.isEmpty && marks[index] != nil }
}
