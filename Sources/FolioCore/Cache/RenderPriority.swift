/// How urgent a render is, lower first: by tier (what is on screen, then the prefetch margin
/// ahead in the scroll direction, then the margin behind), then by distance from the
/// viewport's center.
public struct RenderPriority: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The coarse ordering of renders.
  public enum Tier: Int, Hashable, Comparable, Sendable, CaseIterable {
    /// An item on screen.
    case visible
    /// An item in the prefetch margin, on the side the view is scrolling toward.
    case ahead
    /// An item in the prefetch margin, on the side the view is scrolling away from.
    case behind

    public static func < (lhs: Tier, rhs: Tier) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// The coarse ordering.
  public var tier: Tier
  /// The distance from the viewport's center in any consistent unit (smaller first), never
  /// negative.
  public var distance: Int

  /// Creates a priority.
  public init(tier: Tier, distance: Int) {
    self.tier = tier
    self.distance = max(0, distance)
  }

  /// The priority of an item whose frame is `frame` while `viewport` is on screen and the last
  /// scroll moved the content origin by `scrollDelta`: `visible` when the frame meets the
  /// viewport, else `ahead` or `behind` by the side it lies on (`ahead` when not scrolling).
  /// The distance is between the centers, in half cells, columns and rows alike.
  public init(frame: CellRect, viewport: CellRect, scrollDelta: CellPoint) {
    // Doubled centers keep half cells exact.
    let dx = (frame.minX + frame.maxX) - (viewport.minX + viewport.maxX)
    let dy = (frame.minY + frame.maxY) - (viewport.minY + viewport.maxY)
    let tier: Tier
    if frame.intersects(viewport) {
      tier = .visible
    } else {
      tier = dx * scrollDelta.x + dy * scrollDelta.y < 0 ? .behind : .ahead
    }
    self.init(tier: tier, distance: abs(dx) + abs(dy))
  }

  public static func < (lhs: RenderPriority, rhs: RenderPriority) -> Bool {
    (lhs.tier, lhs.distance) < (rhs.tier, rhs.distance)
  }

  public var description: String { "\(tier) \(distance)" }
}
