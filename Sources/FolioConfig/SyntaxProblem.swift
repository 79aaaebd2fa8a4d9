/// What breaks the TOML syntax of a config line, with the corrected line where the mistake is a
/// common one and its fix is known.
enum SyntaxProblem: Equatable {
  /// A word where a value goes (`mode = continuous`): text needs quotes. `fix` has them.
  case unquotedText(key: [String], word: String, fix: String?)
  /// `True`, `FALSE`: TOML's booleans are lower case.
  case capitalizedBoolean(fix: String?)
  /// A key with characters a bare key cannot have (`<C-n> = …`, `ctrl+n = …`).
  case keyNeedsQuotes(fix: String?)
  /// A key without `=` after it (`mode "grid"`, `mode: "grid"`).
  case missingEquals(fix: String?)
  /// `=` with nothing after it.
  case missingValue
  /// `=` with nothing before it.
  case missingKey
  /// A `"…"` or `'…'` text that the line ends inside.
  case unclosedText(quote: String, fix: String?)
  /// A `"""` or `'''` text that the file ends inside.
  case unclosedLongText(quote: String)
  /// A list (`[`) the file ends inside, or that something other than `,` or `]` follows.
  case unclosedList
  /// An inline table (`{`) that its line ends inside.
  case unclosedInlineTable
  /// A table header without its closing bracket, or with more after it.
  case brokenHeader(fix: String?)
  /// A table header whose name is not a key.
  case badTableName
  /// Something after a complete value or header other than a comment.
  case textAfterValue(fix: String?)
  /// `2,5`: a decimal comma.
  case decimalComma(fix: String)
  /// Typographic quotes around text (`“grid”`).
  case curlyQuotes(fix: String?)
  /// A backslash that starts no escape in `"…"` text.
  case badEscape(String)
  /// A number that is not one (`012`, `1__0`, `0x`).
  case badNumber(String)
  /// A date or a time: TOML has them, Folio has no setting that takes one.
  case dateOrTime
  /// Lists and tables nested deeper than Folio reads.
  case nestedTooDeeply
  /// A control character, written as U+XXXX.
  case controlCharacter(UInt32)
  /// Bytes that are not UTF-8.
  case notUTF8
  /// Something else, said as a phrase.
  case unexpected(String)

  /// The settings that take true or false, for the hint about a word given to one.
  static let flags: Set<String> = ["rtl", "invert", "trim", "remember"]

  /// What is wrong ("a text value needs quotes"), and the corrected line where one is known
  /// (`mode = "continuous"`).
  var explanation: (what: String, fix: String?) {
    switch self {
    case .unquotedText(let key, let word, let fix):
      if key.count == 1, let name = key.first, Self.flags.contains(name) {
        let yes = ["yes", "on", "y", "1", "enabled"].contains(word.lowercased())
        let no = ["no", "off", "n", "0", "disabled"].contains(word.lowercased())
        return (
          "\(name) takes true or false, without quotes",
          yes ? "\(name) = true" : no ? "\(name) = false" : nil
        )
      }
      return ("a text value needs quotes", fix)
    case .capitalizedBoolean(let fix):
      return ("true and false are written in lower case", fix)
    case .keyNeedsQuotes(let fix):
      return ("a key with characters other than letters, digits, - and _ needs quotes", fix)
    case .missingEquals(let fix):
      return ("a setting is written as name = value", fix)
    case .missingValue:
      return ("the value after = is missing", nil)
    case .missingKey:
      return ("the name before = is missing", nil)
    case .unclosedText(let quote, let fix):
      return ("the text needs a closing \(quote)", fix)
    case .unclosedLongText(let quote):
      return ("the text that starts with \(quote) is never closed", nil)
    case .unclosedList:
      return ("the list that starts with [ is not closed with ]", nil)
    case .unclosedInlineTable:
      return ("the table that starts with { is not closed with } on its line", nil)
    case .brokenHeader(let fix):
      return ("a table's name is written [name]", fix)
    case .badTableName:
      return ("a table's name is letters, digits, - and _, or quoted", nil)
    case .textAfterValue(let fix):
      return ("only a comment (# …) may follow the value", fix)
    case .decimalComma(let fix):
      return ("a number takes a decimal point, not a comma", fix)
    case .curlyQuotes(let fix):
      return ("text goes in straight quotes (\"), not typographic ones", fix)
    case .badEscape(let escape):
      return ("\(escape) is no escape in \"…\" text (write \\\\ for a backslash, or use '…')", nil)
    case .badNumber(let text):
      return ("\(text) is not a number", nil)
    case .dateOrTime:
      return ("dates and times are not among Folio's settings", nil)
    case .nestedTooDeeply:
      return ("lists and tables are nested too deeply", nil)
    case .controlCharacter(let value):
      let hex = String(value, radix: 16, uppercase: true)
      let padded = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      return ("a control character (U+\(padded))", nil)
    case .notUTF8:
      return ("not UTF-8 text", nil)
    case .unexpected(let what):
      return (what, nil)
    }
  }
}
