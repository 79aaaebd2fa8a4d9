import Foundation

/// Finds the parts of a PDF's bytes the mutations aim at: number tokens, keys and the data of
/// streams. A plain byte scan, not a parser: it sees what a careless reader would see, which is
/// enough to aim mutations (a damaged file is a fine input too).
public enum PDFScanner {
  /// Whether `byte` ends a PDF token: white space or a delimiter.
  public static func endsToken(_ byte: UInt8) -> Bool {
    // Literals rather than UInt8(ascii:), which is a call in debug builds.
    switch byte {
    case 0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20: return true
    // ( ) < > [ ] { } / %
    case 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25: return true
    default: return false
    }
  }

  /// The ranges of the number tokens in `bytes` (`12`, `-3.5`, `.25`), at most `limit` of them.
  public static func numberRanges(in bytes: [UInt8], limit: Int = 200_000) -> [Range<Int>] {
    // Through a buffer pointer: the fuzzer runs in debug builds too, where array indexing in
    // a loop over megabytes is slow.
    bytes.withUnsafeBufferPointer { bytes in
      var ranges: [Range<Int>] = []
      var index = 0
      while index < bytes.count && ranges.count < limit {
        // The test written out (no calls) for the bytes that are not - + . or a digit: most.
        let byte = bytes[index]
        if byte > 0x39 || byte < 0x2B || byte == 0x2C || byte == 0x2F {
          index += 1
          continue
        }
        guard index == 0 || endsToken(bytes[index - 1]) else {
          index += 1
          continue
        }
        var end = index
        var hasDigit = false
        while end < bytes.count && isNumberByte(bytes[end]) {
          if bytes[end] >= 0x30 && bytes[end] <= 0x39 { hasDigit = true }
          end += 1
        }
        if hasDigit && (end == bytes.count || endsToken(bytes[end])) {
          ranges.append(index..<end)
        }
        index = end + 1
      }
      return ranges
    }
  }

  /// Where `needle` occurs in `bytes` from `start` to `end`, at most `limit` times (with the C
  /// library's `memchr` and `memcmp`).
  public static func offsets(
    of needle: String, in bytes: [UInt8], from start: Int = 0, to end: Int? = nil,
    limit: Int = 10_000
  ) -> [Int] {
    let pattern = Array(needle.utf8)
    let end = min(end ?? bytes.count, bytes.count)
    guard !pattern.isEmpty else { return [] }
    return bytes.withUnsafeBytes { buffer in
      pattern.withUnsafeBytes { pattern in
        var found: [Int] = []
        var offset = start
        let first = Int32(pattern[0])
        guard let base = buffer.baseAddress, let needle = pattern.baseAddress else { return found }
        while offset + pattern.count <= end && found.count < limit,
          let hit = memchr(base + offset, first, end - offset - pattern.count + 1)
        {
          let position = base.distance(to: UnsafeRawPointer(hit))
          if memcmp(hit, needle, pattern.count) == 0 {
            found.append(position)
            offset = position + pattern.count
          } else {
            offset = position + 1
          }
        }
        return found
      }
    }
  }

  /// The data of every `stream … endstream`: from after the end of line that follows `stream`
  /// to just before `endstream`.
  public static func streamDataRanges(in bytes: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var previousEnd = 0
    for end in offsets(of: "endstream", in: bytes) {
      // The last "stream" keyword before this "endstream" and after the previous one.
      let starts = offsets(of: "stream", in: bytes, from: previousEnd, to: end)
      previousEnd = end + 9
      guard var start = starts.last.map({ $0 + 6 }) else { continue }
      if start < end && bytes[start] == 0x0D { start += 1 }
      if start < end && bytes[start] == 0x0A { start += 1 }
      if start < end { ranges.append(start..<end) }
    }
    return ranges
  }

  /// The range of the value after the key that ends at `offset`: an array to its `]`, an
  /// indirect reference `N G R`, or one token.
  public static func valueRange(after offset: Int, in bytes: [UInt8]) -> Range<Int>? {
    var start = offset
    while start < bytes.count && isSpace(bytes[start]) { start += 1 }
    guard start < bytes.count else { return nil }
    if bytes[start] == UInt8(ascii: "[") {
      guard let close = bytes[start...].prefix(4096).firstIndex(of: UInt8(ascii: "]")) else {
        return nil
      }
      return start..<(close + 1)
    }
    let tokens = followingTokens(from: start, count: 3, in: bytes)
    if tokens.count == 3, bytes[tokens[2]] == [UInt8(ascii: "R")] {
      return start..<tokens[2].upperBound
    }
    return tokens.first
  }

  /// Up to `count` tokens from `start` (each a run of bytes that do not end tokens).
  private static func followingTokens(from start: Int, count: Int, in bytes: [UInt8]) -> [Range<
    Int
  >] {
    var tokens: [Range<Int>] = []
    var index = start
    while tokens.count < count && index < bytes.count {
      while index < bytes.count && isSpace(bytes[index]) { index += 1 }
      let tokenStart = index
      while index < bytes.count && !endsToken(bytes[index]) { index += 1 }
      guard index > tokenStart else { break }
      tokens.append(tokenStart..<index)
    }
    return tokens
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0
  }

  /// A digit, `.`, `-` or `+`.
  private static func isNumberByte(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2D || byte == 0x2B
  }
}
