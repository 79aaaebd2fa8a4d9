import FolioCore
import FolioLayout
import FolioRaster

/// Everything the browser shows, as one value: the document's facts, the view settings, where
/// the reader is, and transient input state. `update` changes it; views draw it.
public struct AppState: Sendable {
  /// The document.
  public internal(set) var document: DocumentFacts
  /// Page sizes, known or estimated.
  public private(set) var metrics: PageMetrics
  /// The terminal's size.
  public private(set) var screenSize: CellSize
  /// How tall a cell is compared with its width.
  public private(set) var cellAspect: CellAspect

  /// The current view.
  public private(set) var mode: ViewMode
  /// How pages group into spreads, and the binding.
  public internal(set) var spreadStyle: SpreadStyle { didSet { relayout() } }
  /// Thumbnail count target in the grid.
  public internal(set) var gridZoom: GridZoom = .standard { didSet { relayout() } }
  /// Whole-document zoom in continuous mode.
  public internal(set) var continuousZoom: ZoomScale = .fit { didSet { relayout() } }
  /// Zoom of the current spread in spread mode.
  public internal(set) var spreadZoom: ZoomScale = .fit { didSet { relayout() } }
  /// The first thumbnail spans 2 x 2 grid positions.
  public internal(set) var hasDropCap: Bool { didSet { relayout() } }
  /// The filmstrip under the spread view.
  public internal(set) var showsShelf: Bool = true { didSet { relayout() } }
  /// How pages are drawn.
  public internal(set) var style: RenderStyle
  /// The symbol sets the terminal can draw (never empty), in the order `c` steps through them.
  public let drawableSymbols: [SymbolSet]

  /// The page the reader is on: the selected thumbnail, or the page at the center.
  public internal(set) var currentPage: PageIndex
  /// Where the content is scrolled to in the current layout.
  public internal(set) var viewport: Viewport
  /// The layout of the main area, rebuilt when anything it depends on changes.
  public private(set) var layout: any DocumentLayout
  /// The filmstrip's layout in spread mode (nil when hidden or not in spread mode).
  public private(set) var shelf: ShelfLayout?
  /// The filmstrip's scroll position.
  public internal(set) var shelfViewport: Viewport

  /// Keys typed towards a count.
  public internal(set) var keys = KeySequence()
  /// The input modes, bottom first: normal browsing, then whatever opened over it (a prompt,
  /// the help overlay). Never empty; the last one gets the input.
  public internal(set) var modes: [any InputMode]
  /// A one-line message for the status line ("no page 'xx'"), gone after a few seconds.
  public internal(set) var message: String?
  /// Counts messages said, so the same words said again show for their full time again.
  var messagesSaid = 0
  /// Pages still being rendered, for the status line.
  public internal(set) var pendingRenders = 0
  /// Which version of the document is shown.
  public internal(set) var documentVersion = DocumentVersion.first
  /// Reloading the file when it changes, and how far it has got.
  public internal(set) var reload: ReloadState
  /// Whether the place is remembered for the next open (saved after changes and on the way out).
  public let remembersPlace: Bool
  /// Whether pages beyond the screen are prepared (not for a frame printed once).
  public let prefetches: Bool
  /// The pictures last asked of the runtime.
  var lastWants: PictureWants?
  /// The search in force and what it found.
  public internal(set) var search = SearchState()
  /// The hit boxes last asked of the runtime.
  var lastRegionWants: HitRegionRequest?
  /// The document's outline, once read (asked for when the outline panel first opens).
  public internal(set) var outline: DocumentOutline? {
    didSet { outlineIndex = outline.map(OutlineIndex.init) }
  }
  /// The outline prepared for the panel, made once each time an outline is taken.
  public private(set) var outlineIndex: OutlineIndex?
  /// The version whose outline was last asked for, so that it is asked for once.
  var outlineAsked: DocumentVersion?
  /// Links of pages read so far (of the version shown), by page.
  public internal(set) var links: [PageIndex: [PageLink]] = [:]
  /// The places jumps left, for `Ctrl-O`, `Ctrl-P` and `''`.
  public internal(set) var jumps = JumpList()
  /// Marks set with `m`, remembered with the place.
  public internal(set) var marks = Marks()
  /// The URI of the link followed last, shown in the status line, for `y` to copy.
  public internal(set) var shownLink: String?
  /// The pages whose links were last asked of the runtime.
  var lastLinkWants: [PageIndex] = []
  /// Whether pages are shown cropped to their content (`T`, `--trim`).
  public internal(set) var trimsMargins = false {
    didSet { if trimsMargins != oldValue { relayout() } }
  }
  /// Content boxes found, by page (the whole page for a blank one).
  public internal(set) var contentBoxes: [PageIndex: PageRegion] = [:]
  var lastContentWants: [PageIndex] = []
  /// Counts content boxes taken, and the metrics last made from them (see
  /// `currentShownMetrics()`).
  var contentBoxRevision = 0
  var shownMetricsMemo: (key: ShownMetricsKey, metrics: PageMetrics)?
  /// Body text sizes measured, by page (for `z`), and the page whose size `z` waits for.
  public internal(set) var bodyText: [PageIndex: BodyTextSize] = [:]
  var readingZoomPage: PageIndex?
  /// The pages picked with `v` and `V`.
  public internal(set) var selection = PageSelection()
  /// How a `--pick` session prints the picked pages; nil when not picking.
  public internal(set) var picking: PickFormat?
  /// Whether the grid shows only the pages with hits of the search in force (while it has
  /// any); a new query shows every page again.
  public internal(set) var showsOnlyHits = false {
    didSet { if showsOnlyHits != oldValue { relayout() } }
  }

