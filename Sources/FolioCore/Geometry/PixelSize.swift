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

  /// The number of pixels, `Int.max` when that would overflow.
  public var area: Int {
    let (product, overflow) = width.multipliedReportingOverflow(by: height)
    return overflow ? Int.max : product
  }

  /// Whether the size holds no pixel.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// A terminal cell's size in pixels where nothing says otherwise: what most terminals'
  /// default fonts give.
  public static let standardCell = PixelSize(width: 10, height: 20)
}
