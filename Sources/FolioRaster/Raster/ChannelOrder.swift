import FolioCore

/// The order of a pixel's four bytes in an `RGBAImage`'s memory. Renderers hand over their
/// bitmaps in the order they draw, so that no pass over every pixel has to reorder them; the
/// rasterizer reads either order at the same cost.
public enum ChannelOrder: Hashable, Sendable {
  /// Red, green, blue, alpha.
  case rgba
  /// Blue, green, red, alpha: cairo's ARGB32 (a native-endian word per pixel) on a
  /// little-endian machine.
  case bgra

  /// Where red sits within a pixel's four bytes (blue sits at `2 - redOffset`; green at 1 and
  /// alpha at 3 in both orders).
  public var redOffset: Int {
    switch self {
    case .rgba: 0
    case .bgra: 2
    }
  }

  /// Where blue sits within a pixel's four bytes.
  public var blueOffset: Int { 2 - redOffset }
}
