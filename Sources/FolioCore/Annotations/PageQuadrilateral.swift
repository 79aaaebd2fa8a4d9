/// A point of a page in fractions of its width and height from its top-left corner, as the page
/// is displayed (rotation applied).
public struct UnitPoint: Hashable, Sendable {
  /// From the left edge, as a fraction of the page's width.
  public var x: Double
  /// From the top edge, as a fraction of the page's height.
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }
}

/// Four corners that mark an area of a page, as a text markup annotation's /QuadPoints give
/// them (in whatever order the writer put them), in page fractions like `UnitPoint`.
public struct PageQuadrilateral: Hashable, Sendable {
  /// The corners, in the annotation's order.
  public var corners: [UnitPoint]

  /// Creates a quadrilateral from its four corners.
  public init(_ first: UnitPoint, _ second: UnitPoint, _ third: UnitPoint, _ fourth: UnitPoint) {
    corners = [first, second, third, fourth]
  }

  /// The quadrilateral of a rectangle of the page.
  public init(_ region: PageRegion) {
    self.init(
      UnitPoint(x: region.x, y: region.y), UnitPoint(x: region.x + region.width, y: region.y),
      UnitPoint(x: region.x, y: region.y + region.height),
      UnitPoint(x: region.x + region.width, y: region.y + region.height))
  }

  /// Whether `point` is inside the area the corners enclose (their convex hull, edges
  /// included), whatever order they come in.
  public func contains(_ point: UnitPoint) -> Bool {
    // The hull of four points is the union of the triangles of any three of them.
    let c = corners
    return [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)].contains { a, b, d in
      Self.triangle(c[a], c[b], c[d], contains: point)
    }
  }

  private static func triangle(
    _ a: UnitPoint, _ b: UnitPoint, _ c: UnitPoint, contains p: UnitPoint
  ) -> Bool {
    func cross(_ o: UnitPoint, _ u: UnitPoint, _ v: UnitPoint) -> Double {
      (u.x - o.x) * (v.y - o.y) - (u.y - o.y) * (v.x - o.x)
    }
    let d1 = cross(a, b, p)
    let d2 = cross(b, c, p)
    let d3 = cross(c, a, p)
    let hasNegative = d1 < 0 || d2 < 0 || d3 < 0
    let hasPositive = d1 > 0 || d2 > 0 || d3 > 0
    // A degenerate (flat) triangle encloses nothing.
    guard cross(a, b, c) != 0 else { return false }
    return !(hasNegative && hasPositive)
  }
}
