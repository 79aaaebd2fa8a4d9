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

  /// A matcher for `query`.
  public init(_ query: TextQuery) { self.query = query }

  /// The byte ranges of `text.utf8` that match, in order.
  public mutating func matches(in text: SearchableText) -> [Range<Int>] {
    let pattern = query.scalars
    guard let first = pattern.first else { return [] }
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
