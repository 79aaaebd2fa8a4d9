import FolioCore
import FolioLayout

/// One picture the screen is made of: a whole page, or for a page larger than the screen one
/// viewport-sized tile of it, with where it lies in content cells. Its `request` is what the
/// render pipeline draws; its `index` is stable while the page and tile stay the same.
public struct PagePiece: Hashable, Sendable, TiledItem {
  /// A stable identity: the page and the tile within it.
  public var index: Int
  /// Where the piece lies, in content cells.
  public var frame: CellRect
  /// The picture it shows.
  public var request: RenderRequest
  /// Its page's label, for the placeholder shown until the picture is drawn.
  public var label: String

  /// Pieces per page at most (tiles of a zoomed page).
  static let tilesPerPage = 1 << 16

  /// The index of a picture drawn over the overlays (a peek's figure), past every page's.
  public static let overlayIndex = Int.max / 2

  /// The pieces of `page` framed at `pageFrame` that meet `rect`: the whole page when it is no
  /// bigger than `tile` in area, else tiles of `tile` size aligned to the page's top-left, so
  /// scrolling reuses them. Tiles outside `rect` are not made. `shown` is the part of the
  /// page the frame shows (all of it unless the margins are trimmed). O(tiles returned).
  static func pieces(
    of page: PageIndex, framedAt pageFrame: CellRect, meeting rect: CellRect, tile: CellSize,
    style: RenderStyle, document: DocumentVersion = .first, shown: PageRegion = .whole,
    label: String? = nil
  ) -> [PagePiece] {
    let label = label ?? String(page.number)
    guard !pageFrame.isEmpty, pageFrame.intersects(rect) else { return [] }
    let base = page.rawValue * tilesPerPage
    if pageFrame.size.area <= max(1, tile.area) {
      return [
        PagePiece(
          index: base, frame: pageFrame,
          request: RenderRequest(
            page: page, region: shown, size: pageFrame.size, style: style, document: document),
          label: label)
      ]
    }
    let width = max(1, tile.columns)
    let height = max(1, tile.rows)
    let visible = pageFrame.intersection(rect)
    let columns = (pageFrame.size.columns + width - 1) / width
    let firstColumn = (visible.minX - pageFrame.minX) / width
    let lastColumn = (visible.maxX - 1 - pageFrame.minX) / width
    let firstRow = (visible.minY - pageFrame.minY) / height
    let lastRow = (visible.maxY - 1 - pageFrame.minY) / height
    var pieces: [PagePiece] = []
    for row in firstRow...lastRow {
      for column in firstColumn...lastColumn {
        let x = pageFrame.minX + column * width
        let y = pageFrame.minY + row * height
        let frame = CellRect(
          x: x, y: y, columns: min(width, pageFrame.maxX - x), rows: min(height, pageFrame.maxY - y)
        )
        let region = PageRegion(
          x: shown.x + shown.width * Double(x - pageFrame.minX) / Double(pageFrame.size.columns),
          y: shown.y + shown.height * Double(y - pageFrame.minY) / Double(pageFrame.size.rows),
          width: shown.width * Double(frame.size.columns) / Double(pageFrame.size.columns),
          height: shown.height * Double(frame.size.rows) / Double(pageFrame.size.rows))
        let number = min(row * columns + column, tilesPerPage - 1)
        pieces.append(
          PagePiece(
            index: base + number, frame: frame,
            request: RenderRequest(
              page: page, region: region, size: frame.size, style: style, document: document),
            label: label))
      }
    }
    return pieces
  }
}

extension AppState {
  /// How far beyond the screen pages are prepared, along the scrolling axis: one screen.
  public var prefetchRect: CellRect {
    let visible = view.viewport.visibleRect
    if view.layout.progression.isVertical {
      return CellRect(
        x: visible.minX, y: visible.minY - visible.size.rows, columns: visible.size.columns,
        rows: visible.size.rows * 3)
    }
    return CellRect(
      x: visible.minX - visible.size.columns, y: visible.minY, columns: visible.size.columns * 3,
      rows: visible.size.rows)
  }

  /// The main view's pieces that meet `rect` (content cells). O(log n + pieces).
  public func mainPieces(meeting rect: CellRect) -> [PagePiece] {
    if view.mode == .read { return readingCrops(meeting: rect) }
    let tile = view.viewport.size
    return view.layout.items(intersecting: rect).flatMap { item in
      item.pages.flatMap { placed in
        PagePiece.pieces(
          of: placed.page, framedAt: placed.frame, meeting: rect, tile: tile,
          style: drawing.style, document: document.version, shown: shownRegion(of: placed.page),
          label: document.label(of: placed.page))
      }
    }
  }

  /// The filmstrip's pieces that meet `rect` (filmstrip content cells).
  public func shelfPieces(meeting rect: CellRect) -> [PagePiece] {
    guard let shelf = view.shelf else { return [] }
    return shelf.items(intersecting: rect).flatMap { item in
      item.pages.flatMap { placed in
        PagePiece.pieces(
          of: placed.page, framedAt: placed.frame, meeting: rect, tile: shelf.viewportSize,
          style: drawing.style, document: document.version,
          shown: shownRegion(of: placed.page), label: document.label(of: placed.page))
      }
    }
  }

  /// The filmstrip's prefetch area: a screen's width to each side.
  public var shelfPrefetchRect: CellRect {
    let visible = view.shelfViewport.visibleRect
    return CellRect(
      x: visible.minX - visible.size.columns, y: visible.minY, columns: visible.size.columns * 3,
      rows: visible.size.rows)
  }
}

extension AppState {
  /// The pictures the screen needs now: the main view's and the filmstrip's pieces on screen
  /// and, when prefetching, in the margin around it. O(log n + pieces).
  public var pictureWants: PictureWants {
    let visible = view.viewport.visibleRect
    let prefetches = settings.prefetches
    let prepared = prefetches ? prefetchRect : visible
    // A peek's figure is a picture of the main view too, over its box.
    let peeked = (modes.top as? PeekMode)?.cropPiece(self).map { [$0] } ?? []
    let main = PictureWants.Area(
      pieces: mainPieces(meeting: prepared) + peeked, contentSize: view.layout.contentSize,
      visible: visible, prepared: prepared)
    var strip: PictureWants.Area?
    if let shelf = view.shelf {
      let shown = view.shelfViewport.visibleRect
      let margin = prefetches ? shelfPrefetchRect : shown
      strip = PictureWants.Area(
        pieces: shelfPieces(meeting: margin), contentSize: shelf.contentSize, visible: shown,
        prepared: margin)
    }
    return PictureWants(main: main, filmstrip: strip, document: document.version)
  }
}
