/// A 128-bit hash of some bytes: two independent 64-bit hashes, FNV-1a and a multiply-rotate
/// mixer, each over the same input. Not cryptographic: it tells documents apart, it does not
/// resist someone crafting a collision.
public struct ContentHash: Hashable, Sendable {
  /// The FNV-1a 64 hash.
  public let fnv: UInt64
  /// The multiply-rotate hash, seeded and finished differently from FNV-1a.
  public let mix: UInt64

  /// Creates the hash from its two halves.
  public init(fnv: UInt64, mix: UInt64) {
    self.fnv = fnv
    self.mix = mix
  }

  /// Both halves as 32 lowercase hexadecimal digits, FNV-1a first.
  public var hex: String { Self.hex(fnv) + Self.hex(mix) }

  private static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

/// Feeds bytes to both halves of a `ContentHash`.
struct ContentHasher {
  private var fnv = FNV1a64()
  private var mix = MixHash64()

  /// Adds bytes.
  mutating func combine(_ bytes: [UInt8]) {
    for byte in bytes {
      fnv.combine(byte)
      mix.combine(byte)
    }
  }

  /// Adds a number as eight little-endian bytes (a length, to keep parts apart).
  mutating func combine(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      let byte = UInt8(truncatingIfNeeded: value >> UInt64(shift))
      fnv.combine(byte)
      mix.combine(byte)
    }
  }

  /// The hash of everything added.
  func finalize() -> ContentHash { ContentHash(fnv: fnv.value, mix: mix.finalize()) }
}

/// FNV-1a, 64 bits: xor a byte in, multiply by the FNV prime.
struct FNV1a64 {
  private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

  mutating func combine(_ byte: UInt8) {
    value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }
}

/// A MurmurHash3-style 64-bit hash: bytes gathered into little-endian words, each word
/// multiplied, rotated and folded into the state, and a final avalanche over the state and
/// the length.
struct MixHash64 {
  private var state: UInt64 = 0x243F_6A88_85A3_08D3
  private var word: UInt64 = 0
  private var wordBytes: UInt64 = 0
  private var length: UInt64 = 0

  mutating func combine(_ byte: UInt8) {
    word |= UInt64(byte) << (wordBytes * 8)
    wordBytes += 1
    length &+= 1
    if wordBytes == 8 {
      state = Self.absorb(word, into: state)
      word = 0
      wordBytes = 0
    }
  }

  func finalize() -> UInt64 {
    var result = wordBytes > 0 ? Self.absorb(word ^ (wordBytes << 56), into: state) : state
    result ^= length
    result ^= result >> 33
    result &*= 0xFF51_AFD7_ED55_8CCD
    result ^= result >> 33
    result &*= 0xC4CE_B9FE_1A85_EC53
    result ^= result >> 33
    return result
  }

  private static func absorb(_ word: UInt64, into state: UInt64) -> UInt64 {
    var mixed = word &* 0x87C3_7B91_1142_53D5
    mixed = rotate(mixed, by: 31) &* 0x4CF5_AD43_2745_937F
    return rotate(state ^ mixed, by: 27) &* 5 &+ 0x52DC_E729
  }

  private static func rotate(_ value: UInt64, by count: UInt64) -> UInt64 {
    (value << count) | (value >> (64 - count))
  }
}
