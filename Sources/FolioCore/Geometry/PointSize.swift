/// A size in PDF points (1/72 inch): the size of a page as the document describes it.
public struct PointSize: Hashable, Sendable, CustomStringConvertible {
  /// Width in points.
  public var width: Double
  /// Height in points.
  public var height: Double

  /// The size used for a page whose box is degenerate (zero, negative or not finite):
  /// US Letter, the most common page size, so layouts never divide by zero.
  public static let fallback = PointSize(width: 612, height: 792)

  /// The shortest side a sanitized size has: 1/72 pt.
  public static let shortestSide = 1.0 / 72
  /// The longest side a sanitized size has: 14,400 pt (200 in), the largest page PDF's
  /// specification recommends without a user unit.
  public static let longestSide = 14_400.0
  /// The largest ratio of the longer side to the shorter one a sanitized size has.
  public static let largestSideRatio = 1_000.0

  /// Creates a size in points.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// Whether both sides are finite and strictly positive.
  public var isUsable: Bool {
    width.isFinite && height.isFinite && width > 0 && height > 0
  }

  /// The size every layout and conversion works with: `fallback` for a size that is not
  /// usable; else the size with its shorter side widened to at most `largestSideRatio` times
  /// shorter than the longer, then scaled as a whole (shape kept) so that its sides lie within
  /// `shortestSide...longestSide`. Sizes already in range are returned unchanged, so a
  /// sanitized size is sanitized again to itself. Everything derived from a sanitized size in
  /// cells or pixels fits an `Int` by construction.
  public var sanitized: PointSize {
    guard isUsable else { return .fallback }
    let long = max(width, height)
    let short = min(width, height)
    // Limits are passed by more than rounding noise (one part in 10^9) before they apply, so
    // that a size sanitized once, within the limits up to its last bits, stays as it is.
    let slack = 1 + 1e-9
    let ratio = long / short  // at least 1; infinite when `short` is subnormal
    let keptRatio = ratio <= Self.largestSideRatio * slack ? ratio : Self.largestSideRatio
    // Scaled through the ratio (finite, at most `largestSideRatio`), where a scale factor
    // such as `shortestSide / short` could overflow.
    var newLong = long
    if long > Self.longestSide * slack {
      newLong = Self.longestSide
    } else if long / keptRatio * slack < Self.shortestSide {
      newLong = Self.shortestSide * keptRatio
    }
    guard keptRatio != ratio || newLong != long else { return self }
    let newShort = newLong / keptRatio
    return width >= height
      ? PointSize(width: newLong, height: newShort) : PointSize(width: newShort, height: newLong)
  }

  /// Whether `sanitized` keeps this size's shape (width over height), only scaling it, or
  /// this size is sanitized already: then a render may map the page's true size onto the
  /// sanitized size's pixels without distorting it.
  public var sanitizingKeepsShape: Bool { isScaled(to: sanitized) }

  /// Whether `other` has this size's shape (width over height, to one part in 10^9): it is
  /// this size scaled. False when this size is not usable.
  public func isScaled(to other: PointSize) -> Bool {
    guard isUsable, other.isUsable else { return false }
    return abs((width / height) / other.aspectRatio - 1) < 1e-9
  }

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
