import FolioCore

/// Lane-wise maxima of floats that are never negative (gains, squared errors), taken on their
/// bits: such floats order like their bit patterns read as integers, and the integer form
/// compiles to a few plain vector operations, where a float select
/// (`replace(with:where:)`) is split into pairs of lanes on SSE and costs about twice as much.
enum NonNegativeMaximum {
  /// The larger of `a` and `b` in each lane, for values in 0..<2^31 (the bits of floats from
  /// +0 to +infinity): `a − b` cannot overflow, and its sign says which is larger.
  @inline(__always)
  static func larger(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>) -> SIMD4<Int32> {
    let bIsLarger = (a &- b) &>> 31
    return (b & bIsLarger) | (a & ~bIsLarger)
  }
}
