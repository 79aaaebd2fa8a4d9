import FolioCore

/// Sorting up to eight (float key, index) pairs without data-dependent branches: each pair is
/// one `UInt64` whose order is the key's, then the index's, and a fixed network of 19
/// compare-exchanges sorts eight of them. The fitters sort a cell's projections this way
/// because an insertion sort's branches are unpredictable on real images.
enum SortingNetwork {
  /// Eight words, as one value.
  typealias Eight = SIMD8<UInt64>

  /// `key` (made order-preserving as unsigned bits, −0 as +0) above `index` (below 2^32).
  @inline(__always)
  static func word(key: Float, index: Int) -> UInt64 {
    let bits = (key + 0).bitPattern
    // Negative floats: all bits flipped; others: the sign bit set.
    let flip = UInt32(bitPattern: Int32(bitPattern: bits) >> 31) | 0x8000_0000
    return UInt64(bits ^ flip) << 32 | UInt64(truncatingIfNeeded: index)
  }

  /// The index packed into `word`.
  @inline(__always)
  static func index(of word: UInt64) -> Int { Int(truncatingIfNeeded: word & 0xFFFF_FFFF) }

  /// Sorts `words` ascending (the 19-comparator network for 8 inputs).
  @inline(__always)
  static func sort(_ words: inout Eight) {
    var (w0, w1, w2, w3) = (words[0], words[1], words[2], words[3])
    var (w4, w5, w6, w7) = (words[4], words[5], words[6], words[7])
    @inline(__always)
    func exchange(_ a: inout UInt64, _ b: inout UInt64) {
      let low = min(a, b)
      b = max(a, b)
      a = low
    }
    // Layer 1.
    exchange(&w0, &w2)
    exchange(&w1, &w3)
    exchange(&w4, &w6)
    exchange(&w5, &w7)
    // Layer 2.
    exchange(&w0, &w4)
    exchange(&w1, &w5)
    exchange(&w2, &w6)
    exchange(&w3, &w7)
    // Layer 3.
    exchange(&w0, &w1)
    exchange(&w2, &w3)
    exchange(&w4, &w5)
    exchange(&w6, &w7)
    // Layer 4.
    exchange(&w2, &w4)
    exchange(&w3, &w5)
    // Layer 5.
    exchange(&w1, &w4)
    exchange(&w3, &w6)
    // Layer 6.
    exchange(&w1, &w2)
    exchange(&w3, &w4)
    exchange(&w5, &w6)
    words = Eight(w0, w1, w2, w3, w4, w5, w6, w7)
  }
}
