import FolioCore

/// How reflowing tells the lines of a list: an item starts at a bullet, or at a dash or an
/// enumerator ("1.", "2)", "(a)", "iv.") whose item is set as one (its text hanging right of
/// the marker, or items one under another); the lines of an item go on at its text's edge,
/// and a line back at the marker's edge after them starts what follows the list.
enum ListItem {
  /// Marks that start an item wherever they begin a line (with text after them).
  static let bullets: Set<Character> = [
    "•", "◦", "▪", "▫", "‣", "⁃", "∙", "●", "○", "■", "□", "►", "▸", "▹", "➢", "➤", "✓", "✔",
  ]
  /// Marks that start an item only where the lines around show a list: in running text a
  /// line may begin with a dash or a number.
  static let dashes: Set<String> = ["–", "-", "—", "*", "∗", "·"]

  /// Whether `line` starts an item of a list, `above` and `below` the lines around it in the
  /// same column (nil where there is none).
  static func starts(
    _ line: PageLine, above: PageLine?, below: PageLine?, in page: PageWords,
    measures: LineRole.Measures
  ) -> Bool {
    guard let marker = line.texts.first(where: { !$0.isEmpty }) else { return false }
    if let first = marker.first, bullets.contains(first) {
      return marker.count > 1 || line.texts.count > 1
    }
    guard isWeakMarker(marker), line.texts.count > 1, line.words.count > 1 else { return false }
    let tolerance = measures.advance * 0.8
    // The item's text hangs: the line below starts where the text after the marker does.
    let text = page.words[line.words.lowerBound + 1].box.x
    if let below, below.box.y > line.box.y, below.box.x > line.box.x + tolerance,
      abs(below.box.x - text) < measures.advance * 1.5
    {
      return true
    }
    // Items one under another, each at the same edge.
    func isItem(_ other: PageLine?) -> Bool {
      guard let other, abs(other.box.x - line.box.x) < tolerance,
        let word = other.texts.first(where: { !$0.isEmpty })
      else { return false }
      return isWeakMarker(word) && sameKind(word, marker)
    }
    return isItem(above) || isItem(below)
  }

  /// Whether `line`, after `above` in a paragraph whose first line is `first`, is back at an
  /// edge left of the lines before it that hung from a marker: the list's item has ended.
  static func ends(
    before line: PageLine, above: PageLine, first: PageLine, measures: LineRole.Measures
  )
    -> Bool
  {
    let tolerance = measures.advance * 0.8
    return above.words != first.words && above.box.x - first.box.x > tolerance
      && line.box.x < above.box.x - tolerance && line.box.x < first.box.x + tolerance
  }

  /// A dash, or an enumerator: a number of one or two digits, a lowercase letter or a small
  /// roman numeral, then "." or ")", or in parentheses.
  static func isWeakMarker(_ word: String) -> Bool {
    if dashes.contains(word) { return true }
    var body = Substring(word)
    let opened = body.first == "("
    if opened { body = body.dropFirst() }
    guard let close = body.last, close == ")" || (!opened && close == ".") else { return false }
    body = body.dropLast()
    guard !body.isEmpty else { return false }
    if body.count <= 2, body.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
    if body.count == 1, let letter = body.first, letter.isASCII, letter.isLowercase { return true }
    return body.count <= 4 && body.allSatisfy { "ivx".contains($0) }
  }

  /// Whether two markers are of one list: both dashes alike, or both enumerators of the same
  /// form (their closing mark and parentheses).
  static func sameKind(_ one: String, _ other: String) -> Bool {
    if dashes.contains(one) || dashes.contains(other) { return one == other }
    return one.first == "(" && other.first == "("
      || one.first != "(" && other.first != "("
        && one.last == other.last
  }
}
