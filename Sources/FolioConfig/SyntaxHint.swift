import TOMLKit

/// What is wrong with a config line TOMLKit refused, said for a user, and the corrected line
/// where the mistake is a common one (a word without quotes, `yes` for true, a key with
/// spaces…). A fix is only given when TOMLKit reads it.
enum SyntaxHint {
  /// The settings that take true or false, for the hint about a word given to one.
  static let flags: Set<String> = ["rtl", "invert", "trim", "remember"]

  /// What is wrong with `line` (a statement's first line, as written) and its fix, from
  /// toml++'s `reason`.
  static func explain(_ line: String, reason: String) -> (what: String, fix: String?) {
    let (what, fix) = guess(line.trimmingSpaces, reason: reason)
    guard let fix, UnsafeTOMLLine.problem(fix) == nil, (try? TOMLTable(string: fix)) != nil
    else { return (what, nil) }
    return (what, fix)
  }

  private static func guess(_ line: String, reason: String) -> (what: String, fix: String?) {
    let curly: [Character: Character] = [
      "\u{201C}": "\"", "\u{201D}": "\"", "\u{201E}": "\"", "\u{2018}": "'", "\u{2019}": "'",
    ]
    if line.contains(where: { curly[$0] != nil }) {
      return (
        "text goes in straight quotes (\"), not typographic ones",
        String(line.map { curly[$0] ?? $0 })
      )
    }
    if line.hasPrefix("[") {
      var table = line.drop { $0 == "[" }
      if let hash = table.firstIndex(of: "#") { table = table[..<hash] }
      let name = String(table.filter { $0 != "]" }).trimmingSpaces
      let fix = line.hasPrefix("[[") ? "[[\(name)]]" : "[\(name)]"
      return ("a table's name is written [name]", name.isEmpty ? nil : fix)
    }
    if let escape = reason.firstMatch(of: /unknown escape sequence '(.*)'/)?.output.1 {
      return (
        "\(escape.prefix(8)) is no escape in \"…\" text (write \\\\ for a backslash, or use '…')",
        nil
      )
    }
    guard let equals = line.firstIndex(of: "=") else {
      let match = line.wholeMatch(of: /([A-Za-z0-9_-]+)\s*(?::\s*|\s)\s*(\S.*)/)
      return ("a setting is written as name = value", match.map { "\($0.1) = \($0.2)" })
    }
    let name = String(line[..<equals]).trimmingSpaces
    var value = String(line[line.index(after: equals)...]).trimmingSpaces
    var comment = ""
    if !value.hasPrefix("\""), !value.hasPrefix("'"), let hash = value.firstIndex(of: "#") {
      comment = " " + value[hash...]
      value = String(value[..<hash]).trimmingSpaces
    }
    if name.isEmpty { return ("the name before = is missing", nil) }
    if value.isEmpty { return ("the value after = is missing", nil) }
    let key = /([A-Za-z0-9_-]+|"[^"]*"|'[^']*')(\s*\.\s*([A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*\s*=/
    if line.prefixMatch(of: key) == nil {
      return (
        "a key with characters other than letters, digits, - and _ needs quotes",
        "\(quoted(name)) = \(value)\(comment)"
      )
    }
    let word = value.lowercased()
    if ["true", "false"].contains(word) {
      return ("true and false are written in lower case", "\(name) = \(word)\(comment)")
    }
    if flags.contains(name), value.first?.isLetter == true || value.first?.isNumber == true {
      let yes = ["yes", "on", "y", "1", "enabled"].contains(word)
      let no = ["no", "off", "n", "0", "disabled"].contains(word)
      return (
        "\(name) takes true or false, without quotes",
        yes ? "\(name) = true" : no ? "\(name) = false" : nil
      )
    }
    if let quote = ["\"\"\"", "'''"].first(where: { value.hasPrefix($0) }) {
      return ("the text that starts with \(quote) is never closed", nil)
    }
    if let quote = ["\"", "'"].first(where: { value.hasPrefix($0) }) {
      return ("the text needs a closing \(quote)", line + quote)
    }
    if value.hasPrefix("[") { return ("the list that starts with [ is not closed with ]", nil) }
    if let match = value.wholeMatch(of: /([+-]?[0-9]+),([0-9]+)/) {
      return ("a number takes a decimal point, not a comma", "\(name) = \(match.1).\(match.2)")
    }
    if let number = value.wholeMatch(of: /([+-]?[0-9][0-9._]*)\s+\S.*/)?.output.1 {
      return ("only a comment (# …) may follow the value", "\(name) = \(number)")
    }
    if value.first?.isLetter == true {
      return ("a text value needs quotes", "\(name) = \(quoted(value))\(comment)")
    }
    if value.first.map({ "+-0123456789".contains($0) }) == true, !reason.contains("string") {
      return ("\(RecoveredTOML.quote(value)) is not a number", nil)
    }
    return (reason, nil)
  }

  /// `text` in TOML's double quotes.
  static func quoted(_ text: String) -> String {
    "\"" + String(text.flatMap { $0 == "\\" || $0 == "\"" ? ["\\", $0] : [$0] }) + "\""
  }
}
