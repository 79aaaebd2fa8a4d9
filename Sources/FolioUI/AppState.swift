import FolioCore

/// Everything the browser shows, as one value: the document's facts, the view settings, where
/// the reader is, and transient input state. `update` changes it; views draw it.
public struct AppState: Sendable {
  /// The document.
  public var document: DocumentFacts
  /// Page sizes, known or estimated.
  public private(set) var metrics: PageMetrics
  /// The terminal's size.
  public private(set) var screenSize: CellSize
  /// How tall a cell is compared with its width.
  public private(set) var cellAspect: CellAspect

  /// The current view.
  public private(set) var mode: ViewMode
  /// How pages group into spreads, and the binding.
  public var spreadStyle: SpreadStyle { didSet { relayout() } }
  /// Thumbnail count target in the grid.
  public var gridZoom: GridZoom = .standard { didSet { relayout() } }
  /// Whole-document zoom in continuous mode.
  public var continuousZoom: ZoomScale = .fit { didSet { relayout() } }
  /// Zoom of the current spread in spread mode.
  public var spreadZoom: ZoomScale = .fit { didSet { relayout() } }
  /// The first thumbnail spans 2 x 2 grid positions.
  public var hasDropCap: Bool { didSet { relayout() } }
  /// The filmstrip under the spread view.
  public var showsShelf: Bool = true { didSet { relayout() } }
  /// How pages are drawn.
  public var style: RenderStyle
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
  /// The text typed after `:`, while the prompt is open.
  public internal(set) var prompt: String?
  /// A one-line message for the status line ("no page 'xx'").
  public internal(set) var message: String?
  /// Whether the key overlay is shown.
  public internal(set) var showsHelp = false
  /// Pages still being rendered, for the status line.
  public var pendingRenders = 0

  /// Creates the state for a document opened at `page` in `mode`.
  public init(
    document: DocumentFacts, metrics: PageMetrics, screenSize: CellSize,
    cellAspect: CellAspect = .standard, mode: ViewMode = .grid, page: PageIndex = PageIndex(0),
    spreadStyle: SpreadStyle = SpreadStyle(), hasDropCap: Bool = false, style: RenderStyle,
    drawableSymbols: [SymbolSet] = SymbolSet.allCases
  ) {
    self.document = document
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
    viewport = layout.viewport(showing: clampedPage, at: .center, from: layout.startViewport)
    followCurrentPageInShelf()
  }

  /// The rows of the screen the main view uses (all but the status line and the filmstrip).
  public var mainArea: CellRect {
    let shelfRows = shelf?.viewportSize.rows ?? 0
    return CellRect(
      x: 0, y: 0, columns: screenSize.columns,
      rows: max(0, screenSize.rows - 1 - shelfRows))
  }

  /// Where the filmstrip is drawn, if it is.
  public var shelfArea: CellRect? {
    guard let shelf else { return nil }
    return CellRect(
      x: 0, y: mainArea.maxY, columns: screenSize.columns, rows: shelf.viewportSize.rows)
  }

  // MARK: Changes that relayout while keeping the reader's place

  /// Switches the view, keeping the current page in view.
  public mutating func show(_ newMode: ViewMode) {
    guard newMode != mode else { return }
    mode = newMode
    rebuildLayouts()
    viewport = layout.viewport(showing: currentPage, at: .center, from: layout.startViewport)
    followCurrentPageInShelf()
  }

  /// Adopts a new terminal size, keeping the same place at the center.
  public mutating func resize(to size: CellSize) {
    guard size != screenSize else { return }
    screenSize = size
    relayout()
  }

  /// Adopts a page size read from the document (estimated until now).
  public mutating func learnSize(_ size: PointSize, of page: PageIndex) {
    guard metrics.size(of: page) != size.sanitized || !metrics.isSizeKnown(page) else { return }
    metrics.setSize(size.sanitized, of: page)
    relayout()
  }

  /// Adopts many page sizes at once, with one relayout.
  public mutating func learnSizes(_ sizes: [(PageIndex, PointSize)]) {
    guard !sizes.isEmpty else { return }
    for (page, size) in sizes { metrics.setSize(size.sanitized, of: page) }
    relayout()
  }

  /// Records a page label read from the document.
  public mutating func learnLabel(_ label: String?, of page: PageIndex) {
    document.setLabel(label, of: page)
    if let label { metrics.noteLabel(columns: label.unicodeScalars.count) }
  }

  /// Rebuilds the layouts for the current settings and keeps the place at the viewport center.
  mutating func relayout() {
    let previous = layout
    let previousViewport = viewport
    rebuildLayouts()
    if mode == .grid {
      viewport = layout.viewport(showing: currentPage, at: .nearest, from: layout.viewport(keepingPlaceOf: previousViewport, in: previous))
    } else {
      viewport = layout.viewport(keepingPlaceOf: previousViewport, in: previous)
    }
    followCurrentPageInShelf()
  }

  private mutating func rebuildLayouts() {
    let screenRows = max(0, screenSize.rows - 1)
    if mode == .spread && showsShelf && screenRows >= 8 {
      shelf = ShelfLayout(
        metrics: metrics, availableSize: CellSize(columns: screenSize.columns, rows: screenRows),
        cellAspect: cellAspect, options: ShelfOptions(binding: spreadStyle.binding))
    } else {
      shelf = nil
    }
    let area = CellSize(columns: max(1, screenSize.columns), rows: max(1, mainArea.size.rows))
    switch mode {
    case .grid:
      layout = GridLayout(
        metrics: metrics, viewportSize: area, cellAspect: cellAspect,
        options: GridOptions(zoom: gridZoom, hasDropCap: hasDropCap, binding: spreadStyle.binding))
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