  /// Creates the state for a document opened at `page` in `mode`.
  public init(
    document: DocumentFacts, metrics: PageMetrics, screenSize: CellSize,
    cellAspect: CellAspect = .standard, mode: ViewMode = .grid, page: PageIndex = PageIndex(0),
    spreadStyle: SpreadStyle = SpreadStyle(), hasDropCap: Bool = false, style: RenderStyle,
    drawableSymbols: [SymbolSet] = SymbolSet.allCases, remembersPlace: Bool = false,
    prefetches: Bool = true, reload: ReloadState = ReloadState(canReopen: false),
    keymap: Keymap = .standard
  ) {
    self.document = document
    self.remembersPlace = remembersPlace
    self.prefetches = prefetches
    self.reload = reload
    modes = [NormalMode(keymap: keymap)]
    self.metrics = metrics
    self.screenSize = screenSize
    self.cellAspect = cellAspect
    self.mode = mode
    self.spreadStyle = spreadStyle
    self.hasDropCap = hasDropCap
    // ASCII is drawable wherever text is; a style the terminal cannot draw takes its fallback
    // and says so.
    self.drawableSymbols = drawableSymbols.isEmpty ? [.ascii] : drawableSymbols
    var style = style
    if let substitute = style.symbols.substitute(among: self.drawableSymbols),
      substitute != style.symbols
    {
      message = "cannot draw \(style.symbols.rawValue) here; using \(substitute.rawValue)"
      style.symbols = substitute
    }
    self.style = style
    let clampedPage = PageIndex(min(max(0, page.rawValue), document.pageCount - 1))
    currentPage = clampedPage
    let placeholder = GridLayout(metrics: metrics, viewportSize: CellSize(columns: 1, rows: 1))
    layout = placeholder
    viewport = placeholder.startViewport
    shelfViewport = placeholder.startViewport
    rebuildLayouts()
    viewport = layout.viewport(showing: clampedPage, at: goToPosition, from: layout.startViewport)
    followCurrentPageInShelf()
  }

  /// Where each part of the screen goes.
  public var areas: ScreenAreas {
    ScreenAreas.layout(
      screen: screenSize, filmstripRows: shelf?.viewportSize.rows ?? 0,
      sidePanelColumns: sidePanelColumns)
  }

