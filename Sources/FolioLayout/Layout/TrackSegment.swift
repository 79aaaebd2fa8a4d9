import FolioCore

/// A stretch of a layout's scrolling axis holding a run of items, from which the continuous
/// spread index is computed: linear through the stretch, constant in the gaps around it.
/// Coordinates are progression coordinates (growing in reading order).
struct TrackSegment {
  /// Where the stretch begins.
  var start: Double
  /// Its length, positive.
  var length: Double
  /// The items it holds, a non-empty run.
  var items: Range<Int>

  /// The continuous index at `position`: the first item's index before the stretch, linear
  /// inside it, one past the last item after it.
  func index(at position: Double) -> Double {
    if position < start { return Double(items.lowerBound) }
    if position < start + length {
      return Double(items.lowerBound) + (position - start) / length * Double(items.count)
    }
    return Double(items.upperBound)
  }

  /// The position of continuous index `value`, which should lie in the stretch's items.
  func position(for value: Double) -> Double {
    let fraction = (value - Double(items.lowerBound)) / Double(items.count)
    return start + min(max(fraction, 0), 1) * length
  }

  /// `value` clamped to the valid range of continuous indices of `itemCount` items.
  static func clampedIndex(_ value: Double, itemCount: Int) -> ContinuousSpreadIndex {
    guard itemCount > 0 else { return ContinuousSpreadIndex(0) }
    return ContinuousSpreadIndex(min(value, Double(itemCount).nextDown))
  }
}

extension LayoutProgression {
  /// The progression coordinate of a content coordinate along the axis, for content
  /// `contentLength` long along it.
  func progressionCoordinate(_ coordinate: Double, contentLength: Int) -> Double {
    self == .rightToLeft ? Double(contentLength) - coordinate : coordinate
  }

  /// The content coordinate of a progression coordinate; its own inverse.
  func contentCoordinate(_ progression: Double, contentLength: Int) -> Double {
    progressionCoordinate(progression, contentLength: contentLength)
  }
}

extension Double {
  /// The cell holding this coordinate, kept within `-1...limit` so that any finite or infinite
  /// coordinate converts safely.
  func cell(limit: Int) -> Int {
    guard self > -1 else { return -1 }
    guard self < Double(limit) else { return limit }
    return Int(saturating: self, rounding: .down)
  }
}
