import FolioCore
import FolioLayout

/// What the layouts of the view are made from: remade when one of these changes.
struct LayoutKey: Equatable, Sendable {
  var mode: ViewMode
  var spreadStyle: SpreadStyle
  var zooms: ViewZooms
  var options: ViewOptions
  var screen: CellSize
  var sidePanelColumns: Int
  var cellAspect: CellAspect
  var document: DocumentVersion
  var metricsRevision: Int
  /// Content boxes count only while the margins are trimmed.
  var contentBoxRevision: Int
  /// The pages a grid of only the pages with hits shows.
  var shownPages: [PageIndex]?
  /// The spread a zoomed spread view zooms.
  var zoomedSpread: Int?
  /// The reading view's pages' lines (0 in the other views).
  var readingRevision = 0
}

/// What the shown metrics are made from: remade only when one of these changes, not on every
/// relayout (zooms, resizes).
struct ShownMetricsKey: Equatable, Sendable {
  var document: DocumentVersion
  var revision: Int
  var boxes: Int
  var pairing: SpreadStyle?
}

/// Where the viewport goes when the layouts are remade.
enum Placement: Equatable, Sendable {
  /// The same place stays at the center (in the grid: the current page stays in view).
  case keepingPlace
  /// `page` at `position`, from the layout's start.
  case page(PageIndex, at: ScrollPosition)
}

/// The one step that derives the layouts from the state: after each update (and where an
/// action needs the new layout before it goes on), only when what they are made from changed.
extension AppState {
  /// What the layouts are made from now.
  var layoutKey: LayoutKey {
    let view = self.view
    let trims = view.options.trimsMargins
    var shownPages: [PageIndex]?
    if view.mode == .grid && view.options.showsOnlyHits {
      let pages = search.pages.lazy.map(\.page).filter { $0.rawValue < self.document.pageCount }
      shownPages = pages.isEmpty ? nil : Array(pages)
    }
    var zoomedSpread: Int?
    if view.mode == .spread && view.zooms.spread > .fit {
      zoomedSpread = view.spreadStyle.arrangement(pageCount: document.pageCount)
        .spreadIndex(containing: view.currentPage)
    }
    return LayoutKey(
      mode: view.mode, spreadStyle: view.spreadStyle, zooms: view.zooms, options: view.options,
      screen: terminal.size, sidePanelColumns: sidePanelColumns, cellAspect: terminal.cellAspect,
      document: document.version, metricsRevision: document.metrics.revision,
      contentBoxRevision: trims ? document.contentBoxRevision : 0, shownPages: shownPages,
      zoomedSpread: zoomedSpread, readingRevision: view.mode == .read ? reading.revision : 0)
  }

  /// Remakes the layouts if what they are made from changed (or when `placement` says where
  /// the viewport goes), and puts the viewport where `placement` says. O(pages) when the
  /// layout is remade in the continuous view, else about O(1).
  mutating func refreshLayout(placing placement: Placement = .keepingPlace) {
    if view.mode == .read { prepareReadingPages() }
    let key = layoutKey
    guard placement != .keepingPlace || key != view.layouts.key else { return }
    let previous = view.layout
    let previousViewport = view.viewport
    let hadLayout = view.layouts.key != nil
    view.adopt(makeLayouts(key))
    let layout = view.layout
    switch placement {
    case .page(let page, let position):
      view.scroll(to: layout.viewport(showing: page, at: position, from: layout.startViewport))
    case .keepingPlace where !hadLayout:
      view.scroll(
        to: layout.viewport(
          showing: view.currentPage, at: view.goToPosition, from: layout.startViewport))
    case .keepingPlace where view.mode == .spread && view.zooms.spread == .fit:
      // A whole spread is the place: shown as opening the document shows it.
      view.scroll(
        to: layout.viewport(
          showing: view.currentPage, at: view.goToPosition, from: layout.startViewport))
    case .keepingPlace where view.mode == .read:
      view.scroll(
        to: readingViewport(keeping: previousViewport, of: previous)
          ?? layout.viewport(keepingPlaceOf: previousViewport, in: previous))
      placeReadingTarget()
    case .keepingPlace where view.mode == .grid:
      let kept = layout.viewport(keepingPlaceOf: previousViewport, in: previous)
      view.goTo(
        page: layout.pages(inItem: layout.itemIndex(containing: view.currentPage))
          .lowerBound)
      view.scroll(to: layout.viewport(showing: view.currentPage, at: .nearest, from: kept))
    case .keepingPlace:
      view.scroll(to: layout.viewport(keepingPlaceOf: previousViewport, in: previous))
    }
    view.followCurrentPageInShelf()
  }

