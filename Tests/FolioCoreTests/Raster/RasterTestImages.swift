import FolioCore

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

  /// A deterministic pseudo-random generator (SplitMix64) so failures reproduce.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static func randomColor(_ generator: inout Generator) -> RGBA {
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
