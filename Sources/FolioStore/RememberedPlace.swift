/// Where a document was left: the page and the view settings. Plain values only; the runtime
/// maps them to its own types and ignores values it does not know (a mode or symbol table
/// from a newer Folio, say).
public struct RememberedPlace: Hashable, Sendable {
  /// The current page, 0-based.
  public var page: Int
  /// The view mode's name.
  public var mode: String
  /// How many pages the grid shows.
  public var gridItems: Int
  /// The zoom of the continuous view.
  public var continuousZoom: Double
  /// The zoom of the spread view.
  public var spreadZoom: Double
  /// How pages pair into spreads.
  public var spreads: String
  /// Whether spreads are shifted by one page (a cover on its own).
  public var isShifted: Bool
  /// Whether spreads read right to left.
  public var isRightToLeft: Bool
  /// The name of the symbol table pages are drawn with.
  public var symbols: String
  /// Whether colors are inverted.
  public var isInverted: Bool
  /// The document's marks, as the runtime writes them (one a line); "" for none.
  public var marks: String
  /// Whether the margins are trimmed.
  public var trims: Bool

  /// Creates a place from its values.
  public init(
    page: Int, mode: String, gridItems: Int, continuousZoom: Double, spreadZoom: Double,
    spreads: String, isShifted: Bool, isRightToLeft: Bool, symbols: String, isInverted: Bool,
    marks: String = "", trims: Bool = false
  ) {
    self.page = page
    self.mode = mode
    self.gridItems = gridItems
    self.continuousZoom = continuousZoom
    self.spreadZoom = spreadZoom
    self.spreads = spreads
    self.isShifted = isShifted
    self.isRightToLeft = isRightToLeft
    self.symbols = symbols
    self.isInverted = isInverted
    self.marks = marks
    self.trims = trims
  }
}
