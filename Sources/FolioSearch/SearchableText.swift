import Foundation

/// A page's text as searches read it, in UTF-8: Unicode-normalized (NFKC, so ligatures such as
/// "ﬁ" and full-width forms read as their plain letters), every run of whitespace and line
/// breaks one space, control characters dropped, and a word hyphenated across a line break
/// joined with a `SearchableText.joint` where its hyphen and line break were (the matcher skips
/// it, or reads it as the hyphen a query may spell).
///
/// About the size of the page's plain text: what a document keeps in memory for searching.
public struct SearchableText: Hashable, Sendable {
  /// What stands for a hyphen and line break inside a word: U+00AD (soft hyphen), which NFKC
  /// keeps and which is never searched for itself.
  public static let joint: Unicode.Scalar = "\u{AD}"
  /// `joint` in UTF-8.
  static let jointBytes: (UInt8, UInt8) = (0xC2, 0xAD)

  /// The normalized text.
  public var utf8: [UInt8]

  /// Wraps bytes made by `init(normalizing:)` earlier (read back from a cache).
  public init(utf8: [UInt8]) { self.utf8 = utf8 }

  /// Normalizes `text`.
  public init(normalizing text: String) {
    var normalizer = Normalizer(recordsSources: false)
    utf8 = normalizer.normalize(text).utf8
  }

  /// Normalizes `text`, and gives for each byte of the result the index of the Unicode scalar
  /// of `text` it comes from (the first scalar of its character): what turns a hit back into
  /// the boxes of the characters it covers.
  public static func normalizingWithSources(_ text: String) -> (
    text: SearchableText, sources: [Int32]
  ) {
    var normalizer = Normalizer(recordsSources: true)
    let result = normalizer.normalize(text)
    return (SearchableText(utf8: result.utf8), result.sources)
  }

  /// `utf8[range]` as text with joints removed (for showing a line of context).
  public func text(in range: Range<Int>) -> String {
    let clamped = range.clamped(to: 0..<utf8.count)
    return String(decoding: utf8[clamped], as: UTF8.self)
      .replacingOccurrences(of: String(Self.joint), with: "")
  }
}

/// Builds `SearchableText` one character at a time.
struct Normalizer {
  /// Whether to record the source of every byte.
  let recordsSources: Bool
  /// NFKC forms of the non-ASCII characters met so far (most documents repeat a few).
  private var forms: [Character: String] = [:]

  init(recordsSources: Bool) { self.recordsSources = recordsSources }

  mutating func normalize(_ text: String) -> (utf8: [UInt8], sources: [Int32]) {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    var sources: [Int32] = []
    if recordsSources { sources.reserveCapacity(text.utf8.count) }
    let characters = Array(text)
    // The index of each character's first scalar in `text`.
    var scalarIndex = 0
    var pendingSpace = false
    var index = 0
    func emit(_ bytes: some Sequence<UInt8>, source: Int) {
      for byte in bytes {
        output.append(byte)
        if recordsSources { sources.append(Int32(truncatingIfNeeded: source)) }
      }
    }
    while index < characters.count {
      let character = characters[index]
      let source = scalarIndex
      scalarIndex += character.unicodeScalars.count
      index += 1
      if character.isWhitespace {
        pendingSpace = !output.isEmpty
        continue
      }
      if Self.isHyphen(character),
        let resume = Self.lineBreakJoin(after: index - 1, in: characters),
        Self.endsWithLetter(output), !pendingSpace
      {
        emit([SearchableText.jointBytes.0, SearchableText.jointBytes.1], source: source)
        for skipped in characters[index..<resume] { scalarIndex += skipped.unicodeScalars.count }
        index = resume
        continue
      }
      if character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) {
        continue
      }
      if pendingSpace {
        emit([0x20], source: source)
        pendingSpace = false
      }
      if character.isASCII {
        emit(character.utf8, source: source)
      } else {
        emit(form(of: character).utf8, source: source)
      }
    }
    return (output, sources)
  }

  /// The NFKC form of a non-ASCII character, control characters and whitespace it yields
  /// dropped or made spaces.
  private mutating func form(of character: Character) -> String {
    if let known = forms[character] { return known }
    let normalized = String(character).precomposedStringWithCompatibilityMapping
    let cleaned = String(
      String.UnicodeScalarView(
        normalized.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
          if scalar.properties.isWhitespace { return " " }
          return scalar.properties.generalCategory == .control ? nil : scalar
        }))
    forms[character] = cleaned
    return cleaned
  }

  private static func isHyphen(_ character: Character) -> Bool {
    character == "-" || character == "\u{2010}" || character == "\u{AD}"
  }

  /// Where a word continues after the hyphen at `hyphen`: the index of the letter after the
  /// line break that follows it (spaces around the break allowed), or nil when no line break
  /// follows or no letter comes after it.
  private static func lineBreakJoin(after hyphen: Int, in characters: [Character]) -> Int? {
    var index = hyphen + 1
    var sawBreak = false
    while index < characters.count, characters[index].isWhitespace {
      if characters[index].isNewline { sawBreak = true }
      index += 1
    }
    guard sawBreak, index < characters.count, characters[index].isLetter else { return nil }
    return index
  }

  /// Whether `bytes` (UTF-8) ends with a letter.
  private static func endsWithLetter(_ bytes: [UInt8]) -> Bool {
    guard !bytes.isEmpty else { return false }
    var start = bytes.count - 1
    while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    let last = String(decoding: bytes[start...], as: UTF8.self)
    return last.last?.isLetter ?? false
  }
}
