/// Turns page pixels into terminal cells. This first version draws half blocks: each cell
/// shows the mean color of its upper and lower half as ▀ with foreground and background.
public struct BlockRasterizer: Sendable {
  /// Creates a rasterizer.
  public init() {}

  /// The pixel size to render a page at so that it fills `cells` exactly.
  public func pixelSize(for cells: CellSize) -> PixelSize {
    PixelSize(width: cells.columns, height: cells.rows * 2)
  }

  /// Converts `image` (rendered at `pixelSize(for: size)`) into `size` cells.
  public func cells(from image: RGBAImage, size: CellSize) -> ScreenBuffer {
    var buffer = ScreenBuffer(size: size)
    guard image.width >= size.columns, image.height >= size.rows * 2 else { return buffer }
    for row in 0..<size.rows {
      for column in 0..<size.columns {
        let top = image[column, row * 2]
        let bottom = image[column, row * 2 + 1]
        buffer[column, row] = top == bottom
          ? Cell(" ", background: TerminalColor(top))
          : Cell("▀", foreground: TerminalColor(top), background: TerminalColor(bottom))
      }
    }
    return buffer
  }
}
