import FolioCore

/// Cuts the file short, or joins it to another one.
enum FileCutMutation {
  /// Keeps a prefix: often most of the file (losing the cross-reference table and trailer),
  /// sometimes only its start.
  static func truncate(_ bytes: inout [UInt8], using random: inout SplitMix64) -> String {
    let kept =
      random.chance(0.6)
      ? max(1, bytes.count - random.number(in: 1...min(bytes.count, 4096)))
      : random.number(in: 1...bytes.count)
    bytes.removeSubrange(kept...)
    return "file-truncation kept \(kept)"
  }

  /// The start of this file up to a random point, then the rest of `partner` from another.
  static func splice(
    _ bytes: inout [UInt8], with partner: [UInt8], using random: inout SplitMix64
  ) -> String? {
    guard !partner.isEmpty else { return nil }
    let cut = random.number(in: 1...bytes.count)
    let from = random.number(in: 0..<partner.count)
    bytes.replaceSubrange(cut..., with: partner[from...])
    return "splice \(cut) + partner from \(from)"
  }
}
