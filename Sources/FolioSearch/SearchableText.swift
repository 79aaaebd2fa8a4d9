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
    // The index in `text` of the current character's first scalar.
    var scalarIndex = 0
    var pendingSpace = false
    var index = text.startIndex
    func emit(_ byte: UInt8, source: Int) {
      output.append(byte)
      if recordsSources { sources.append(Int32(truncatingIfNeeded: source)) }
    }
    while index < text.endIndex {
      let character = text[index]
      let source = scalarIndex
      let next = text.index(after: index)
      if let ascii = character.asciiValue {
        // One scalar, or CR LF.
        scalarIndex += ascii == 0x0A && character.unicodeScalars.count == 2 ? 2 : 1
        switch ascii {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20:
          pendingSpace = !output.isEmpty
        case 0x2D where !pendingSpace && Self.endsWithLetter(output):
          if let (resume, skipped) = Self.lineBreakJoin(after: next, in: text) {
            emit(SearchableText.jointBytes.0, source: source)
            emit(SearchableText.jointBytes.1, source: source)
            scalarIndex += skipped
            index = resume
            continue
          }
          emit(ascii, source: source)
        case 0x00..<0x20, 0x7F:
          break
        default:
          if pendingSpace {
            emit(0x20, source: source)
            pendingSpace = false
          }
          emit(ascii, source: source)
        }
        index = next
        continue
      }
      scalarIndex += character.unicodeScalars.count
      index = next
      if character.isWhitespace {
        pendingSpace = !output.isEmpty
        continue
      }
      if character == "\u{2010}" || character == "\u{AD}", !pendingSpace,
        Self.endsWithLetter(output),
        let (resume, skipped) = Self.lineBreakJoin(after: next, in: text)
      {
        emit(SearchableText.jointBytes.0, source: source)
        emit(SearchableText.jointBytes.1, source: source)
        scalarIndex += skipped
        index = resume
        continue
      }
      let form = form(of: character)
      guard !form.isEmpty else { continue }
      if pendingSpace {
        emit(0x20, source: source)
        pendingSpace = false
      }
      for byte in form.utf8 { emit(byte, source: source) }
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

  /// Where a word continues after a hyphen: the index in `text` of the letter after the line
  /// break that follows (spaces around the break allowed; `start` is just after the hyphen),
  /// and how many scalars lie between; nil when no line break follows or no letter comes
  /// after it.
  private static func lineBreakJoin(after start: String.Index, in text: String) -> (
    String.Index, Int
  )? {
    var index = start
    var sawBreak = false
    var skipped = 0
    while index < text.endIndex, text[index].isWhitespace {
      if text[index].isNewline { sawBreak = true }
      skipped += text[index].unicodeScalars.count
      index = text.index(after: index)
    }
    guard sawBreak, index < text.endIndex, text[index].isLetter else { return nil }
    return (index, skipped)
  }

  /// Whether `bytes` (UTF-8) ends with a letter.
  private static func endsWithLetter(_ bytes: [UInt8]) -> Bool {
    guard let last = bytes.last else { return false }
    if last < 0x80 {
      return (0x41...0x5A).contains(last) || (0x61...0x7A).contains(last)
    }
    var start = bytes.count - 1
    while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    let character = String(decoding: bytes[start...], as: UTF8.self)
    return character.last?.isLetter ?? false
  }
}
