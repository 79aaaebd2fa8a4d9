import FolioCore

/// Blind byte damage anywhere in the file.
enum ByteMutations {
  /// Sets 1 to 16 bytes at random places to random values.
  static func flip(_ bytes: inout [UInt8], using random: inout SplitMix64) -> String {
    let count = random.number(in: 1...16)
    for _ in 0..<count {
      bytes[random.number(in: 0..<bytes.count)] = UInt8.random(in: 0...255, using: &random)
    }
    return "byte-flips \(count)"
  }

  /// Overwrites a run of up to 256 bytes with one repeated value (zero, space, a digit, 0xFF)
  /// or with noise.
  static func overwriteRun(_ bytes: inout [UInt8], using random: inout SplitMix64) -> String {
    let start = random.number(in: 0..<bytes.count)
    let end = min(bytes.count, start + random.number(in: 1...256))
    let fill: UInt8? = random.chance(0.3) ? nil : random.pick([0x00, 0x20, 0x39, 0xFF, 0x5B])
    for index in start..<end {
      bytes[index] = fill ?? UInt8.random(in: 0...255, using: &random)
    }
    return "byte-run \(start)+\(end - start) \(fill.map { String($0) } ?? "noise")"
  }
}
