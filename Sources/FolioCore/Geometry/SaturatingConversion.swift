extension Int {
  /// The largest magnitude a conversion from `Double` gives: 2^53, beyond which a `Double`
  /// no longer holds every whole number, and far below `Int.max`, so sums and products of a
  /// few converted values cannot overflow either.
  public static let largestConvertedMagnitude = 1 << 53

  /// The whole number nearest to `value` (ties away from zero, as `rounded()`), clamped to
  /// ±`largestConvertedMagnitude`; 0 for NaN. The one way the core turns a computed `Double`
  /// into an `Int`: unlike `Int(_:)`, it cannot trap, whatever a document's numbers are.
  public init(
    saturating value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero
  ) {
    guard !value.isNaN else {
      self = 0
      return
    }
    let limit = Double(Int.largestConvertedMagnitude)
    self = Int(Swift.min(Swift.max(value.rounded(rule), -limit), limit))
  }
}
