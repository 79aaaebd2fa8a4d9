extension PaletteBuckets {
  /// The table decoded once: the entries of box `b` are `entries[starts[b]..<starts[b + 1]]`.
  struct Lookup: Sendable {
    let starts: [UInt32]
    let entries: [UInt8]

    /// The box of an sRGB color.
    @inline(__always)
    static func box(red: UInt8, green: UInt8, blue: UInt8) -> Int {
      Int(red >> shift) << (16 - 2 * shift) | Int(green >> shift) << (8 - shift)
        | Int(blue >> shift)
    }

    /// How many boxes there are.
    static let boxCount = 1 << (24 - 3 * shift)
  }

  /// The table, decoded the first time a color is looked up (once per process, about 2.8
  /// million instructions).
  static let lookup: Lookup = {
    let counts = hexValues(PaletteBuckets.counts, digitsEach: 1)
    var starts = [UInt32](repeating: 0, count: counts.count + 1)
    for (box, count) in counts.enumerated() { starts[box + 1] = starts[box] + UInt32(count) }
    let entries = hexValues(PaletteBuckets.entries, digitsEach: 2)
    precondition(
      counts.count == Lookup.boxCount && Int(starts[counts.count]) == entries.count
        && !counts.contains(0),
      "PaletteBuckets is whole")
    return Lookup(starts: starts, entries: entries)
  }()

  /// The numbers written in `text` as hex, `digitsEach` (1 or 2) digits a number (other
  /// characters, such as line breaks, are skipped). Lowercase digits only, as generated.
  static func hexValues(_ text: StaticString, digitsEach: Int) -> [UInt8] {
    let bytes = text.description.utf8
    var values = [UInt8](repeating: 0, count: bytes.count / digitsEach)
    var count = 0
    var value: UInt8 = 0
    var digits = 0
    for byte in bytes {
      let digit: UInt8
      if byte &- UInt8(ascii: "0") < 10 {
        digit = byte &- UInt8(ascii: "0")
      } else if byte &- UInt8(ascii: "a") < 6 {
        digit = byte &- UInt8(ascii: "a") &+ 10
      } else {
        continue
      }
      value = value &<< 4 | digit
      digits &+= 1
      if digits == digitsEach {
        values[count] = value
        count &+= 1
        (value, digits) = (0, 0)
      }
    }
    values.removeLast(values.count - count)
    return values
  }
}
