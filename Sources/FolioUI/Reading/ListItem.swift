import FolioCore

/// How reflowing tells the lines of a list: an item starts at a bullet, or at a dash or an
/// enumerator ("1.", "2)", "(a)", "iv.") whose item is set as one (after a line ending a
/// clause, its text hanging right of the marker; or items one under another); the lines of
/// an item go on at its text's edge, and a line back left of it after them (or after a short
/// one-line item) starts what follows the list.
enum ListItem {
  /// Marks that start an item wherever they begin a line (with text after them).
  static let bullets: Set<Character> = [
    "•", "◦", "▪", "▫", "‣", "⁃", "∙", "●", "○", "■", "□", "►", "▸", "▹", "➢", "➤", "✓", "✔",
  ]
  /// Marks that start an item only where the lines around show a list: in running text a
  /// line may begin with a dash or a number.
  static let dashes: Set<String> = ["–", "-", "*", "∗", "·"]

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
    // Running text may break a line before a number: an item follows a line that ends a
    // clause (or none, at a column's top).
    let afterClause = above.map { endsClause($0.text) } ?? true
    // The item's text hangs: the line below starts where the text after the marker does.
    let text = page.words[line.words.lowerBound + 1].box.x
    if afterClause, let below, below.box.y > line.box.y, below.box.x > line.box.x + tolerance,
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
    return isItem(above) || afterClause && isItem(below)
  }

  /// Whether `line`, after `above` in a paragraph whose first line is `first`, ends a list's
  /// item: `first` starts with a marker, and `line` is left of the item's text, after lines
  /// that hung there or after a short one-line item (an item whose lines run back to the
  /// marker's edge goes on).
  static func ends(
    before line: PageLine, above: PageLine, first: PageLine, in page: PageWords,
    measures: LineRole.Measures
  ) -> Bool {
    guard let marker = first.texts.first(where: { !$0.isEmpty }), first.words.count > 1,
      marker.first.map(bullets.contains) == true || isWeakMarker(marker)
    else { return false }
    let tolerance = measures.advance * 0.8
    let text = page.words[first.words.lowerBound + 1].box.x
    guard line.box.x < text - tolerance else { return false }
    if above.words != first.words {
      return above.box.x > first.box.x + tolerance && line.box.x < above.box.x - tolerance
    }
    // A one-line item: short (a numbered paragraph's full first line runs on).
    return above.box.width < measures.lineWidth * 0.8
  }

  /// Whether `text` ends a clause: a sentence's end, a colon, a semicolon or a comma.
  static func endsClause(_ text: String) -> Bool {
    text.last.map { ".!?:;,\"”’)".contains($0) } ?? true
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
