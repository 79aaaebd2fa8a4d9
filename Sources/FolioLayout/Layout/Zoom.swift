import FolioCore

/// The zoom of the smart grid, as the number of items it aims to show at once: fewer, larger
/// items when zooming in. A layout clamps it to what its viewport allows (see
/// `SmartGridSizing.targetRange`).
public struct GridZoom: Hashable, Sendable, CustomStringConvertible {
  /// The number of items to aim for; at least 1.
  public let targetItemCount: Int

  /// About ten items, enough for an overview without overwhelming.
  public static let standard = GridZoom(targetItemCount: 10)

  /// Creates a grid zoom; counts below 1 become 1.
  public init(targetItemCount: Int) {
    self.targetItemCount = max(1, targetItemCount)
  }

  public var description: String { "\(targetItemCount) items" }
}

/// The zoom of a stack layout as a scale factor: 1 fits a spread to the viewport (its width in a
/// vertical continuous layout, its height in a horizontal one, the whole viewport per spread).
public struct ZoomScale: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The factor; always finite and inside `supportedRange`.
  public let value: Double

  /// The scales any layout accepts. Continuous layouts allow zooming out below 1; per-spread
  /// layouts clamp to `fit` and above.
  public static let supportedRange: ClosedRange<Double> = 0.1...16

  /// How much one zoom step changes the scale.
  public static let stepFactor = 1.25

  /// The spread fits the viewport.
  public static let fit = ZoomScale(1)

  /// Creates a scale; values outside `supportedRange` are clamped, non-finite ones become 1.
  public init(_ value: Double) {
    let range = Self.supportedRange
    self.value = value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : 1
  }

  /// One step larger, snapping to `fit` when it passes within a few percent of it.
  public var zoomedIn: ZoomScale { ZoomScale(Self.snapped(value * Self.stepFactor)) }

  /// One step smaller, snapping to `fit` when it passes within a few percent of it.
  public var zoomedOut: ZoomScale { ZoomScale(Self.snapped(value / Self.stepFactor)) }

  /// This scale clamped to `range`.
  public func clamped(to range: ClosedRange<Double>) -> ZoomScale {
    ZoomScale(min(max(value, range.lowerBound), range.upperBound))
  }

  private static func snapped(_ value: Double) -> Double {
    abs(value - 1) < 0.03 ? 1 : value
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
  public var description: String { "\(value)x" }
}

/// The zoom of one spread in a per-spread layout: only that spread grows, and the viewport pans
/// within it.
public struct SpreadZoom: Hashable, Sendable {
  /// The zoomed spread.
  public var spread: Int
  /// Its scale; per-spread layouts treat anything below `ZoomScale.fit` as `fit`.
  public var scale: ZoomScale

  /// Creates the zoom of one spread.
  public init(spread: Int, scale: ZoomScale) {
    self.spread = spread
    self.scale = scale
  }
}
