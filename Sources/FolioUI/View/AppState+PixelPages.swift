import FolioCore

/// What a terminal that shows images shows as pixels: every picture on screen (whole pages,
/// the reading view's crops, the filmstrip's thumbnails, a peek's figure), each placed over
/// its cells, with holes where something is drawn over it.
extension AppState {
  /// A picture shown as an image: where the whole of it lies on screen, the area it is cut
  /// to, and its depth.
  struct ImagePiece {
    var image: PageImage
    var grid: CellRect
    var clip: CellRect
    var depth: Int
  }

  /// The pictures on screen that are shown as images while pixels are on: whole pages (one
  /// picture each, however far the page reaches past the screen), the reading view's crops,
  /// the filmstrip's thumbnails and a peek's figure. O(log n + pictures).
  var imagePieces: [ImagePiece] {
    guard drawing.pixels == .on else { return [] }
    let inverted = drawing.style.isInverted
    let version = document.version
    func onScreen(
      _ page: PageIndex, region: PageRegion, frame: CellRect, area: CellRect, visible: CellRect,
      depth: Int = 0
    ) -> ImagePiece? {
      let grid = CellRect(
        x: area.minX + frame.minX - visible.minX, y: area.minY + frame.minY - visible.minY,
        columns: frame.size.columns, rows: frame.size.rows)
      guard grid.intersects(area) else { return nil }
      let metrics = document.metrics
      let image = PageImage(
        page: page, region: region, cells: frame.size, isInverted: inverted, document: version,
        pageSize: metrics.isSizeKnown(page) ? metrics.size(of: page) : nil)
      return ImagePiece(image: image, grid: grid, clip: area, depth: depth)
    }
    func onScreen(_ piece: PagePiece, area: CellRect, visible: CellRect, depth: Int = 0)
      -> ImagePiece?
    {
      onScreen(
        piece.request.page, region: piece.request.region, frame: piece.frame, area: area,
        visible: visible, depth: depth)
    }
    let area = areas.main
    let visible = view.viewport.visibleRect
    var pieces: [ImagePiece]
    if view.mode == .read {
      pieces = readingCrops(meeting: visible).compactMap {
        onScreen($0, area: area, visible: visible)
      }
    } else {
      pieces = view.layout.items(intersecting: visible).flatMap(\.pages).compactMap {
        onScreen(
          $0.page, region: shownRegion(of: $0.page), frame: $0.frame, area: area, visible: visible)
      }
    }
    if let strip = areas.filmstrip, let shelf = view.shelf {
      let shown = view.shelfViewport.visibleRect
      pieces += shelf.items(intersecting: shown).flatMap(\.pages).compactMap {
        onScreen(
          $0.page, region: shownRegion(of: $0.page), frame: $0.frame, area: strip, visible: shown)
      }
    }
    // A peek's figure goes over its box.
    if let crop = (modes.top as? PeekMode)?.cropPiece(self),
      let piece = onScreen(crop, area: area, visible: visible, depth: 1)
    {
      pieces.append(piece)
    }
    return pieces
  }

  /// The pictures placed over a frame where `isCovered` says which cells have something drawn
  /// over the pages (a panel, the help, a prompt, a hit's tint, a selection): each piece
  /// shows around them, and the pages around them stay pictures. A piece of depth 1 (a peek's
  /// figure) is drawn over everything. None while pixels are off.
  public func imagePlacements(isCovered: (CellPoint) -> Bool) -> [ImagePlacement] {
    imagePieces.compactMap { shown in
      let visible = shown.grid.intersection(shown.clip)
      let parts = shown.depth > 0 ? [visible] : visible.parts { !isCovered($0) }
      guard !parts.isEmpty else { return nil }
      return ImagePlacement(
        image: shown.image, grid: shown.grid, visible: visible, parts: parts, depth: shown.depth)
    }
  }
}