  /// The layouts for `key`.
  private func makeLayouts(_ key: LayoutKey) -> ViewLayouts {
    let shown = shownMetrics()
    let metrics = shown?.metrics ?? document.metrics
    let screenRows = max(0, key.screen.rows - 1)
    let columns = ScreenAreas.layout(screen: key.screen, sidePanelColumns: key.sidePanelColumns)
      .main.size.columns
    var shelf: ShelfLayout?
    if key.mode == .spread && key.options.showsShelf && screenRows >= 8 {
      shelf = ShelfLayout(
        metrics: metrics, availableSize: CellSize(columns: columns, rows: screenRows),
        cellAspect: key.cellAspect, options: ShelfOptions(binding: key.spreadStyle.binding))
    }
    let area = ScreenAreas.layout(
      screen: key.screen, filmstripRows: shelf?.viewportSize.rows ?? 0,
      sidePanelColumns: key.sidePanelColumns
    ).main.size.atLeastOneCell
    let main: any DocumentLayout
    var grid: GridLayout?
    switch key.mode {
    case .grid:
      // Only pages with hits: the grid aims for no more items than it has, so a few hits get
      // large thumbnails.
      let zoom = key.shownPages.map {
        GridZoom(targetItemCount: min(key.zooms.grid.targetItemCount, $0.count))
      }
      let made = GridLayout(
        metrics: metrics, viewportSize: area, cellAspect: key.cellAspect,
        options: GridOptions(
          zoom: zoom ?? key.zooms.grid, hasDropCap: key.options.hasDropCap && zoom == nil,
          binding: key.spreadStyle.binding, shownPages: key.shownPages))
      main = made
      grid = made
    case .continuous:
      main = ContinuousLayout(
        metrics: metrics, viewportSize: area, cellAspect: key.cellAspect,
        options: ContinuousOptions(
          axis: .vertical, spreadStyle: key.spreadStyle, zoom: key.zooms.continuous))
    case .read:
      main = ReadingStack(rows: readingRows(), measure: readingMeasure, viewportSize: area)
    case .spread:
      main = PerSpreadLayout(
        metrics: metrics, viewportSize: area, cellAspect: key.cellAspect,
        options: PerSpreadOptions(
          axis: .horizontal, spreadStyle: key.spreadStyle,
          zoom: key.zoomedSpread.map { SpreadZoom(spread: $0, scale: key.zooms.spread) }))
    }
    return ViewLayouts(main: main, grid: grid, shelf: shelf, key: key, shownMetrics: shown)
  }

  /// The page metrics cropped to what is shown of each page, when trimming: O(n) when the
  /// sizes, the boxes or the pairing of pages changed, else the ones made last.
  private func shownMetrics() -> (key: ShownMetricsKey, metrics: PageMetrics)? {
    guard view.options.trimsMargins else { return nil }
    let key = ShownMetricsKey(
      document: document.version, revision: document.metrics.revision,
      boxes: document.contentBoxRevision,
      pairing: view.mode == .grid ? nil : view.spreadStyle)
    if let made = view.layouts.shownMetrics, made.key == key { return made }
    let metrics = document.metrics
    var shown = PageMetrics(pageCount: metrics.pageCount)
    for index in 0..<metrics.pageCount {
      let page = PageIndex(index)
      guard metrics.isSizeKnown(page) else { continue }
      let size = metrics.size(of: page)
      let region = shownRegion(of: page)
      shown.setSize(
        PointSize(width: size.width * region.width, height: size.height * region.height), of: page)
    }
    shown.noteLabel(columns: metrics.widestLabelColumns)
    return (key, shown)
  }
}
