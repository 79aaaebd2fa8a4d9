import FolioCore
import FolioLayout
import FolioRaster

/// Everything the browser shows, as one value made of owned sub-states: what is known of the
/// document, how it is viewed and where, how pages are drawn, the search, jumps and marks,
/// picking, reloading, the input modes, the status line and the reflowed text. `update` is the only writer; each
/// sub-state has its own folder and its own changes; views draw the whole.
public struct AppState: Sendable {
  /// Fixed for the session: whether places are remembered, whether pages off screen are
  /// prepared.
  public let settings: SessionSettings
  /// The terminal's size and cell shape.
  public internal(set) var terminal: TerminalFacts
  /// What is known of the document (Document/).
  public internal(set) var document: DocumentFacts
  /// The view, the reader's place in it, and the layout made from them (View/).
  public internal(set) var view: ViewState
  /// How pages are drawn: symbols, colors, the text layer (Drawing/).
  public internal(set) var drawing: DrawingState
  /// The search in force and what it found (Search/).
  public internal(set) var search = SearchState()
  /// Jumps, marks and the link shown last (Links/).
  public internal(set) var navigation = NavigationState()
  /// Pages picked with `v` and `V`, and how `--pick` prints them (Picking/).
  public internal(set) var picking = PickingState()
  /// Reloading the file when it changes (Reload/).
  public internal(set) var reload: ReloadState
  /// The input modes, normal browsing at the bottom (Modes/). Changed only by the routing of
  /// events (`AppState+Update`).
  public internal(set) var modes: ModeStack
  /// The status line's message and render progress (Status/).
  public internal(set) var status = StatusState()
  /// The pages reflowed for the reading view (Reading/).
  public internal(set) var reading = ReadingState()

  /// Creates the state for a document opened at `page` in `mode`.
  public init(
    document: DocumentFacts, metrics: PageMetrics, screenSize: CellSize,
    cellAspect: CellAspect = .standard, mode: ViewMode = .grid, page: PageIndex = PageIndex(0),
    spreadStyle: SpreadStyle = SpreadStyle(), hasDropCap: Bool = false,
    trimsMargins: Bool = false, style: RenderStyle,
    drawableSymbols: [SymbolSet] = SymbolSet.allCases, remembersPlace: Bool = false,
    prefetches: Bool = true, reload: ReloadState = ReloadState(canReopen: false),
    keymap: Keymap = .standard, library: LibraryRole? = nil
  ) {
    var document = document
    document.adopt(metrics)
    self.document = document
    settings = SessionSettings(
      remembersPlace: remembersPlace, prefetches: prefetches, library: library)
    terminal = TerminalFacts(size: screenSize, cellAspect: cellAspect)
    self.reload = reload
    modes = ModeStack(normal: NormalMode(keymap: keymap))
    let (drawing, substitution) = DrawingState.make(style: style, drawable: drawableSymbols)
    self.drawing = drawing
    if let substitution { status.say(substitution) }
    let clampedPage = PageIndex(min(max(0, page.rawValue), document.pageCount - 1))
    view = ViewState(
      mode: mode, spreadStyle: spreadStyle,
      options: ViewOptions(hasDropCap: hasDropCap, trimsMargins: trimsMargins),
      page: clampedPage)
    refreshLayout(placing: .page(clampedPage, at: view.goToPosition))
  }

  /// Where each part of the screen goes.
  public var areas: ScreenAreas {
    ScreenAreas.layout(
      screen: terminal.size, filmstripRows: view.shelf?.viewportSize.rows ?? 0,
      sidePanelColumns: sidePanelColumns)
  }

  /// The side panel's width: a third of the screen, at least 24 columns, all of it on a
  /// screen narrower than 60 columns; 0 when no mode shows a panel.
  var sidePanelColumns: Int {
    guard modes.showsSidePanel else { return 0 }
    let columns = terminal.size.columns
    return columns < 60 ? columns : max(24, columns / 3)
  }

  /// The cells of the screen the main view uses.
  public var mainArea: CellRect { areas.main }

  /// Where the filmstrip is drawn, if it is.
  public var shelfArea: CellRect? { areas.filmstrip }

  /// Shows a one-line message on the status line for a few seconds.
  mutating func say(_ text: String) { status.say(text) }
}

/// What stays the same for a whole session.
public struct SessionSettings: Hashable, Sendable {
  /// Whether the place is remembered for the next open (saved after changes and on the way
  /// out).
  public var remembersPlace: Bool
  /// Whether pages beyond the screen are prepared (not for a frame printed once).
  public var prefetches: Bool
  /// In a library: the shelf of covers or one of its documents; nil for a document alone.
  public var library: LibraryRole?

  /// Creates settings.
  public init(remembersPlace: Bool = false, prefetches: Bool = true, library: LibraryRole? = nil) {
    self.remembersPlace = remembersPlace
    self.prefetches = prefetches
    self.library = library
  }
}
