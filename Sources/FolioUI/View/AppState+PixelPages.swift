import FolioCore

/// What a terminal that shows images may draw as pixels: each page part on screen, with the
/// whole page's frame it is cut from, while nothing is drawn over the pages.
extension AppState {
  /// A page's part on screen: the page, the region of the page its frame shows (the whole
  /// page, or its content box when trimmed), the frame's cells on screen (it may reach past
  /// the main area) and the cells of it that show.
  public struct PixelPiece: Hashable, Sendable {
    public var page: PageIndex
    public var region: PageRegion
    public var frame: CellRect
    public var shown: CellRect

    /// The part of the page the cells that show show (fractions of the whole page).
    public var shownPart: PageRegion {
      let columns = Double(max(1, frame.size.columns))
      let rows = Double(max(1, frame.size.rows))
      return PageRegion(
        x: region.x + region.width * Double(shown.minX - frame.minX) / columns,
        y: region.y + region.height * Double(shown.minY - frame.minY) / rows,
        width: region.width * Double(shown.size.columns) / columns,
        height: region.height * Double(shown.size.rows) / rows)
    }
  }

  /// Whether nothing is drawn over the pages: no panel, prompt, help or other mode, no search
  /// marks, no message panel. Images cover the cells under them, so while something is drawn
  /// over the pages, the pages are block art.
  public var pagesAreUncovered: Bool {
    modes.overlays.isEmpty && !search.isActive && areas.sidePanel == nil
      && (areas.statusLine.map {
        StatusLine(width: .approximate).saysWhole(self, columns: $0.size.columns)
      } ?? true)
  }

  /// The page parts in the main area and the filmstrip, for pictures in pixels.
  public var pixelPieces: [PixelPiece] {
    let main = visiblePageRegions.compactMap { visible -> PixelPiece? in
      guard let frame = screenFrame(of: visible.page) else { return nil }
      return PixelPiece(
        page: visible.page, region: shownRegion(of: visible.page), frame: frame,
        shown: visible.screen)
    }
    guard let shelf = view.shelf, let area = areas.filmstrip else { return main }
    let visible = view.shelfViewport.visibleRect
    let thumbnails = shelf.items(intersecting: visible).flatMap(\.pages).compactMap {
      placed -> PixelPiece? in
      let frame = CellRect(
        x: area.minX + placed.frame.minX - visible.minX,
        y: area.minY + placed.frame.minY - visible.minY,
        columns: placed.frame.size.columns, rows: placed.frame.size.rows)
      let shown = frame.intersection(area)
      guard !shown.isEmpty else { return nil }
      return PixelPiece(
        page: placed.page, region: shownRegion(of: placed.page), frame: frame, shown: shown)
    }
    return main + thumbnails
  }
}
