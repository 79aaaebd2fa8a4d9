import FolioCore

/// A page drawn as terminal art, fitted into a box of cells and centered, with the terminal's
/// default colors around it: what `--print` writes, built the way page views build theirs.
public struct PagePicture: Sendable {
  /// Draws the cells.
  public var rasterizer: BlockRasterizer
  /// How many times taller than wide a terminal cell is (2 for most fonts).
  public var cellAspect: Double

  /// Creates a picture description.
  public init(rasterizer: BlockRasterizer, cellAspect: Double = 2) {
    self.rasterizer = rasterizer
    self.cellAspect = cellAspect
  }

  /// The cells the page covers inside `box`: as much of the box as the page's shape allows.
  public func pageCells(for pageSize: PointSize, in box: CellSize) -> CellSize {
    PageFit.cells(for: pageSize, in: box, cellAspect: cellAspect)
  }

  /// Renders `page` of `document` and draws it centered in a `box`-sized buffer. Costs one
  /// render at `rasterizer.pixelSize(for: pageCells(…))` plus O(pixels) to convert it.
  public func draw(
    _ page: PageIndex, of document: some DocumentSource, in box: CellSize
  ) throws -> ScreenBuffer {
    guard (0..<document.pageCount).contains(page.rawValue) else {
      throw DocumentError.pageOutOfRange(page, pageCount: document.pageCount)
    }
    let cells = pageCells(for: document.pageSize(at: page), in: box)
    guard !cells.isEmpty else { return ScreenBuffer(size: box) }
    let image = try document.render(page, size: rasterizer.pixelSize(for: cells))
    return Self.centered(rasterizer.cells(from: image, size: cells), in: box)
  }

  /// `picture` in the middle of a `box`-sized buffer of blank cells (left and top get the
  /// smaller half of any odd remainder).
  public static func centered(_ picture: ScreenBuffer, in box: CellSize) -> ScreenBuffer {
    var screen = ScreenBuffer(size: box)
    screen.draw(
      picture,
      at: CellPoint(
        x: (box.columns - picture.size.columns) / 2, y: (box.rows - picture.size.rows) / 2))
    return screen
  }
}
