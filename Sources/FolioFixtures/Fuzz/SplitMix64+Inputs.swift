import FolioCore

extension SplitMix64 {
  /// The generator for input `index` of a campaign seeded with `seed`: each input draws from
  /// its own sequence, so inputs do not depend on the order they are made in.
  public init(seed: UInt64, input index: Int) {
    var mixer = SplitMix64(
      seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
    self.init(seed: mixer.next())
  }

  /// A whole number in `range`, which must not be empty.
  public mutating func number(in range: Range<Int>) -> Int {
    Int.random(in: range, using: &self)
  }

  /// A whole number in `range`.
  public mutating func number(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }
}
