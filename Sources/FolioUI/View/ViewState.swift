import FolioCore
import FolioLayout

/// How the document is looked at and where the reader is in it: the view's settings, the
/// current page and the scroll positions, and the layouts made from them. The layouts are
/// derived data: `AppState.refreshLayout` remakes them, once after each update and only when
/// what they are made from changed, keeping the reader's place.
public struct ViewState: Sendable {
  /// The current view.
  public private(set) var mode: ViewMode
  /// How pages group into spreads, and the binding.
  public private(set) var spreadStyle: SpreadStyle
  /// The zoom of each view.
  public private(set) var zooms = ViewZooms()
  /// The drop cap, the filmstrip, trimmed margins, only the pages with hits.
  public private(set) var options: ViewOptions
  /// The page the reader is on: the selected thumbnail, or the page at the center.
  public private(set) var currentPage: PageIndex
  /// Where the content is scrolled to in the current layout.
  public private(set) var viewport: Viewport
  /// The filmstrip's scroll position.
  public private(set) var shelfViewport: Viewport
  /// The layouts made from the settings, and what they were made from.
  public private(set) var layouts: ViewLayouts
  /// The page whose body text `z` waits for, if it waits.
  public private(set) var readingZoomPage: PageIndex?
  /// Where each page view was left, to come back to.
  private(set) var placesLeft: [ViewMode: PlaceLeft] = [:]

  /// A view of `mode` on `page`, not laid out yet (`AppState.refreshLayout` does that).
  init(mode: ViewMode, spreadStyle: SpreadStyle, options: ViewOptions, page: PageIndex) {
    self.mode = mode
    self.spreadStyle = spreadStyle
    self.options = options
    currentPage = page
    layouts = ViewLayouts()
    viewport = layouts.main.startViewport
    shelfViewport = layouts.main.startViewport
  }

  /// The layout of the main area.
  public var layout: any DocumentLayout { layouts.main }

  /// The filmstrip's layout in spread mode (nil when hidden or not in spread mode).
  public var shelf: ShelfLayout? { layouts.shelf }

  /// Where a go-to puts its page: the grid scrolls as little as it can, the continuous view
  /// shows the page from its top, the spread view centers its spread.
  var goToPosition: ScrollPosition {
    switch mode {
    case .grid: return .nearest
    case .continuous, .read: return .start
    case .spread: return .center
    }
  }

  /// The zoom of the current view as a scale (the grid's has none: 1).
  var pageZoom: ZoomScale {
    switch mode {
    case .grid, .read: return .fit
    case .continuous: return zooms.continuous
    case .spread: return zooms.spread
    }
  }

  /// Takes new layouts, made from `key`.
  mutating func adopt(_ layouts: ViewLayouts) { self.layouts = layouts }

  /// Scrolls the filmstrip so the current page is in it.
  mutating func followCurrentPageInShelf() {
    guard let shelf else { return }
    let start = shelfViewport.size == shelf.viewportSize ? shelfViewport : shelf.startViewport
    shelfViewport = shelf.viewport(showing: currentPage, at: .nearest, from: start)
  }

  /// Places the filmstrip as a fresh view places it (after its order changed, its old viewport
  /// means another place).
  mutating func placeShelfAfresh() {
    guard let shelf else { return }
    shelfViewport = shelf.viewport(showing: currentPage, at: .nearest, from: shelf.startViewport)
  }

  /// Sets the current page from the viewport's center (continuous and spread views), or
  /// from its top line (the reading view: the page whose text the screen starts with).
  mutating func followViewport() {
    guard mode != .grid else { return }
    if let stack = layout as? ReadingStack, let top = stack.place(atRow: viewport.origin.y) {
      currentPage = top.page
      return
    }
    currentPage = layout.continuousPageIndex(at: viewport).page
    followCurrentPageInShelf()
  }

  /// Shows `newMode` (the root lays it out and places the reader).
  mutating func switchTo(_ newMode: ViewMode) { mode = newMode }

  /// Makes `page` the current page (the root scrolls to it).
  mutating func goTo(page: PageIndex) { currentPage = page }

  /// Scrolls the main area to `newViewport` (clamped by the caller to the layout).
  mutating func scroll(to newViewport: Viewport) { viewport = newViewport }

  /// Zooms the grid to `zoom`.
  mutating func zoom(grid zoom: GridZoom) { zooms.grid = zoom }

