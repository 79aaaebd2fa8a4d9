/// A size in device pixels, as in a rendered page bitmap.
public struct PixelSize: Hashable, Sendable {
  /// Width in pixels, never negative.
  public var width: Int
  /// Height in pixels, never negative.
  public var height: Int

  /// Creates a pixel size; negative sides become zero.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The number of pixels.
  public var area: Int { width * height }

  /// Whether the size holds no pixel.
  public var isEmpty: Bool { width == 0 || height == 0 }
}
