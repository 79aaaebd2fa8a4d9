import FolioCore

/// Replaces some of the file's number tokens with extreme values (`ExtremeValues.numbers`):
/// in page dictionaries, content streams and cross-reference data alike.
enum NumberMutation {
  /// Replaces some of `ranges`, the number tokens of `bytes`.
  static func apply(
    to bytes: inout [UInt8], ranges: [Range<Int>], using random: inout SplitMix64
  ) -> String? {
    guard !ranges.isEmpty else { return nil }
    let count = min(ranges.count, random.pick([1, 1, 2, 3, 5, 10]))
    // Distinct tokens, replaced from the last so earlier ranges stay valid.
    var chosen = Set<Int>()
    while chosen.count < count { chosen.insert(random.number(in: 0..<ranges.count)) }
    var replaced: [String] = []
    for index in chosen.sorted(by: >) {
      let value = random.pick(ExtremeValues.numbers)
      bytes.replaceSubrange(ranges[index], with: Array(value.utf8))
      replaced.append("@\(ranges[index].lowerBound)=\(value.prefix(24))")
    }
    return "numbers " + replaced.reversed().joined(separator: " ")
  }
}
