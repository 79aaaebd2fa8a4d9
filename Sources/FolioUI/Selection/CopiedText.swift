import FolioCore

/// Selected text as it is copied: in reading order, a word hyphenated at a line's end joined
/// again, ligatures as their letters, control characters out, lines kept, paragraphs and pages
/// apart by an empty line.
public enum CopiedText {
  /// The text of `parts` (each a page's words and the words selected in it), in order.
  public static func text(of parts: [(words: PageWords, selected: ClosedRange<Int>)]) -> String {
    parts.map { text(of: $0.words, $0.selected) }.filter { !$0.isEmpty }
      .joined(separator: "\n\n")
  }

  /// The text of `words`' words in `selected`, each paragraph apart from the next by an empty
  /// line (the page's text has none where paragraphs are apart by a gap).
  static func text(of words: PageWords, _ selected: ClosedRange<Int>) -> String {
    let selected = selected.clamped(to: 0...max(0, words.words.count - 1))
    guard words.words.indices.contains(selected.lowerBound) else { return "" }
    let scalars = Array(words.text.text.unicodeScalars)
    var paragraphs: [String] = []
    var start = selected.lowerBound
    func finish(at last: Int) {
      let range = (words.words[start].scalars.lowerBound..<words.words[last].scalars.upperBound)
        .clamped(to: 0..<scalars.count)
      paragraphs.append(page(Array(scalars[range])))
    }
    for index in selected.dropFirst()
    where words.words[index].paragraph != words.words[index - 1].paragraph {
      finish(at: index - 1)
      start = index
    }
    finish(at: selected.upperBound)
    return paragraphs.filter { !$0.isEmpty }.joined(separator: "\n\n")
  }

  /// One page's selected scalars as text.
  static func page(_ scalars: [Unicode.Scalar]) -> String {
    var lines = String(String.UnicodeScalarView(scalars)).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map { line in String(line.reversed().drop(while: \.isWhitespace).reversed()) }
    // A word split at a line's end ("hyphen-", "ation") is one word again.
    var index = 0
    while index + 1 < lines.count {
      var line = lines[index]
      let next = lines[index + 1]
      if let last = line.last, Self.hyphens.contains(last), line.count > 1,
        let beforeHyphen = line.dropLast().last, beforeHyphen.isLetter,
        let first = next.first, first.isLowercase
      {
        line.removeLast()
        let (word, rest) = Self.firstWord(of: next)
        lines[index] = line + word
        lines[index + 1] = rest
        if rest.isEmpty {
          lines.remove(at: index + 1)
          continue
        }
      }
      index += 1
    }
    lines = lines.map(cleaned)
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// The characters that end a line in the middle of a word.
  static let hyphens: Set<Character> = ["-", "\u{AD}", "\u{2010}"]

  /// The first word of `line` and what follows it (its leading space dropped).
  static func firstWord(of line: String) -> (String, String) {
    guard let space = line.firstIndex(where: \.isWhitespace) else { return (line, "") }
    let rest = line[space...].drop { $0.isWhitespace }
    return (String(line[..<space]), String(rest))
  }

  /// `line` without control or format characters, its ligatures spelled out, and its trailing
  /// spaces gone.
  static func cleaned(_ line: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in line.unicodeScalars {
      if let letters = ligatures[scalar] {
        scalars.append(contentsOf: letters.unicodeScalars)
        continue
      }
      if scalar == "\t" {
        scalars.append(" ")
        continue
      }
      guard scalar.value >= 0x20, !(0x7F...0x9F).contains(scalar.value),
        scalar.properties.generalCategory != .format
      else { continue }
      scalars.append(scalar)
    }
    var text = String(scalars)
    while text.last?.isWhitespace == true { text.removeLast() }
    return text
  }

  /// The Latin ligatures fonts set as one character (Alphabetic Presentation Forms).
  static let ligatures: [Unicode.Scalar: String] = [
    "\u{FB00}": "ff", "\u{FB01}": "fi", "\u{FB02}": "fl", "\u{FB03}": "ffi", "\u{FB04}": "ffl",
    "\u{FB05}": "st", "\u{FB06}": "st",
  ]
}
