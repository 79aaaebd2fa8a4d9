import FolioCore

extension GlyphFitter {
  /// The four highest of a stream of keys that arrive four at a time, found without a
  /// branch: each of the four lanes keeps its own four best in order (a chain of
  /// compare-exchanges a group), and `best` merges the lanes at the end. (Four lanes rather
  /// than eight: the lists then take four vector registers, which leaves room for the
  /// ranking's other values in SSE's sixteen.)
  ///
  /// A key is a glyph's ranking magnitude with the glyph in its lowest bits (`key`), so no
  /// two keys are equal and the float `max`/`min` instructions order them as the glyphs rank.
  struct TopFour {
    /// Each lane's best key, second best, third and fourth (0 before four keys arrived).
    private var first = SIMD4<Float>(repeating: 0)
    private var second = SIMD4<Float>(repeating: 0)
    private var third = SIMD4<Float>(repeating: 0)
    private var fourth = SIMD4<Float>(repeating: 0)

    /// Bits of a key that carry its glyph.
    static let glyphBits: UInt32 = 0x7F
    /// Bits of a key that carry the magnitude: all but the sign and the glyph.
    static let magnitudeBits: UInt32 = 0x7FFF_FF80
    /// The most glyphs keys can tell apart.
    static let glyphCapacity = 128

    /// The keys of glyphs whose ranking values are `values` (finite) and whose `tags` are
    /// `glyphCapacity − 1 − glyph`: each value's magnitude with its lowest mantissa bits
    /// replaced by the tag, so that of two equal magnitudes the lower glyph ranks higher.
    /// The magnitude keeps 16 bits of precision, finer than the 13-bit fixed point it
    /// comes from.
    @inline(__always)
    static func key(magnitude values: SIMD4<Float>, tags: SIMD4<UInt32>) -> SIMD4<Float> {
      let bits = unsafeBitCast(values, to: SIMD4<UInt32>.self)
      return unsafeBitCast(bits & magnitudeBits | tags, to: SIMD4<Float>.self)
    }

    /// The tags `key` takes for glyphs `first` … `first` + 3.
    @inline(__always)
    static func tags(from first: Int) -> SIMD4<UInt32> {
      SIMD4(repeating: UInt32(truncatingIfNeeded: glyphCapacity - 1 - first)) &- SIMD4(0, 1, 2, 3)
    }

    /// The glyph a key stands for, and whether its magnitude was above zero.
    @inline(__always)
    static func glyphs(of keys: SIMD4<Float>) -> (glyphs: SIMD4<Int32>, ranked: SIMD4<Int32>) {
      let bits = unsafeBitCast(keys, to: SIMD4<Int32>.self)
      let glyphs = SIMD4(repeating: Int32(glyphCapacity - 1)) &- (bits & Int32(glyphBits))
      let ranked = unsafeBitCast(bits .> Int32(glyphBits), to: SIMD4<Int32>.self)
      return (glyphs, ranked)
    }

    /// Takes four keys, one a lane.
    @inline(__always)
    mutating func insert(_ keys: SIMD4<Float>) {
      var rest = keys
      Self.exchange(&first, &rest)
      Self.exchange(&second, &rest)
      Self.exchange(&third, &rest)
      fourth = Self.larger(fourth, rest)
    }

    /// The four highest keys taken, highest first (0 where fewer than four were taken).
    @inline(__always)
    func best() -> SIMD4<Float> {
      var lists = (first, second, third, fourth)
      // Lanes 2 and 3 into 0 and 1, then lane 1 into lane 0.
      @inline(__always) func halvesSwapped(_ v: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(lowHalf: v.highHalf, highHalf: v.lowHalf)
      }
      @inline(__always) func pairsSwapped(_ v: SIMD4<Float>) -> SIMD4<Float> {
        SIMD4(v[1], v[0], v[3], v[2])
      }
      lists = Self.merge(
        lists,
        (
          halvesSwapped(lists.0), halvesSwapped(lists.1), halvesSwapped(lists.2),
          halvesSwapped(lists.3)
        ))
      lists = Self.merge(
        lists,
        (
          pairsSwapped(lists.0), pairsSwapped(lists.1), pairsSwapped(lists.2),
          pairsSwapped(lists.3)
        ))
      return SIMD4(lists.0[0], lists.1[0], lists.2[0], lists.3[0])
    }

    private typealias Lists = (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)

    /// Lane by lane, the four highest of two lists of four in descending order, in
    /// descending order: the larger of each element and its mirror in the other list are
    /// the four (a bitonic sequence), which two rounds of compare-exchanges sort.
    @inline(__always)
    private static func merge(_ a: Lists, _ b: Lists) -> Lists {
      var c0 = larger(a.0, b.3)
      var c1 = larger(a.1, b.2)
      var c2 = larger(a.2, b.1)
      var c3 = larger(a.3, b.0)
      exchange(&c0, &c2)
      exchange(&c1, &c3)
      exchange(&c0, &c1)
      exchange(&c2, &c3)
      return (c0, c1, c2, c3)
    }

    /// Puts the larger of `high` and `low` in `high`, lane by lane, the smaller in `low`.
    @inline(__always)
    private static func exchange(_ high: inout SIMD4<Float>, _ low: inout SIMD4<Float>) {
      let larger = larger(high, low)
      low = high.replacing(with: low, where: low .< high)
      high = larger
    }

    /// The larger of `a` and `b`, lane by lane (one `maxps`).
    @inline(__always)
    private static func larger(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
      a.replacing(with: b, where: b .> a)
    }
  }
}
