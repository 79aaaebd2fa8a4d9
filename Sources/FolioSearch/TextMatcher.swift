/// Finds a `TextQuery` in pages' `SearchableText`: every match, left to right, none
/// overlapping. A joint (a word hyphenated across a line break) is skipped, or read as the
/// hyphen when the query has one there, so "hyphenated" and "hyphen-ated" both find
/// "hyphen-⏎ated". One matcher is used by one thread; it keeps scratch space between pages.
public struct TextMatcher {
  /// The query.
  public let query: TextQuery
  /// Lower-cased forms of the non-ASCII scalars met so far.
  private var folds: [Unicode.Scalar: [Unicode.Scalar]] = [:]
  /// The page's scalars (lower-cased when case does not matter).
  private var scalars: [Unicode.Scalar] = []
  /// The byte offset in the page of each of `scalars`.
  private var offsets: [Int] = []

  /// The query's bytes when it is all ASCII: matched byte by byte, without decoding the text
  /// (a non-ASCII character of normalized text never matches an ASCII one).
  private let asciiPattern: [UInt8]?

  /// A matcher for `query`.
  public init(_ query: TextQuery) {
    self.query = query
    asciiPattern =
      query.scalars.allSatisfy(\.isASCII) ? query.scalars.map { UInt8($0.value) } : nil
  }

  /// The matches of the ASCII `pattern` (lower-cased when `folding`) in `text`: the same as
  /// the scalar matcher's for such a pattern, joints included.
  static func asciiMatches(of pattern: [UInt8], in text: [UInt8], folding: Bool) -> [Range<Int>] {
    guard let first = pattern.first else { return [] }
    let hyphen = UInt8(ascii: "-")
    let (jointLead, jointTrail) = SearchableText.jointBytes
    return text.withUnsafeBufferPointer { bytes in
      @inline(__always) func folded(_ byte: UInt8) -> UInt8 {
        folding && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
      }
      var found: [Range<Int>] = []
      let count = bytes.count
      var start = 0
      while start < count {
        guard folded(bytes[start]) == first else {
          start += 1
          continue
        }
        var p = 0
        var t = start
        while p < pattern.count, t < count {
          if bytes[t] == jointLead, t + 1 < count, bytes[t + 1] == jointTrail {
            if pattern[p] == hyphen { p += 1 }
            t += 2
          } else if folded(bytes[t]) == pattern[p] {
            p += 1
            t += 1
          } else {
            break
          }
        }
        if p == pattern.count {
          found.append(start..<t)
          start = t
        } else {
          start += 1
        }
      }
      return found
    }
  }

  /// The byte ranges of `text.utf8` that match, in order.
  public mutating func matches(in text: SearchableText) -> [Range<Int>] {
    let pattern = query.scalars
    guard let first = pattern.first else { return [] }
    if let bytes = asciiPattern {
      return Self.asciiMatches(of: bytes, in: text.utf8, folding: !query.isCaseSensitive)
    }
    decode(text)
    let count = scalars.count
    let hyphen: Unicode.Scalar = "-"
    var found: [Range<Int>] = []
    var start = 0
    while start < count {
      guard scalars[start] == first else {
        start += 1
        continue
      }
      var p = 0
      var t = start
      while p < pattern.count, t < count {
        let scalar = scalars[t]
        if scalar == SearchableText.joint {
          if pattern[p] == hyphen { p += 1 }
          t += 1
        } else if scalar == pattern[p] {
          p += 1
          t += 1
        } else {
          break
        }
      }
      if p == pattern.count {
        // A match that ends inside a character folded into several scalars ("İ" → "i̇")
        // takes the whole character.
        while t > start, t < count, offsets[t] == offsets[t - 1] { t += 1 }
        found.append(offsets[start]..<(t < count ? offsets[t] : text.utf8.count))
        start = t
      } else {
        start += 1
      }
    }
    return found
  }

  /// Fills `scalars` and `offsets` from `text`, folding case when the query ignores it.
  private mutating func decode(_ text: SearchableText) {
    scalars.removeAll(keepingCapacity: true)
    offsets.removeAll(keepingCapacity: true)
    var offset = 0
    let folds = !query.isCaseSensitive
    for scalar in String(decoding: text.utf8, as: UTF8.self).unicodeScalars {
      let length = UTF8.width(scalar)
      if folds && !scalar.isASCII {
        let folded = fold(scalar)
        for part in folded {
          scalars.append(part)
          offsets.append(offset)
        }
      } else {
        let value = scalar.value
        scalars.append(
          folds && (65...90).contains(value) ? Unicode.Scalar(UInt8(value + 32)) : scalar)
        offsets.append(offset)
      }
      offset += length
    }
  }

  private mutating func fold(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    if let known = folds[scalar] { return known }
    let folded = CaseFolding.folded(scalar)
    folds[scalar] = folded
    return folded
  }
}