  /// Zooms the continuous view to `zoom`.
  mutating func zoom(continuous zoom: ZoomScale) { zooms.continuous = zoom }

  /// Zooms the spread view to `zoom`.
  mutating func zoom(spread zoom: ZoomScale) { zooms.spread = zoom }

  /// Takes a remembered place's zooms.
  mutating func restore(zooms remembered: ViewZooms) { zooms = remembered }

  /// Takes a remembered place's spreads.
  mutating func restore(spreadStyle remembered: SpreadStyle) { spreadStyle = remembered }

  /// `s`: the next way pages group into spreads.
  mutating func cycleSpreadMode() { spreadStyle.mode = spreadStyle.mode.next }

  /// `b`: left-to-right binding or right-to-left.
  mutating func toggleBinding() {
    spreadStyle.binding = spreadStyle.binding == .leftToRight ? .rightToLeft : .leftToRight
  }

  /// Shifts spreads by one page, or back.
  mutating func toggleShift() { spreadStyle.isShiftedByOne.toggle() }

  /// Shows the filmstrip, or hides it.
  mutating func toggleShelf() { options.showsShelf.toggle() }

  /// Trims the pages' margins, or shows whole pages.
  mutating func trimMargins(_ trims: Bool) { options.trimsMargins = trims }

  /// The grid shows only the pages with hits, or every page.
  mutating func showOnlyHits(_ only: Bool) { options.showsOnlyHits = only }

  /// `z` waits for `page`'s body text to be measured (nil: it waits no more).
  mutating func awaitBodyText(of page: PageIndex?) { readingZoomPage = page }

  /// The current page view is left for another: where it was, to come back to.
  mutating func noteLeft(_ place: PlaceLeft) { placesLeft[mode] = place }
}

/// The zoom of each view.
public struct ViewZooms: Hashable, Sendable {
  /// Thumbnail count target in the grid.
  public var grid = GridZoom.standard
  /// Whole-document zoom in the continuous view.
  public var continuous = ZoomScale.fit
  /// Zoom of the current spread in the spread view.
  public var spread = ZoomScale.fit

  /// The zooms of a fresh view.
  public init(
    grid: GridZoom = .standard, continuous: ZoomScale = .fit, spread: ZoomScale = .fit
  ) {
    self.grid = grid
    self.continuous = continuous
    self.spread = spread
  }
}

/// The view's switches.
public struct ViewOptions: Hashable, Sendable {
  /// The first thumbnail spans 2 x 2 grid positions.
  public var hasDropCap = false
  /// The filmstrip under the spread view.
  public var showsShelf = true
  /// Pages are shown cropped to their content (`T`, `--trim`).
  public var trimsMargins = false
  /// The grid shows only the pages with hits of the search in force (while it has any); a new
  /// query shows every page again.
  public var showsOnlyHits = false

  /// Creates options.
  public init(
    hasDropCap: Bool = false, showsShelf: Bool = true, trimsMargins: Bool = false,
    showsOnlyHits: Bool = false
  ) {
    self.hasDropCap = hasDropCap
    self.showsShelf = showsShelf
    self.trimsMargins = trimsMargins
    self.showsOnlyHits = showsOnlyHits
  }
}

/// The layouts of a view and what they were made from: derived data, never set by hand.
public struct ViewLayouts: Sendable {
  /// The main area's layout.
  public let main: any DocumentLayout
  /// The main layout when it is the grid (its zoom steps depend on its sizing).
  public let grid: GridLayout?
  /// The filmstrip's, in the spread view when it shows.
  public let shelf: ShelfLayout?
  /// What they were made from (nil: not made yet).
  let key: LayoutKey?
  /// The page metrics cropped to the content boxes, and what they were made from.
  let shownMetrics: (key: ShownMetricsKey, metrics: PageMetrics)?

  /// A placeholder before the first layout.
  init() {
    let grid = GridLayout(
      metrics: PageMetrics(pageCount: 1), viewportSize: CellSize(columns: 1, rows: 1))
    main = grid
    self.grid = grid
    shelf = nil
    key = nil
    shownMetrics = nil
  }

  init(
    main: any DocumentLayout, grid: GridLayout?, shelf: ShelfLayout?, key: LayoutKey,
    shownMetrics: (key: ShownMetricsKey, metrics: PageMetrics)?
  ) {
    self.main = main
    self.grid = grid
    self.shelf = shelf
    self.key = key
    self.shownMetrics = shownMetrics
  }
}
