import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioRaster

/// Maxima taken on the bits of non-negative floats are the maxima of the floats, across the
/// whole range: zero, the smallest subnormal, the largest finite value and infinity.
struct NonNegativeMaximumTests {
  static let specials: [Float] = [
    0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1, .greatestFiniteMagnitude, .infinity,
  ]

  static func bits(_ values: SIMD4<Float>) -> SIMD4<Int32> {
    unsafeBitCast(values, to: SIMD4<Int32>.self)
  }

  @Test func theLargerOfEachLaneIsTheLargerFloat() {
    var generator = SplitMix64(seed: 7)
    func value() -> Float {
      Bool.random(using: &generator)
        ? Self.specials.randomElement(using: &generator) ?? 0
        : Float.random(in: 0...1000, using: &generator)
    }
    for _ in 0..<2000 {
      let a = SIMD4(value(), value(), value(), value())
      let b = SIMD4(value(), value(), value(), value())
      let larger = unsafeBitCast(
        NonNegativeMaximum.larger(Self.bits(a), Self.bits(b)), to: SIMD4<Float>.self)
      for lane in 0..<4 {
        #expect(larger[lane] == max(a[lane], b[lane]), "\(a[lane]) and \(b[lane])")
      }
    }
  }
}
