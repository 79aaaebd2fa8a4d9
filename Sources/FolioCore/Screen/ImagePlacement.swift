/// A page picture shown in pixels over part of a frame, where the terminal shows images: the
/// picture, the cells the whole of it spans (they may reach past the screen), the cells of
/// those that show it, and its depth among placements. Cells outside `parts` are off screen
/// or under something drawn over the pages (a panel, the help, a prompt, a hit's tint); they
/// show the frame's cells.
public struct ImagePlacement: Hashable, Sendable {
  /// The picture placed.
  public var image: PageImage
  /// The cells the whole picture spans on screen.
  public var grid: CellRect
  /// The cells of `grid` in the area it is drawn in (the main view, the filmstrip): the parts
  /// and the holes.
  public var visible: CellRect
  /// The cells of `visible` that show the picture: disjoint rectangles, top to bottom, then
  /// left to right.
  public var parts: [CellRect]
  /// Placements of a greater depth go over those of a smaller one (a peek's figure over the
  /// pages).
  public var depth: Int

  /// Creates a placement; `visible` is the smallest rectangle holding `parts` when not given.
  public init(
    image: PageImage, grid: CellRect, visible: CellRect? = nil, parts: [CellRect], depth: Int = 0
  ) {
    self.image = image
    self.grid = grid
    self.parts = parts
    self.depth = depth
    self.visible = grid
    self.visible = visible ?? shown
  }

  /// The cells of `visible` that show the frame's cells instead of the picture.
  public var holes: Set<CellPoint> {
    var holes = Set<CellPoint>()
    for y in visible.minY..<visible.maxY {
      for x in visible.minX..<visible.maxX {
        let point = CellPoint(x: x, y: y)
        if !parts.contains(where: { $0.contains(point) }) { holes.insert(point) }
      }
    }
    return holes
  }

  /// The smallest rectangle holding every part (empty when none shows).
  public var shown: CellRect {
    guard let first = parts.first else {
      return CellRect(x: grid.minX, y: grid.minY, columns: 0, rows: 0)
    }
    return parts.dropFirst().reduce(first) { $0.union($1) }
  }

  /// The picture of the cells `rect` of `grid` alone: the same page, the part of it those
  /// cells show.
  public func image(of rect: CellRect) -> PageImage {
    let columns = Double(max(1, grid.size.columns))
    let rows = Double(max(1, grid.size.rows))
    let region = image.region
    var part = image
    part.region = PageRegion(
      x: region.x + region.width * Double(rect.minX - grid.minX) / columns,
      y: region.y + region.height * Double(rect.minY - grid.minY) / rows,
      width: region.width * Double(rect.size.columns) / columns,
      height: region.height * Double(rect.size.rows) / rows)
    part.cells = rect.size
    return part
  }
}

/// A page picture in pixels as a frame names it: which page of which version, which part of
/// it, over how many cells, on dark paper or not. The terminal's cell size turns it into the
/// request a worker renders.
public struct PageImage: Hashable, Sendable {
  /// The version of the document the page belongs to.
  public var document: DocumentVersion
  /// The page.
  public var page: PageIndex
  /// The part of the page shown.
  public var region: PageRegion
  /// The cells the picture spans.
  public var cells: CellSize
  /// Dark paper: lightness inverted, hue kept.
  public var isInverted: Bool

  /// Creates an image.
  public init(
    page: PageIndex, region: PageRegion = .whole, cells: CellSize, isInverted: Bool = false,
    document: DocumentVersion = .first
  ) {
    self.document = document
    self.page = page
    self.region = region
    self.cells = cells
    self.isInverted = isInverted
  }

  /// What a worker renders for it where a cell is `cellPixels` large.
  public func request(cellPixels: PixelSize) -> PixelRequest {
    PixelRequest(
      page: page, region: region,
      size: PixelSize(
        width: cells.columns * cellPixels.width, height: cells.rows * cellPixels.height),
      isInverted: isInverted, document: document)
  }
}

/// What the screen shows: its cells, and the page pictures placed over them.
public struct Frame: Hashable, Sendable {
  /// The cells.
  public var cells: ScreenBuffer
  /// The pictures over the cells, by depth.
  public var placements: [ImagePlacement]

  /// Creates a frame.
  public init(cells: ScreenBuffer, placements: [ImagePlacement] = []) {
    self.cells = cells
    self.placements = placements
  }
}
