import FolioCore
import FolioLayout

/// Where a reader is in a document and how they look at it: what Folio remembers per document
/// and restores on the next open.
public struct Place: Hashable, Sendable {
  /// The current page.
  public var page: PageIndex
  /// The view.
  public var mode: ViewMode
  /// The grid's zoom.
  public var gridZoom: GridZoom
  /// The continuous view's zoom.
  public var continuousZoom: ZoomScale
  /// The spread view's zoom.
  public var spreadZoom: ZoomScale
  /// Spreads, shift and right-to-left.
  public var spreadStyle: SpreadStyle
  /// The symbol set.
  public var symbols: SymbolSet
  /// Dark paper.
  public var isInverted: Bool
  /// The document's marks.
  public var marks: Marks
  /// Whether the margins are trimmed.
  public var trimsMargins: Bool

  /// Creates a place.
  public init(
    page: PageIndex, mode: ViewMode, gridZoom: GridZoom = .standard,
    continuousZoom: ZoomScale = .fit, spreadZoom: ZoomScale = .fit,
    spreadStyle: SpreadStyle = SpreadStyle(), symbols: SymbolSet, isInverted: Bool = false,
    marks: Marks = Marks(), trimsMargins: Bool = false
  ) {
    self.page = page
    self.mode = mode
    self.gridZoom = gridZoom
    self.continuousZoom = continuousZoom
    self.spreadZoom = spreadZoom
    self.spreadStyle = spreadStyle
    self.symbols = symbols
    self.isInverted = isInverted
    self.marks = marks
    self.trimsMargins = trimsMargins
  }
}

extension AppState {
  /// The reader's place as it is now.
  public var place: Place {
    Place(
      page: view.currentPage, mode: view.mode, gridZoom: view.zooms.grid,
      continuousZoom: view.zooms.continuous, spreadZoom: view.zooms.spread,
      spreadStyle: view.spreadStyle, symbols: drawing.style.symbols,
      isInverted: drawing.style.isInverted, marks: navigation.marks,
      trimsMargins: view.options.trimsMargins)
  }

  /// Goes back to a remembered place: its page (clamped to the document), view, zooms and
  /// spreads; its symbols only if this terminal can draw them.
  mutating func restore(_ place: Place) {
    view.restore(
      zooms: ViewZooms(
        grid: place.gridZoom, continuous: place.continuousZoom, spread: place.spreadZoom))
    view.restore(spreadStyle: place.spreadStyle)
    drawing.restore(symbols: place.symbols, isInverted: place.isInverted)
    navigation.restore(place.marks)
    view.trimMargins(place.trimsMargins)
    refreshLayout()
    show(place.mode)
    go(to: place.page)
    if view.mode == .spread && place.spreadZoom > .fit {
      // Going to a page undoes a spread's zoom; the remembered one comes back after.
      view.zoom(spread: place.spreadZoom)
      refreshLayout()
      view.scroll(
        to: view.layout.viewport(
          showing: view.currentPage, at: .center, from: view.viewport))
    }
  }
}
