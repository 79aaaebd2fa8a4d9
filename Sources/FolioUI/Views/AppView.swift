import FolioCore
import FolioLayout

/// Draws the whole screen from the app state and the tiles of the picture board: each area of
/// `ScreenAreas` by its view (the main view with labels and selection, the filmstrip, the status
/// line), then what each input mode shows over them (a prompt, the help overlay). A pure
/// function of its inputs.
public struct AppView: Sendable {
  /// How wide text is on the terminal.
  public var width: TextWidth

  /// Creates a view that measures text with `width`.
  public init(width: TextWidth) { self.width = width }

  /// The screen's cells for `state`, with page pictures from the tiles of `main` and `shelf`.
  public func draw(
    _ state: AppState, main: TilePool<RenderRequest>, shelf: TilePool<RenderRequest>
  ) -> ScreenBuffer {
    frame(state, main: main, shelf: shelf).cells
  }

  /// The frame for `state`: its cells, with page pictures from the tiles of `main` and
  /// `shelf`, and (while pixels are on) the pictures placed over them, cut around whatever is
  /// drawn over the pages.
  public func frame(
    _ state: AppState, main: TilePool<RenderRequest>, shelf: TilePool<RenderRequest>
  ) -> Frame {
    var screen = ScreenBuffer(size: state.terminal.size)
    guard !state.terminal.size.isEmpty else { return Frame(cells: screen) }
    drawPages(state, main: main, shelf: shelf, on: &screen)
    guard state.drawing.pixels == .on else {
      drawOver(state, main: main, on: &screen)
      return Frame(cells: screen)
    }
    // A cell written over the pages is covered, whatever it was written with (the same
    // blank as a page not drawn yet, a tint that only adds an attribute).
    screen.trackWrites()
    drawOver(state, main: main, on: &screen)
    let written = screen.takeWrites()
    let columns = screen.size.columns
    return Frame(
      cells: screen, placements: state.imagePlacements { written[$0.y * columns + $0.x] })
  }

  /// The pages of the main area and the filmstrip.
  private func drawPages(
    _ state: AppState, main: TilePool<RenderRequest>, shelf: TilePool<RenderRequest>,
    on screen: inout ScreenBuffer
  ) {
    let areas = state.areas
    if !areas.main.isEmpty {
      drawTiles(main, viewport: state.view.viewport, area: areas.main, on: &screen) {
        $0 < PagePiece.overlayIndex
      }
    }
    if let shelfArea = areas.filmstrip, state.view.shelf != nil {
      drawTiles(shelf, viewport: state.view.shelfViewport, area: shelfArea, on: &screen)
    }
  }

  /// Everything over the pages: the reading view's text, hits, labels, the status line and
  /// messages, what the input modes show, and the pictures in them (a peek's figure).
  private func drawOver(
    _ state: AppState, main: TilePool<RenderRequest>, on screen: inout ScreenBuffer
  ) {
    let areas = state.areas
    let area = areas.main
    if !area.isEmpty {
      if state.view.mode == .read { ReadingView(width: width).draw(state, area: area, on: &screen) }
      SearchMarks(width: width).draw(state, area: area, on: &screen)
      if state.view.mode == .grid {
        drawLabels(
          state, layout: state.view.layout, viewport: state.view.viewport, area: area, on: &screen)
      }
    }
    if let shelfArea = areas.filmstrip, let shelfLayout = state.view.shelf {
      drawLabels(
        state, layout: shelfLayout, viewport: state.view.shelfViewport, area: shelfArea, on: &screen
      )
    }
    if let line = areas.statusLine {
      StatusLine(width: width).draw(state, in: line, on: &screen)
      MessagePanel(width: width).draw(state, above: line, on: &screen)
    }
    for mode in state.modes.all { mode.draw(state, areas: areas, on: &screen, width: width) }
    // Pictures in the overlays (a peek's figure) go over them.
    drawTiles(main, viewport: state.view.viewport, area: area, on: &screen) {
      $0 >= PagePiece.overlayIndex
    }
  }

  private func drawTiles(
    _ pool: TilePool<RenderRequest>, viewport: Viewport, area: CellRect,
    on screen: inout ScreenBuffer, where isDrawn: (Int) -> Bool = { _ in true }
  ) {
    let visible = viewport.visibleRect
    pool.forEachVisibleTile { tile in
      guard tile.frame.intersects(visible), isDrawn(tile.itemIndex) else { return }
      let origin = CellPoint(
        x: area.minX + tile.frame.minX - visible.minX, y: area.minY + tile.frame.minY - visible.minY
      )
      screen.draw(tile.preview, at: origin, clippedTo: area)
    }
  }

  /// Page labels under thumbnails, the current page's in reverse video; a picked page's label
  /// starts with a check mark and its thumbnail carries one in its top-left corner.
  private func drawLabels(
    _ state: AppState, layout: any DocumentLayout, viewport: Viewport, area: CellRect,
    on screen: inout ScreenBuffer
  ) {
    let visible = viewport.visibleRect
    let currentSpread = state.view.layout.spreads.spreadIndex(containing: state.view.currentPage)
    let markedPages =
      state.view.mode == .spread
      ? state.view.layout.spreads.pages(inSpread: currentSpread)
      : state.view.currentPage..<state.view.currentPage.advanced(by: 1)
    for item in layout.items(intersecting: visible) {
      guard let labelFrame = item.labelFrame else { continue }
      let page = item.pages[0].page
      let isMarked = markedPages.contains(page)
      let frame = CellRect(
        x: area.minX + labelFrame.minX - visible.minX,
        y: area.minY + labelFrame.minY - visible.minY,
        columns: labelFrame.size.columns, rows: labelFrame.size.rows)
      guard frame.intersects(area), frame.minY >= area.minY, frame.minY < area.maxY else {
        continue
      }
      let isPicked = state.picking.selection.contains(page)
      let style =
        isMarked
        ? Cell(" ", attributes: [.reverse, .bold])
        : Cell(" ", attributes: isPicked ? [.reverse] : [.dim])
      let label = (isPicked ? "✓ " : "") + state.document.label(of: page)
      let text = width.truncated(label, toWidth: frame.size.columns)
      if isPicked {
        let corner = CellPoint(
          x: area.minX + item.pages[0].frame.minX - visible.minX,
          y: area.minY + item.pages[0].frame.minY - visible.minY)
        if area.contains(corner), area.contains(CellPoint(x: corner.x + 2, y: corner.y)) {
          screen.write(
            " ✓ ", at: corner, maxWidth: 3, style: Cell(" ", attributes: [.reverse, .bold]),
            width: width)
        }
      }
      let columns = width.width(of: text)
      if isMarked {
        for x in frame.minX..<frame.maxX where x >= area.minX && x < area.maxX {
          screen[x, frame.minY] = style
        }
      }
      let start = frame.minX + (frame.size.columns - columns) / 2
      let clipLeft = max(0, area.minX - start)
      guard clipLeft == 0 else { continue }
      screen.write(
        text, at: CellPoint(x: start, y: frame.minY), maxWidth: min(columns, area.maxX - start),
        style: style, width: width)
    }
  }
}
