import FolioCore

/// The cell grid a page is drawn on at one size: how many cells the page's width and height
/// take, and where the grid's first cell starts (the fraction of a cell every tile of the page
/// at that size shares). A tile is a rectangle of this grid, so every tile of a page places
/// its part of the same text in the same cells.
public struct PageGrid: Hashable, Sendable {
  /// Cells across the page's whole width and down its whole height.
  public var cellsAcross: Double
  public var cellsDown: Double
  /// Where the grid's first column and row start, in cells from the page's left and top edge
  /// (from 0 up to 1).
  public var phaseX: Double
  public var phaseY: Double

  /// The grid of a picture of `size` cells showing `region` of the page.
  public init(region: PageRegion, size: CellSize) {
    cellsAcross = Double(max(1, size.columns)) / max(region.width, 1e-9)
    cellsDown = Double(max(1, size.rows)) / max(region.height, 1e-9)
    phaseX = Self.phase(region.x * cellsAcross)
    phaseY = Self.phase(region.y * cellsDown)
  }

  /// The fractional part of `cells`, to a millionth (so that tiles whose regions differ by
  /// rounding share one grid).
  private static func phase(_ cells: Double) -> Double {
    guard cells.isFinite else { return 0 }
    let rounded = (cells * 1e6).rounded() / 1e6
    return rounded - rounded.rounded(.down)
  }

  /// The grid's columns and rows: the whole page, and a cell to spare on each side.
  public var size: CellSize {
    CellSize(
      columns: Int(saturating: cellsAcross.rounded(.up), rounding: .towardZero) + 2,
      rows: Int(saturating: cellsDown.rounded(.up), rounding: .towardZero) + 2)
  }

  /// The page region the grid's cells cover, from its first cell.
  public var region: PageRegion {
    let size = self.size
    return PageRegion(
      x: phaseX / cellsAcross, y: phaseY / cellsDown,
      width: Double(size.columns) / cellsAcross, height: Double(size.rows) / cellsDown)
  }

  /// The grid cell where a picture of `region` starts.
  public func origin(of region: PageRegion) -> CellPoint {
    CellPoint(
      x: Int(saturating: (region.x * cellsAcross - phaseX).rounded(), rounding: .towardZero),
      y: Int(saturating: (region.y * cellsDown - phaseY).rounded(), rounding: .towardZero))
  }
}
