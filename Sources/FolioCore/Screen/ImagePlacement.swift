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
    let columns = visible.size.columns
    var shows = [Bool](repeating: false, count: visible.size.area)
    for part in parts {
      let part = part.intersection(visible)
      guard !part.isEmpty else { continue }
      for y in part.minY..<part.maxY {
        for x in part.minX..<part.maxX {
          shows[(y - visible.minY) * columns + (x - visible.minX)] = true
        }
      }
    }
    var holes = Set<CellPoint>()
    for (index, isShown) in shows.enumerated() where !isShown {
      holes.insert(CellPoint(x: visible.minX + index % columns, y: visible.minY + index / columns))
    }
    return holes
  }

  /// The most parts a placement shown by kitty's placements is cut into (each is a placement
  /// of its own): past them (a search for a common word tinting hundreds of words on a page),
  /// the page is shown as its block art instead. Painted pictures have no such bound.
  public static let mostParts = 256

  /// The smallest rectangle holding every part (empty when none shows).
  public var shown: CellRect {
    guard let first = parts.first else {
      return CellRect(x: grid.minX, y: grid.minY, columns: 0, rows: 0)
    }
    return parts.dropFirst().reduce(first) { $0.union($1) }
  }

  /// The pixels of the picture the cells `rect` of `grid` cover, where a cell is
  /// `cellPixels` (the picture's top-left at `grid`'s): x, y, width and height, cut to the
  /// picture; nil when they cover none of it (the strip of cells past a picture that keeps
  /// its page's shape).
  public func pixels(of rect: CellRect, cellPixels: PixelSize) -> CellRect? {
    let size = image.pixelSize(cellPixels: cellPixels)
    let x = (rect.minX - grid.minX) * cellPixels.width
    let y = (rect.minY - grid.minY) * cellPixels.height
    let cut = CellRect(
      x: x, y: y, columns: rect.size.columns * cellPixels.width,
      rows: rect.size.rows * cellPixels.height
    ).intersection(CellRect(x: 0, y: 0, columns: size.width, rows: size.height))
    return cut.isEmpty ? nil : cut
  }

  /// What a worker draws for the cells `rect` of `grid` alone: the part of the page those
  /// cells show, at its pixels in the whole picture (so it joins the rest of it exactly).
  public func request(of rect: CellRect, cellPixels: PixelSize) -> PixelRequest? {
    guard let cut = pixels(of: rect, cellPixels: cellPixels) else { return nil }
    let whole = image.pixelSize(cellPixels: cellPixels)
    let region = image.region
    return PixelRequest(
      page: image.page,
      region: PageRegion(
        x: region.x + region.width * Double(cut.minX) / Double(whole.width),
        y: region.y + region.height * Double(cut.minY) / Double(whole.height),
        width: region.width * Double(cut.size.columns) / Double(whole.width),
        height: region.height * Double(cut.size.rows) / Double(whole.height)),
      size: PixelSize(width: cut.size.columns, height: cut.size.rows),
      isInverted: image.isInverted, document: image.document)
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
  /// The page's size in points, when known: the picture then keeps the region's shape
  /// exactly instead of filling its cells (whole cells are up to half a cell off it).
  public var pageSize: PointSize?

  /// Creates an image.
  public init(
    page: PageIndex, region: PageRegion = .whole, cells: CellSize, isInverted: Bool = false,
    document: DocumentVersion = .first, pageSize: PointSize? = nil
  ) {
    self.document = document
    self.page = page
    self.region = region
    self.cells = cells
    self.isInverted = isInverted
    self.pageSize = pageSize
  }

  /// The picture's size in pixels where a cell is `cellPixels` large: its cells' pixels, one
  /// side cut (by less than a cell) to the region's shape when the page's size is known.
  public func pixelSize(cellPixels: PixelSize) -> PixelSize {
    let box = PixelSize(
      width: cells.columns * cellPixels.width, height: cells.rows * cellPixels.height)
    guard let pageSize, pageSize.width > 0, pageSize.height > 0, region.width > 0,
      region.height > 0, !box.isEmpty
    else { return box }
    let aspect = (pageSize.width * region.width) / (pageSize.height * region.height)
    guard aspect.isFinite, aspect > 0 else { return box }
    let height = (Double(box.width) / aspect).rounded()
    if height <= Double(box.height) {
      return PixelSize(width: box.width, height: max(1, Int(height)))
    }
    let width = min(Double(box.width), (Double(box.height) * aspect).rounded())
    return PixelSize(width: max(1, Int(width)), height: box.height)
  }

  /// What a worker renders for it where a cell is `cellPixels` large.
  public func request(cellPixels: PixelSize) -> PixelRequest {
    PixelRequest(
      page: page, region: region, size: pixelSize(cellPixels: cellPixels),
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
