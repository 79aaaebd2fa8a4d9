/// A small, fast, seeded random number generator (SplitMix64): property tests, benchmarks and
/// the fuzzer draw the same cases from the same seed on every run and platform. Folio itself
/// draws nothing at random.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator that always draws the same sequence for `seed`.
  public init(seed: UInt64) {
    state = seed
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
}
