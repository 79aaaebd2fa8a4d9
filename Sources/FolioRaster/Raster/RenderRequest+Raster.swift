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
    let image = try render(request.page, region: request.region, size: request.pixelSize)
    var cells = request.rasterizer.cells(from: image, size: request.size)
    if request.drawsText {
      TextOverlay(mode: request.style.text).draw(
        text(at: request.page), region: request.region, colors: request.style.colors, on: &cells)
    }
    return cells
  }
}
