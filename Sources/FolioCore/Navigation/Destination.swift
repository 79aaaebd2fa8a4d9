/// A place inside the document that an outline entry or a link leads to: a page and, when the
/// document says, where on it.
public struct Destination: Hashable, Sendable {
  /// The page.
  public var page: PageIndex
  /// How far down the page the place is, from 0 (top) to 1 (bottom); nil when the document
  /// gives no position (the page's top is meant).
  public var top: Double?
  /// How far across the page the place is, from 0 (left) to 1; nil when not given.
  public var left: Double?

  /// Creates a destination; positions are clamped into 0…1, and a NaN is taken as not given.
  public init(page: PageIndex, top: Double? = nil, left: Double? = nil) {
    self.page = page
    self.top = Self.fraction(top)
    self.left = Self.fraction(left)
  }

  private static func fraction(_ value: Double?) -> Double? {
    guard let value, !value.isNaN else { return nil }
    return min(max(value, 0), 1)
  }
}
