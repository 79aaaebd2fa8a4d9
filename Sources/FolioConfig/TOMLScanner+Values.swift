extension TOMLScanner {
  /// A value: text, true or false, a number, a list or an inline table. `key` is the full path
  /// it is set under; the full path of every key it sets (in inline tables) goes to `paths`.
  mutating func value(key: [String], depth: Int, paths: inout [[String]]) throws(Failure) {
    guard depth <= Self.deepest else { throw fail(.nestedTooDeeply) }
    guard let byte = peek() else { throw fail(.missingValue) }
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "'"):
      if peek(1) == byte, peek(2) == byte {
        try longText(quote: byte)
      } else if byte == UInt8(ascii: "\"") {
        _ = try basicText()
      } else {
        _ = try literalText()
      }
    case UInt8(ascii: "["):
      try list(key: key, depth: depth, paths: &paths)
    case UInt8(ascii: "{"):
      try inlineTable(key: key, depth: depth, paths: &paths)
    case 0x0A, 0x0D, UInt8(ascii: "#"):
      throw fail(.missingValue)
    case 0x30...0x39, UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
      try number()
    case 0xE2 where peek(1) == 0x80 && [0x98, 0x99, 0x9C, 0x9D, 0x9E].contains(peek(2)):
      throw fail(.curlyQuotes(fix: nil))
    default:
      guard Self.isBare(byte) else {
        throw fail(.unexpected("a value cannot start with '\(text(index..<index + 1))'"))
      }
      let start = index
      while let next = peek(), Self.isBare(next) { index += 1 }
      let word = text(start..<index)
      switch word {
      case "true", "false", "inf", "nan":
        return
      case _ where ["true", "false"].contains(word.lowercased()):
        throw fail(.capitalizedBoolean(fix: nil), at: start)
      default:
        throw fail(.unquotedText(key: key, word: word, fix: nil), at: start)
      }
    }
  }

  /// `[ value, … ]`, over lines if need be, a comma after the last value allowed.
  private mutating func list(key: [String], depth: Int, paths: inout [[String]]) throws(Failure) {
    let start = index
    index += 1
    try skipBlank()
    if peek() == UInt8(ascii: "]") {
      index += 1
      return
    }
    while true {
      guard peek() != nil else { throw fail(.unclosedList, at: start) }
      try value(key: key, depth: depth + 1, paths: &paths)
      try skipBlank()
      switch peek() {
      case UInt8(ascii: ","):
        index += 1
        try skipBlank()
        if peek() == UInt8(ascii: "]") {
          index += 1
          return
        }
      case UInt8(ascii: "]"):
        index += 1
        return
      case nil:
        throw fail(.unclosedList, at: start)
      default:
        throw fail(.unclosedList)
      }
    }
  }

  /// `{ key = value, … }` on one line, no comma after the last.
  private mutating func inlineTable(key: [String], depth: Int, paths: inout [[String]])
    throws(Failure)
  {
    let start = index
    index += 1
    skipSpaces()
    if peek() == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      guard let byte = peek(), byte != 0x0A, byte != 0x0D else {
        throw fail(.unclosedInlineTable, at: start)
      }
      let inner = key + (try self.key())
      paths.append(inner)
      skipSpaces()
      guard peek() == UInt8(ascii: "=") else { throw fail(.missingEquals(fix: nil)) }
      index += 1
      skipSpaces()
      try value(key: inner, depth: depth + 1, paths: &paths)
      skipSpaces()
      switch peek() {
      case UInt8(ascii: ","):
        index += 1
        skipSpaces()
        if peek() == UInt8(ascii: "}") {
          throw fail(.unexpected("no comma goes after an inline table's last value"))
        }
      case UInt8(ascii: "}"):
        index += 1
        return
      default:
        throw fail(.unclosedInlineTable, at: start)
      }
    }
  }

  /// A number: whole (decimal, 0x, 0o, 0b), with a fraction or exponent, inf or nan; a date or
  /// time is refused.
  private mutating func number() throws(Failure) {
    let start = index
    while let byte = peek(),
      Self.isBare(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: ":")
    {
      index += 1
      // No number is this long; a run of digits that is stays one problem.
      if index - start > 64 { throw fail(.badNumber(text(start..<start + 16) + "…"), at: start) }
    }
    let token = Array(bytes[start..<index])
    guard Self.isNumber(token[...]) else {
      let looksLikeDate =
        token.contains(UInt8(ascii: ":"))
        || (token.count >= 5 && token.prefix(4).allSatisfy { (0x30...0x39).contains($0) }
          && token[4] == UInt8(ascii: "-"))
      throw fail(looksLikeDate ? .dateOrTime : .badNumber(text(start..<index)), at: start)
    }
  }

  /// Whether `token` is a TOML integer or float.
  static func isNumber(_ token: ArraySlice<UInt8>) -> Bool {
    var token = token
    let bases: [UInt8: Int] = [UInt8(ascii: "x"): 16, UInt8(ascii: "o"): 8, UInt8(ascii: "b"): 2]
    if token.count > 2, token.first == UInt8(ascii: "0"),
      let base = bases[token[token.startIndex + 1]]
    {
      return isDigitRun(token.dropFirst(2), base: base)
    }
    if let sign = token.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      token = token.dropFirst()
    }
    if token.elementsEqual("inf".utf8) || token.elementsEqual("nan".utf8) { return true }
    func isExponent(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }
    let wholeEnd =
      token.firstIndex { $0 == UInt8(ascii: ".") || isExponent($0) } ?? token.endIndex
    let whole = token[..<wholeEnd]
    guard isDigitRun(whole, base: 10), whole.count == 1 || whole.first != UInt8(ascii: "0")
    else { return false }
    var rest = token[wholeEnd...]
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      let fractionEnd = rest.firstIndex(where: isExponent) ?? rest.endIndex
      guard isDigitRun(rest[..<fractionEnd], base: 10) else { return false }
      rest = rest[fractionEnd...]
    }
    guard let exponent = rest.first else { return true }
    guard isExponent(exponent) else { return false }
    rest = rest.dropFirst()
    if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      rest = rest.dropFirst()
    }
    return isDigitRun(rest, base: 10)
  }

  /// Digits of `base`, at least one, with single underscores between them.
  static func isDigitRun(_ run: ArraySlice<UInt8>, base: Int) -> Bool {
    func isDigit(_ byte: UInt8) -> Bool {
      guard let value = Int(String(UnicodeScalar(byte)), radix: base) else { return false }
      return value < base
    }
    guard let first = run.first, let last = run.last, isDigit(first), isDigit(last) else {
      return false
    }
    var previousWasUnderscore = false
    for byte in run {
      if byte == UInt8(ascii: "_") {
        if previousWasUnderscore { return false }
        previousWasUnderscore = true
      } else if isDigit(byte) {
        previousWasUnderscore = false
      } else {
        return false
      }
    }
    return true
  }
}
