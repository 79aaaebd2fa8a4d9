/// Fuzzy subsequence matching with smart case, as the outline panel's filter uses it: a title
/// matches when the query's characters appear in it in order, not necessarily together. A query
/// with an upper-case letter is case-sensitive; one without ignores case. Characters are
/// grapheme clusters compared as Swift compares them (canonically equivalent forms, "é" as one
/// scalar or as "e" and a combining accent, are the same character).
///
/// Among the ways a query can match a title, the one with the highest score is taken:
///
///     score = Σ over matched characters (16
///                                        + 10 if it starts a word
///                                        + 8 if it directly follows the previous matched one)
///           − Σ over gaps between matched characters (3 + the characters skipped)
///           − min(12, the characters before the first match)
///
/// A character starts a word at the start of the title, after a space, punctuation or a
/// symbol, at a lower-to-upper case change ("camelCase") and where letters and digits meet. So
/// runs of consecutive letters, word starts and early matches rank first ("intro" scores
/// "Introduction" 122, "An introduction" 119, "Interior of the rooms" 108).
/// A pure value.
public struct FuzzyMatch: Sendable {
  /// A match: its score and which characters matched.
  public struct Result: Hashable, Sendable {
    /// How good the match is; higher is better (see `FuzzyMatch`).
    public var score: Int
    /// The offsets of the matched characters in the title (in `Character`s), ascending.
    public var positions: [Int]
    /// The title's length in characters (the shorter title ranks first between equal scores).
    public var length: Int

    /// Creates a result.
    public init(score: Int, positions: [Int], length: Int) {
      self.score = score
      self.positions = positions
      self.length = length
    }
  }

  /// Points for each matched character.
  static let matchPoints = 16
  /// Extra points for a matched character that starts a word.
  static let wordStartBonus = 10
  /// Extra points for a matched character right after the previous one.
  static let consecutiveBonus = 8
  /// Points lost for a gap between matched characters, plus one per character skipped.
  static let gapOpening = 3
  /// At most this many points lost for characters before the first match (one each).
  static let leadingLimit = 12

  /// The query as typed.
  public let query: String
  /// Whether case must match: the query has an upper-case letter.
  public let isCaseSensitive: Bool
  /// The query's characters, lower-cased when case does not matter.
  private let needle: [Character]
  /// The same as bytes when the query is ASCII: an ASCII title is then matched byte by byte.
  private let asciiNeedle: [UInt8]?

  /// A matcher for `query`.
  public init(_ query: String) {
    self.query = query
    let isCaseSensitive = query.contains { $0.isUppercase }
    self.isCaseSensitive = isCaseSensitive
    needle = isCaseSensitive ? Array(query) : query.map(Self.folded)
    let bytes = Array(query.utf8)
    asciiNeedle =
      bytes.allSatisfy { $0 < 0x80 } ? bytes.map { isCaseSensitive ? $0 : Self.folded($0) } : nil
  }

  /// Whether the query is empty (it then matches every title, with score 0).
  public var isEmpty: Bool { needle.isEmpty }

  /// How `title` matches, or nil when it does not.
  public func match(_ title: String) -> Result? {
    guard !needle.isEmpty else { return Result(score: 0, positions: [], length: title.count) }
    // ASCII against ASCII, the common case, without grapheme breaking or Unicode case mapping.
    if let asciiNeedle, title.utf8.allSatisfy({ $0 < 0x80 }) {
      let fold = !isCaseSensitive
      let found = title.utf8.withContiguousStorageIfAvailable {
        Self.isSubsequence(asciiNeedle, of: $0) { fold ? Self.folded($0) : $0 }
      }
      guard found ?? true else { return nil }
      let original = Array(title.utf8)
      let haystack = fold ? original.map(Self.folded) : original
      return Self.bestAlignment(of: asciiNeedle, in: haystack) { Self.startsWord(original, at: $0) }
    }
    if let asciiNeedle, !Self.mayMatch(asciiNeedle, folding: !isCaseSensitive, in: title) {
      return nil
    }
    let original = Array(title)
    let haystack = isCaseSensitive ? original : original.map(Self.folded)
    guard Self.isSubsequence(needle, of: haystack, { $0 }) else { return nil }
    return Self.bestAlignment(of: needle, in: haystack) { Self.startsWord(original, at: $0) }
  }

  /// A quick, linear check before the scoring: whether `needle` is a subsequence of `haystack`
  /// with `transform` applied to each of its elements.
  private static func isSubsequence<C: Collection>(
    _ needle: [C.Element], of haystack: C, _ transform: (C.Element) -> C.Element
  ) -> Bool where C.Element: Equatable {
    var next = 0
    for element in haystack where transform(element) == needle[next] {
      next += 1
      if next == needle.count { return true }
    }
    return false
  }

