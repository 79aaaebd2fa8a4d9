/// The fuzzer's seeded random numbers (SplitMix64): the same seed draws the same inputs on
/// every run, whatever the number of jobs.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator that always draws the same sequence for `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The generator for input `index` of a campaign seeded with `seed`: each input draws from
  /// its own sequence, so inputs do not depend on the order they are made in.
  public init(seed: UInt64, input index: Int) {
    var mixer = SeededRandom(
      seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
    state = mixer.next()
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// True with probability `probability`.
  public mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  /// One of `elements`, which must not be empty.
  public mutating func pick<T>(_ elements: [T]) -> T {
    elements[Int.random(in: 0..<elements.count, using: &self)]
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
