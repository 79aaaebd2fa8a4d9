/// A size in PDF points (1/72 inch): the size of a page as the document describes it.
public struct PointSize: Hashable, Sendable, CustomStringConvertible {
  /// Width in points.
  public var width: Double
  /// Height in points.
  public var height: Double

  /// The size used for a page whose box is degenerate (zero, negative or not finite):
  /// US Letter, the most common page size, so layouts never divide by zero.
  public static let fallback = PointSize(width: 612, height: 792)

  /// Creates a size in points.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// Whether both sides are finite and strictly positive.
  public var isUsable: Bool {
    width.isFinite && height.isFinite && width > 0 && height > 0
  }

  /// This size if usable, else `fallback`: safe to divide by either side.
  public var sanitized: PointSize { isUsable ? self : .fallback }

  /// Width over height. Always finite and positive for a sanitized size.
  public var aspectRatio: Double { width / height }

  /// The size with width and height exchanged (a quarter turn).
  public var transposed: PointSize { PointSize(width: height, height: width) }

  public var description: String {
    func short(_ value: Double) -> String {
      guard value.isFinite, abs(value) < 1e15 else { return String(value) }
      let rounded = (value * 100).rounded() / 100
      return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
    return "\(short(width))x\(short(height))"
  }
}