  /// Whether a mode that shows a side panel is open (also while it handles input, off the
  /// stack).
  var showsSidePanel: Bool {
    sidePanelHandlesInput || modes.contains { $0 is any SidePanelMode }
  }
  /// Whether the mode handling input now, off the stack, shows a side panel.
  var sidePanelHandlesInput = false

  /// The side panel's width: a third of the screen, at least 24 columns, all of it on a
  /// screen narrower than 60 columns; 0 when no panel is open.
  var sidePanelColumns: Int {
    guard showsSidePanel else { return 0 }
    let columns = screenSize.columns
    return columns < 60 ? columns : max(24, columns / 3)
  }

  /// The cells of the screen the main view uses.
  public var mainArea: CellRect { areas.main }

  /// Where the filmstrip is drawn, if it is.
  public var shelfArea: CellRect? { areas.filmstrip }

  // MARK: Changes that relayout while keeping the reader's place

  /// Switches the view, keeping the current page in view: from the grid (a page, no place on
  /// it) the page is shown from its top, as a go-to shows it; between the page views the page
  /// stays at the center.
  public mutating func show(_ newMode: ViewMode) {
    guard newMode != mode else { return }
    let fromGrid = mode == .grid
    mode = newMode
    rebuildLayouts()
    viewport = layout.viewport(
      showing: currentPage, at: fromGrid ? goToPosition : .center, from: layout.startViewport)
    followCurrentPageInShelf()
  }

  /// Adopts a new terminal size, keeping the same place at the center.
  public mutating func resize(to size: CellSize) {
    guard size != screenSize else { return }
    screenSize = size
    relayout()
  }

  /// Adopts page sizes and labels read from the document, with one relayout when a size is
  /// new. Facts about pages the document does not have are ignored.
  public mutating func learn(_ facts: [PageFact]) {
    if record(facts) { relayout() }
  }

  /// Records sizes and labels without laying out again; returns whether a size was new.
  private mutating func record(_ facts: [PageFact]) -> Bool {
    var changed = false
    for fact in facts where fact.page.rawValue >= 0 && fact.page.rawValue < document.pageCount {
      if let label = fact.label {
        document.setLabel(label, of: fact.page)
        metrics.noteLabel(columns: label.unicodeScalars.count)
      }
      if let size = fact.size?.sanitized,
        metrics.size(of: fact.page) != size || !metrics.isSizeKnown(fact.page)
      {
        metrics.setSize(size, of: fact.page)
        changed = true
      }
    }
    return changed
  }

  /// Shows a new version of the document: its pages and facts replace the old ones; the mode,
  /// zooms and spreads stay, and so does the place (the same page, clamped to the new page
  /// count, at the same point within it).
  mutating func replaceDocument(with summary: DocumentSummary) {
    let facts = DocumentFacts(pageCount: summary.pageCount, title: summary.title)
    document =
      facts.title.isEmpty
      ? DocumentFacts(pageCount: summary.pageCount, title: document.title) : facts
    metrics = PageMetrics(pageCount: document.pageCount)
    documentVersion = summary.version
    // The new version's outline and links are read again when wanted.
    outline = nil
    links = [:]
    bodyText = [:]
    readingZoomPage = nil
    contentBoxes = [:]
    lastContentWants = []
    lastLinkWants = []
    selection.clamp(toPageCount: document.pageCount)
    let anchor = layout.continuousPageIndex(at: viewport)
    let across = crossFraction
    currentPage = PageIndex(min(currentPage.rawValue, document.pageCount - 1))
    _ = record(summary.pages)
    rebuildLayouts()
    let clamped = ContinuousPageIndex(min(anchor.value, Double(document.pageCount).nextDown))
    let index = layout.spreads.continuousSpreadIndex(for: clamped)
    viewport = layout.clamped(layout.viewport(centeredOn: index, crossFraction: across))
    if mode == .grid {
      viewport = layout.viewport(showing: currentPage, at: .nearest, from: viewport)
    } else {
      currentPage = layout.continuousPageIndex(at: viewport).page
    }
    followCurrentPageInShelf()
  }

