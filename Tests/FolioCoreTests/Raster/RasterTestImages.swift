import FolioCore
import FolioRaster
import FolioTestSupport

/// Synthetic images for rasterizer tests, described per sub-cell.
enum RasterTestImages {
  /// An image of `cells` cells for `rasterizer`, each sub-cell one flat color from `color(x, y)`
  /// where x, y count sub-cells across the whole image.
  static func image(
    for rasterizer: BlockRasterizer, cells: CellSize, color: (Int, Int) -> RGBA
  ) -> RGBAImage {
    let table = rasterizer.symbols.table
    let size = rasterizer.pixelSize(for: cells)
    let perSubX = size.width / (cells.columns * table.columns)
    let perSubY = size.height / (cells.rows * table.rows)
    var image = RGBAImage(size: size)
    for y in 0..<size.height {
      for x in 0..<size.width {
        image[x, y] = color(x / perSubX, y / perSubY)
      }
    }
    return image
  }

  static func randomColor(_ generator: inout SplitMix64) -> RGBA {
    RGBA(
      red: UInt8.random(in: 0...255, using: &generator),
      green: UInt8.random(in: 0...255, using: &generator),
      blue: UInt8.random(in: 0...255, using: &generator))
  }

  static func luma(_ color: TerminalColor) -> Double {
    guard case .rgb(let r, let g, let b) = color else { return -1 }
    return 0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)
  }
}

extension TerminalColor {
  init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) { self = .rgb(red, green, blue) }
}
