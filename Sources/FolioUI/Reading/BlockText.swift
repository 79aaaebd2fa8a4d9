import FolioCore

/// The text of a block as it is built word by word: words apart by one space, a word
/// hyphenated at a line's end joined to its rest, and the span each word's text takes.
struct BlockText {
  /// How a word at a line's end goes on with the next line's first word.
  enum Join: Equatable {
    /// Not hyphenated there: a space between them.
    case space
    /// A word broken by hyphenation: the hyphen dropped, the parts joined ("hyphen-" "ation").
    case dropHyphen
    /// A compound broken after its hyphen: joined, the hyphen kept ("well-" "known").
    case keepHyphen
    /// Chinese or Japanese text, written without spaces: joined as it is.
    case direct
  }

  private(set) var scalars = String.UnicodeScalarView()
  private(set) var count = 0
  private(set) var spans: [ReadingBlock.Span] = []
  /// Whether the next word joins the last one without a space.
  private var joinsNext = false
  /// Whether the next word starts a line of its own (a region's text keeps its lines).
  private var breaksNext = false

  /// The text built so far.
  var text: String { String(scalars) }

  /// Adds `word`'s cleaned `text` as page word `index`; `join` says how it goes on with the
  /// next word (`.space` for a word inside a line).
  mutating func append(_ text: String, word index: Int, join: Join = .space) {
    guard !text.isEmpty else { return }
    var text = text
    if join == .dropHyphen { text.unicodeScalars.removeLast() }
    if count > 0, !joinsNext {
      scalars.append(breaksNext ? "\n" : " ")
      count += 1
    }
    breaksNext = false
    let start = count
    scalars.append(contentsOf: text.unicodeScalars)
    count += text.unicodeScalars.count
    spans.append(ReadingBlock.Span(text: start..<count, word: index))
    joinsNext = join != .space
  }

  /// Starts a new line: the next word comes after a line feed rather than a space.
  mutating func breakLine() { breaksNext = true }

  /// The characters that end a line in the middle of a word.
  static let hyphens: Set<Unicode.Scalar> = ["-", "\u{AD}", "\u{2010}"]

  /// How `word`, the last of a line, goes on with `next`, the first of the next line (both
  /// cleaned). Chinese and Japanese lines join directly. The rule for hyphens: a line ending in a hyphen joins the next line's first word only
  /// when a lowercase letter stands before the hyphen and after it (a soft hyphen only needs
  /// letters); the hyphen is kept when the part before it already holds a hyphen
  /// ("state-of-the-" "art") or the window's text spells the compound with its hyphen inside
  /// a line ("well-known"), and dropped otherwise (hyphenation is what a broken word mostly
  /// is).
  static func join(_ word: String, before next: String, compounds: Set<String>) -> Join {
    if let last = word.unicodeScalars.last, let first = next.unicodeScalars.first,
      isUnspaced(last), isUnspaced(first)
    {
      return .direct
    }
    guard let hyphen = word.unicodeScalars.last, hyphens.contains(hyphen),
      word.unicodeScalars.count > 1, let first = next.first
    else { return .space }
    let before = word.unicodeScalars.dropLast()
    guard let letter = before.last.map(Character.init) else { return .space }
    if hyphen == "\u{AD}" {
      return letter.isLetter && first.isLetter ? .dropHyphen : .space
    }
    guard letter.isLowercase, first.isLowercase else { return .space }
    if before.contains("-") || before.contains("\u{2010}") { return .keepHyphen }
    let compound = ReflowContext.trimmed(String(before) + "-" + next).lowercased()
    return compounds.contains(compound) ? .keepHyphen : .dropHyphen
  }

  /// Whether `scalar` is of a script written without spaces between words: CJK punctuation,
  /// kana and ideographs (Hangul, spaced, aside), and their fullwidth forms.
  static func isUnspaced(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x2E80...0x30FF, 0x3190...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
      0xFF00...0xFF60, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
