import FolioCore

/// How the rasterizer turns lightness into on/off sub-cells when it has no colors to fit
/// (`--colors none`).
public enum Dithering: String, CaseIterable, Hashable, Sendable {
  /// A fixed threshold at half lightness: crisp, but mid tones go all one way.
  case none
  /// A 4 x 4 Bayer matrix over the sub-cell grid: mid tones become patterns of their density.
  case ordered

  /// The threshold (0…1) for the sub-cell at column `x`, row `y` of the whole sub-cell grid.
  @inline(__always)
  func threshold(x: Int, y: Int) -> Float {
    switch self {
    case .none: return 0.5
    case .ordered: return Dithering.bayer[(y & 3) << 2 | (x & 3)]
    }
  }

  /// The 4 x 4 Bayer matrix as thresholds (rank + 0.5) / 16, row-major.
  static let bayer: [Float] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5].map {
    (Float($0) + 0.5) / 16
  }
}
