import FolioCore

/// What a terminal that shows images shows as pixels: every piece of a page on screen (pages,
/// tiles of a zoomed page, the reading view's crops, the filmstrip's thumbnails, a peek's
/// figure), each placed over its cells, with holes where something is drawn over it.
extension AppState {
  /// A piece shown as an image: where its whole picture lies on screen, the area it is cut to,
  /// and its depth.
  struct ImagePiece {
    var piece: PagePiece
    var grid: CellRect
    var clip: CellRect
    var depth: Int
  }

  /// The pieces on screen that are shown as images while pixels are on. O(log n + pieces).
  var imagePieces: [ImagePiece] {
    guard drawing.pixels == .on else { return [] }
    func onScreen(_ piece: PagePiece, area: CellRect, visible: CellRect, depth: Int) -> ImagePiece?
    {
      let grid = CellRect(
        x: area.minX + piece.frame.minX - visible.minX,
        y: area.minY + piece.frame.minY - visible.minY,
        columns: piece.frame.size.columns, rows: piece.frame.size.rows)
      guard grid.intersects(area) else { return nil }
      return ImagePiece(piece: piece, grid: grid, clip: area, depth: depth)
    }
    let area = areas.main
    let visible = view.viewport.visibleRect
    var pieces = mainPieces(meeting: visible).compactMap {
      onScreen($0, area: area, visible: visible, depth: 0)
    }
    if let strip = areas.filmstrip {
      let shown = view.shelfViewport.visibleRect
      pieces += shelfPieces(meeting: shown).compactMap {
        onScreen($0, area: strip, visible: shown, depth: 0)
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
      let request = shown.piece.request
      let image = PageImage(
        page: request.page, region: request.region, cells: request.size,
        isInverted: request.style.isInverted, document: request.document)
      let visible = shown.grid.intersection(shown.clip)
      let parts = shown.depth > 0 ? [visible] : visible.parts { !isCovered($0) }
      guard !parts.isEmpty else { return nil }
      return ImagePlacement(image: image, grid: shown.grid, parts: parts, depth: shown.depth)
    }
  }
}
