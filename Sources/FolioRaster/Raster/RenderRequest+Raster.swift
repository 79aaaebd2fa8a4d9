import FolioCore

extension RenderRequest {
  /// The rasterizer that draws this request.
  public var rasterizer: BlockRasterizer { style.rasterizer }

  /// The exact pixel size the page region is rendered at.
  public var pixelSize: PixelSize { rasterizer.pixelSize(for: size) }
}

extension RenderStyle {
  /// The rasterizer for this style.
  public var rasterizer: BlockRasterizer {
    BlockRasterizer(symbols: symbols, colorMode: colors, isInverted: isInverted)
  }
}

extension RenderRequest {
  /// The fewest rows a whole page takes for `.auto` to look for legible text: below, only
  /// characters over a 26th of the page's height (30 pt on a Letter page: a thumbnail's title
  /// at most) could be legible, so the page's text is not read at all.
  public static let textLayerRows = 24

  /// Whether this render reads the page's text and draws it over the block art.
  public var drawsText: Bool {
    switch style.text {
    case .off: return false
    case .on: return true
    case .auto: return Double(size.rows) / region.height >= Double(Self.textLayerRows)
    }
  }
}

extension DocumentSource {
  /// Renders a request: the page region at the request's exact pixel size, turned into cells,
  /// with the page's text over them as the style's text layer asks.
  public func picture(for request: RenderRequest) throws -> ScreenBuffer {
    var placements = TextPlacementCache()
    return try picture(for: request, placements: &placements)
  }

  /// `picture(for:)`, taking the page's text placement from `placements` when its tiles or
  /// re-renders laid it out already (and keeping it there).
  public func picture(for request: RenderRequest, placements: inout TextPlacementCache) throws
    -> ScreenBuffer
  {
    let image = try render(request.page, region: request.region, size: request.pixelSize)
    var cells = request.rasterizer.cells(from: image, size: request.size)
    if request.drawsText {
      let grid = PageGrid(region: request.region, size: request.size)
      let placement = placements.placement(of: request.page, on: grid) {
        TextPlacement(text: text(at: request.page), grid: grid)
      }
      TextOverlay(mode: request.style.text).draw(
        placement, region: request.region, colors: request.style.colors, on: &cells)
    }
    return cells
  }
}

/// The text placements a page worker made last (a few pages, each at its sizes): the tiles of
/// a page at one zoom, and the same page drawn again, lay its text out once.
public struct TextPlacementCache: Sendable {
  private struct Key: Hashable {
    var page: PageIndex
    var grid: PageGrid
  }

  /// The most placements kept.
  public static let limit = 8
  private var recent: [(key: Key, placement: TextPlacement)] = []

  /// An empty cache.
  public init() {}

  /// The placement of `page`'s text on `grid`: kept, or made by `make` and kept.
  public mutating func placement(
    of page: PageIndex, on grid: PageGrid, make: () -> TextPlacement
  ) -> TextPlacement {
    let key = Key(page: page, grid: grid)
    if let index = recent.lastIndex(where: { $0.key == key }) {
      let found = recent.remove(at: index)
      recent.append(found)
      return found.placement
    }
    let made = make()
    recent.append((key, made))
    if recent.count > Self.limit { recent.removeFirst() }
    return made
  }
}
