import FolioCore

/// Damages the data of one stream: the way a corrupt image (a JBIG2 symbol width, a JPEG
/// marker) or a broken content stream reaches the decoders.
enum StreamMutation {
  /// Sets 1 to 8 bytes of one stream's data to random values.
  static func flip(_ bytes: inout [UInt8], using random: inout SplitMix64) -> String? {
    let streams = PDFScanner.streamDataRanges(in: bytes)
    guard !streams.isEmpty else { return nil }
    let stream = random.pick(streams)
    let count = random.number(in: 1...8)
    // Often near the start, where headers (image sizes, symbol widths, zlib) live.
    let span = random.chance(0.5) ? min(stream.count, 64) : stream.count
    for _ in 0..<count {
      bytes[stream.lowerBound + random.number(in: 0..<span)] = UInt8.random(
        in: 0...255, using: &random)
    }
    return "stream-bytes \(stream.lowerBound)+\(stream.count) \(count)"
  }

  /// Cuts one stream's data short (its /Length left as it was).
  static func truncate(_ bytes: inout [UInt8], using random: inout SplitMix64) -> String? {
    let streams = PDFScanner.streamDataRanges(in: bytes).filter { $0.count > 1 }
    guard !streams.isEmpty else { return nil }
    let stream = random.pick(streams)
    let kept = random.number(in: 0..<stream.count)
    bytes.removeSubrange((stream.lowerBound + kept)..<stream.upperBound)
    return "stream-truncation \(stream.lowerBound)+\(stream.count) kept \(kept)"
  }
}