  /// Where across the content the viewport's center is, from 0 to 1.
  private var crossFraction: Double {
    let content = layout.contentSize
    let center = viewport.center
    if layout.progression.isVertical {
      return content.columns > 0 ? center.x / Double(content.columns) : 0.5
    }
    return content.rows > 0 ? center.y / Double(content.rows) : 0.5
  }

  /// Rebuilds the layouts for the current settings and keeps the place at the viewport center.
  mutating func relayout() {
    let previous = layout
    let previousViewport = viewport
    rebuildLayouts()
    if mode == .grid {
      currentPage = layout.pages(inItem: layout.itemIndex(containing: currentPage)).lowerBound
      viewport = layout.viewport(
        showing: currentPage, at: .nearest,
        from: layout.viewport(keepingPlaceOf: previousViewport, in: previous))
    } else {
      viewport = layout.viewport(keepingPlaceOf: previousViewport, in: previous)
    }
    followCurrentPageInShelf()
  }

  private mutating func rebuildLayouts() {
    let metrics = currentShownMetrics()
    let screenRows = max(0, screenSize.rows - 1)
    let columns = ScreenAreas.layout(screen: screenSize, sidePanelColumns: sidePanelColumns).main
      .size.columns
    if mode == .spread && showsShelf && screenRows >= 8 {
      shelf = ShelfLayout(
        metrics: metrics, availableSize: CellSize(columns: columns, rows: screenRows),
        cellAspect: cellAspect, options: ShelfOptions(binding: spreadStyle.binding))
    } else {
      shelf = nil
    }
    let main = mainArea.size
    let area = main.atLeastOneCell
    switch mode {
    case .grid:
      // Only pages with hits: the grid aims for no more items than it has, so a few hits get
      // large thumbnails.
      let shown = gridShownPages
      let zoom = shown.map { GridZoom(targetItemCount: min(gridZoom.targetItemCount, $0.count)) }
      layout = GridLayout(
        metrics: metrics, viewportSize: area, cellAspect: cellAspect,
        options: GridOptions(
          zoom: zoom ?? gridZoom, hasDropCap: hasDropCap && shown == nil,
          binding: spreadStyle.binding, shownPages: shown))
    case .continuous:
      layout = ContinuousLayout(
        metrics: metrics, viewportSize: area, cellAspect: cellAspect,
        options: ContinuousOptions(axis: .vertical, spreadStyle: spreadStyle, zoom: continuousZoom))
    case .spread:
      let zoomedSpread = spreadStyle.arrangement(pageCount: metrics.pageCount)
        .spreadIndex(containing: currentPage)
      layout = PerSpreadLayout(
        metrics: metrics, viewportSize: area, cellAspect: cellAspect,
        options: PerSpreadOptions(
          axis: .horizontal, spreadStyle: spreadStyle,
          zoom: spreadZoom > .fit ? SpreadZoom(spread: zoomedSpread, scale: spreadZoom) : nil))
    }
  }

  /// The pages the grid shows when it shows only hits and the search has found some.
  private var gridShownPages: [PageIndex]? {
    guard showsOnlyHits else { return nil }
    let pages = search.pages.lazy.map(\.page).filter { $0.rawValue < self.document.pageCount }
    return pages.isEmpty ? nil : Array(pages)
  }

  /// Scrolls the filmstrip so the current page is in it.
  mutating func followCurrentPageInShelf() {
    guard let shelf else { return }
    let start = shelfViewport.size == shelf.viewportSize ? shelfViewport : shelf.startViewport
    shelfViewport = shelf.viewport(showing: currentPage, at: .nearest, from: start)
  }

  /// Sets the current page from the viewport's center (continuous and spread views).
  mutating func followViewport() {
    guard mode != .grid else { return }
    currentPage = layout.continuousPageIndex(at: viewport).page
    followCurrentPageInShelf()
  }
}
