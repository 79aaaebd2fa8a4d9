extension SyntaxProblem {
  /// This problem with the corrected form of `line` (the statement's first line, as written)
  /// where the mistake is a common one whose fix the line shows; unchanged otherwise.
  func fixing(_ line: String) -> SyntaxProblem {
    let line = line.trimmingSpaces
    let (name, value, comment) = Self.split(line)
    let tail = comment.isEmpty ? "" : " " + comment
    switch self {
    case .unquotedText(let key, let word, nil):
      guard let name, value.hasPrefix(word) else { return self }
      return .unquotedText(key: key, word: word, fix: "\(name) = \(Self.quoted(value))\(tail)")
    case .capitalizedBoolean:
      guard let name, ["true", "false"].contains(value.lowercased()) else {
        return .capitalizedBoolean(fix: nil)
      }
      return .capitalizedBoolean(fix: "\(name) = \(value.lowercased())\(tail)")
    case .keyNeedsQuotes(nil):
      guard let equals = line.firstIndex(of: "=") else { return self }
      let key = String(line[..<equals]).trimmingSpaces
      let rest = String(line[line.index(after: equals)...]).trimmingSpaces
      guard !key.isEmpty, !rest.isEmpty else { return self }
      return .keyNeedsQuotes(fix: "\(Self.quoted(key)) = \(rest)")
    case .missingEquals(nil):
      guard !line.contains("="),
        let match = line.wholeMatch(of: /([A-Za-z0-9_-]+)\s*(?::\s*|\s)\s*(\S.*)/)
      else { return self }
      return .missingEquals(fix: "\(match.output.1) = \(match.output.2)")
    case .unclosedText(let quote, nil):
      guard !line.hasSuffix(quote) else { return self }
      return .unclosedText(quote: quote, fix: line + quote)
    case .brokenHeader(nil):
      let isArray = line.hasPrefix("[[")
      var table = line.drop { $0 == "[" }
      if let hash = table.firstIndex(of: "#") { table = table[..<hash] }
      let trimmed = String(table).trimmingSpaces.trimming("]").trimmingSpaces
      guard !trimmed.isEmpty, !trimmed.contains(where: { "[]".contains($0) }) else { return self }
      return .brokenHeader(fix: isArray ? "[[\(trimmed)]]" : "[\(trimmed)]")
    case .textAfterValue(let fix?):
      // `cell-aspect = 2,2`: a decimal comma.
      let after = line.dropFirst(fix.count)
      if let digits = after.wholeMatch(of: /,([0-9]+)\s*(#.*)?/)?.output.1,
        fix.last?.isNumber == true, !fix.contains(".")
      {
        return .decimalComma(fix: fix + "." + digits)
      }
      return self
    case .curlyQuotes(nil):
      var fixed = ""
      for character in line {
        switch character {
        case "\u{201C}", "\u{201D}", "\u{201E}": fixed.append("\"")
        case "\u{2018}", "\u{2019}": fixed.append("'")
        default: fixed.append(character)
        }
      }
      return .curlyQuotes(fix: fixed)
    default:
      return self
    }
  }

  /// A line as `name = value # comment`: the name as written (nil without `=`), the value
  /// and the comment, each trimmed (a `#` inside quotes is the value's).
  private static func split(_ line: String) -> (name: String?, value: String, comment: String) {
    guard let equals = line.firstIndex(of: "=") else { return (nil, "", "") }
    let name = String(line[..<equals]).trimmingSpaces
    var rest = Substring(line[line.index(after: equals)...])
    var comment = ""
    var quote: Character?
    for index in rest.indices {
      let character = rest[index]
      if let open = quote {
        if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "#" {
        comment = String(rest[index...])
        rest = rest[..<index]
        break
      }
    }
    return (name.isEmpty ? nil : name, String(rest).trimmingSpaces, comment)
  }

  /// `text` in TOML's double quotes.
  static func quoted(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }
}

extension String {
  /// Without `characters` at either end.
  fileprivate func trimming(_ characters: String) -> String {
    guard let first = firstIndex(where: { !characters.contains($0) }),
      let last = lastIndex(where: { !characters.contains($0) })
    else { return "" }
    return String(self[first...last])
  }
}