  /// Whether an ASCII query can match `title`, checked on its scalars without breaking it into
  /// characters: an ASCII character equals only itself, or one of the three scalars whose
  /// canonical form is ASCII (the Kelvin sign, the Greek question mark and varia).
  private static func mayMatch(_ needle: [UInt8], folding: Bool, in title: String) -> Bool {
    var next = 0
    for scalar in title.unicodeScalars {
      let byte: UInt8
      switch scalar.value {
      case 0..<0x80: byte = UInt8(scalar.value)
      case 0x212A: byte = UInt8(ascii: "K")
      case 0x037E: byte = UInt8(ascii: ";")
      case 0x1FEF: byte = UInt8(ascii: "`")
      default: continue
      }
      if (folding ? folded(byte) : byte) == needle[next] {
        next += 1
        if next == needle.count { return true }
      }
    }
    return false
  }

  /// The best-scoring alignment of `needle` in `haystack` (`startsWord`: whether a word starts
  /// at a position, asked only where a query character matches), by dynamic programming over
  /// (query character, title position): O(query × title) time, and as much memory to trace it
  /// back.
  private static func bestAlignment<Element: Equatable>(
    of needle: [Element], in haystack: [Element], startsWord: (Int) -> Bool
  ) -> Result? {
    let n = haystack.count
    let m = needle.count
    guard m <= n else { return nil }
    let none = Int.min / 4
    var bonuses = [Int](repeating: -1, count: n)
    func bonus(_ j: Int) -> Int {
      if bonuses[j] < 0 { bonuses[j] = startsWord(j) ? wordStartBonus : 0 }
      return bonuses[j]
    }
    // score[j]: the best score with query characters 0...i matched and i at title position j.
    var score = [Int](repeating: none, count: n)
    // from[i * n + j]: where query character i - 1 matched on that best way.
    var from = [Int](repeating: -1, count: m * n)
    for j in 0..<n where haystack[j] == needle[0] {
      score[j] = matchPoints + bonus(j) - min(j, leadingLimit)
    }
    var next = [Int](repeating: none, count: n)
    for i in 1..<max(1, m) {
      // The best of score[k] + k over k ≤ j - 2 (a gap before j), and where it is.
      var gapBest = none
      var gapFrom = -1
      for j in 0..<n {
        next[j] = none
        if j >= 2, score[j - 2] > none, score[j - 2] + (j - 2) > gapBest {
          gapBest = score[j - 2] + (j - 2)
          gapFrom = j - 2
        }
        guard j >= i, haystack[j] == needle[i] else { continue }
        let base = matchPoints + bonus(j)
        let adjacent = score[j - 1] > none ? score[j - 1] + consecutiveBonus : none
        // A gap from k skips j - k - 1 characters.
        let gapped = gapBest > none ? gapBest - gapOpening - (j - 1) : none
        if adjacent >= gapped, adjacent > none {
          next[j] = base + adjacent
          from[i * n + j] = j - 1
        } else if gapped > none {
          next[j] = base + gapped
          from[i * n + j] = gapFrom
        }
      }
      swap(&score, &next)
    }
    // The best end; the earliest among equals.
    var end = -1
    for j in 0..<n where score[j] > none && (end < 0 || score[j] > score[end]) { end = j }
    guard end >= 0 else { return nil }
    var positions = [Int](repeating: 0, count: m)
    var j = end
    for i in stride(from: m - 1, through: 0, by: -1) {
      positions[i] = j
      j = from[i * n + j]
    }
    return Result(score: score[end], positions: positions, length: n)
  }

  /// Whether the character at `offset` starts a word.
  static func startsWord(_ characters: [Character], at offset: Int) -> Bool {
    guard offset > 0 else { return true }
    let previous = characters[offset - 1]
    let current = characters[offset]
    let isWordy = { (c: Character) in c.isLetter || c.isNumber }
    if !isWordy(previous) { return isWordy(current) }
    if previous.isLowercase && current.isUppercase { return true }
    return previous.isLetter && current.isNumber || previous.isNumber && current.isLetter
  }

  /// Whether the byte at `offset` of an ASCII title starts a word (as for characters).
  static func startsWord(_ bytes: [UInt8], at offset: Int) -> Bool {
    guard offset > 0 else { return true }
    func isLower(_ b: UInt8) -> Bool { (97...122).contains(b) }
    func isUpper(_ b: UInt8) -> Bool { (65...90).contains(b) }
    func isDigit(_ b: UInt8) -> Bool { (48...57).contains(b) }
    let previous = bytes[offset - 1]
    let current = bytes[offset]
    let isWordy = { (b: UInt8) in isLower(b) || isUpper(b) || isDigit(b) }
    if !isWordy(previous) { return isWordy(current) }
    if isLower(previous) && isUpper(current) { return true }
    return !isDigit(previous) && isDigit(current) || isDigit(previous) && !isDigit(current)
  }

  /// An ASCII byte lower-cased.
  static func folded(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte + 32 : byte }

  /// `character` lower-cased (ASCII without a lookup), or as it is when its lower case is not
  /// one character.
  static func folded(_ character: Character) -> Character {
    if let ascii = character.asciiValue {
      return (65...90).contains(ascii) ? Character(Unicode.Scalar(ascii + 32)) : character
    }
    // Most characters of most scripts have no case.
    let scalars = character.unicodeScalars
    if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex,
      !first.properties.changesWhenLowercased
    {
      return character
    }
    let lower = character.lowercased()
    return lower.count == 1 ? Character(lower) : character
  }
}
