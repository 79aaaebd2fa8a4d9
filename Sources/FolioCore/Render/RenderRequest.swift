/// Everything that decides the cells of one page picture: which page, which part of it, at
/// how many cells, drawn how. Equal requests give equal pictures, so a request is the cache
/// key of the render pipeline.
public struct RenderRequest: Hashable, Sendable, CustomStringConvertible {
  /// The version of the document the page belongs to.
  public var document: DocumentVersion
  /// The page.
  public var page: PageIndex
  /// The part of the page drawn (`.whole` for thumbnails; the visible part when zoomed).
  public var region: PageRegion
  /// The picture's size in cells.
  public var size: CellSize
  /// Symbols, colors and inversion.
  public var style: RenderStyle

  /// Creates a request.
  public init(
    page: PageIndex, region: PageRegion = .whole, size: CellSize, style: RenderStyle,
    document: DocumentVersion = .first
  ) {
    self.document = document
    self.page = page
    self.region = region
    self.size = size
    self.style = style
  }

  /// The page this request draws, in its document version: pictures of the same page key can
  /// stand in for each other.
  public var pageKey: PageKey { PageKey(document: document, page: page) }

  /// Memory a finished picture of this request takes in a cache, in bytes.
  public var cost: Int { size.area * MemoryLayout<Cell>.stride + 64 }

  public var description: String {
    "\(document) \(page) \(size.columns)x\(size.rows) \(style.symbols.rawValue)"
  }
}

/// How pages are drawn in cells: the symbol set, the colors, and inversion.
public struct RenderStyle: Hashable, Sendable {
  /// The symbol set.
  public var symbols: SymbolSet
  /// The colors the cells may use.
  public var colors: ColorMode
  /// Dark paper: lightness inverted, hue kept.
  public var isInverted: Bool
  /// Which of the page's text is drawn as characters over the block art.
  public var text: TextLayerMode

  /// Creates a style.
  public init(
    symbols: SymbolSet, colors: ColorMode, isInverted: Bool = false, text: TextLayerMode = .auto
  ) {
    self.symbols = symbols
    self.colors = colors
    self.isInverted = isInverted
    self.text = text
  }
}

/// A page of one version of the document: the group cached pictures share for stand-ins.
public struct PageKey: Hashable, Sendable {
  /// The document version.
  public var document: DocumentVersion
  /// The page.
  public var page: PageIndex

  /// Creates a page key.
  public init(document: DocumentVersion, page: PageIndex) {
    self.document = document
    self.page = page
  }
}
