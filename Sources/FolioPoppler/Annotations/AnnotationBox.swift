/// A box on a page in PDF points from the top-left corner of the page as shown.
public struct AnnotationBox: Sendable, Equatable {
  /// Left edge.
  public var left: Double
  /// Top edge (down from the top of the page).
  public var top: Double
  /// Right edge.
  public var right: Double
  /// Bottom edge.
  public var bottom: Double

  /// A box from its edges.
  public init(left: Double, top: Double, right: Double, bottom: Double) {
    self.left = left
    self.top = top
    self.right = right
    self.bottom = bottom
  }

  /// Whether every edge is a finite number and the box has some width and height.
  public var isUsable: Bool {
    [left, top, right, bottom].allSatisfy(\.isFinite) && right > left && bottom > top
  }

  /// Whether each edge is within `tolerance` points of `other`'s.
  public func isClose(to other: AnnotationBox, tolerance: Double = 1) -> Bool {
    abs(left - other.left) <= tolerance && abs(top - other.top) <= tolerance
      && abs(right - other.right) <= tolerance && abs(bottom - other.bottom) <= tolerance
  }

  /// The smallest box holding all of `boxes` (nil for none).
  public static func union(_ boxes: [AnnotationBox]) -> AnnotationBox? {
    guard let first = boxes.first else { return nil }
    return boxes.dropFirst().reduce(first) { sum, box in
      AnnotationBox(
        left: min(sum.left, box.left), top: min(sum.top, box.top),
        right: max(sum.right, box.right), bottom: max(sum.bottom, box.bottom))
    }
  }
}
