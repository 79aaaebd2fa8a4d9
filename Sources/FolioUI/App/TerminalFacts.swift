import FolioCore

/// What the app knows of the terminal: its size in cells and the shape of a cell.
public struct TerminalFacts: Hashable, Sendable {
  /// The terminal's size.
  public private(set) var size: CellSize
  /// How tall a cell is compared with its width.
  public private(set) var cellAspect: CellAspect

  /// Creates facts.
  public init(size: CellSize, cellAspect: CellAspect = .standard) {
    self.size = size
    self.cellAspect = cellAspect
  }

  /// The terminal was resized to `size`.
  mutating func resize(to size: CellSize) { self.size = size }
}
