/// Reads a config file's bytes by the TOML 1.0 grammar, one statement at a time, without
/// building values: what `ConfigSyntax` checks each statement with before TOMLKit sees it.
/// Stricter than TOML where Folio has no use for a form (dates and times, lists and tables
/// nested over 32 deep). Every step moves forward or throws, so it ends on any input.
struct TOMLScanner {
  /// Why the scan stopped, and where (a byte offset).
  struct Failure: Error {
    var problem: SyntaxProblem
    var position: Int
  }

  /// The text, UTF-8.
  let bytes: [UInt8]
  /// The offset where each line starts.
  let lineStarts: [Int]
  /// The next byte to read.
  var index = 0

  /// How deep lists and inline tables may nest.
  static let deepest = 32

  /// A scanner at the start of `lines` (each without its line break).
  init(lines: [String]) {
    var bytes: [UInt8] = []
    var starts: [Int] = []
    for line in lines {
      starts.append(bytes.count)
      bytes += line.utf8
      bytes.append(0x0A)
    }
    if !bytes.isEmpty { bytes.removeLast() }
    self.bytes = bytes
    self.lineStarts = starts.isEmpty ? [0] : starts
  }

  // MARK: - Positions

  /// The byte at `index + offset`, or nil past the end.
  func peek(_ offset: Int = 0) -> UInt8? {
    let position = index + offset
    return position < bytes.count ? bytes[position] : nil
  }

  /// The line (from 0) of the byte at `position`.
  func line(of position: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= position { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The bytes of line `line`, without its break.
  func lineRange(_ line: Int) -> Range<Int> {
    let start = lineStarts[line]
    let end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
    return start..<max(start, end)
  }

  /// `bytes[range]` as text.
  func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self)
  }

  /// Whether only spaces and tabs come before `position` on its line.
  func startsItsLine(_ position: Int) -> Bool {
    let start = lineStarts[line(of: position)]
    return bytes[start..<min(position, bytes.count)].allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  func fail(_ problem: SyntaxProblem, at position: Int? = nil) -> Failure {
    Failure(problem: problem, position: position ?? index)
  }

  // MARK: - Space, comments, line ends

  /// Skips spaces and tabs.
  mutating func skipSpaces() {
    while let byte = peek(), byte == 0x20 || byte == 0x09 { index += 1 }
  }

  /// Skips a line break (LF or CR LF); false when none is next.
  mutating func skipLineBreak() -> Bool {
    if peek() == 0x0A {
      index += 1
      return true
    }
    if peek() == 0x0D, peek(1) == 0x0A {
      index += 2
      return true
    }
    return false
  }

  /// Skips a `#` comment up to its line's end; control characters other than tab are errors.
  mutating func skipComment() throws(Failure) {
    guard peek() == UInt8(ascii: "#") else { return }
    index += 1
    while let byte = peek(), byte != 0x0A {
      if byte == 0x0D, peek(1) == 0x0A { return }
      try checkNotControl(byte)
      index += 1
    }
  }

  /// Skips spaces, comments and line breaks (inside a list).
  mutating func skipBlank() throws(Failure) {
    while true {
      skipSpaces()
      try skipComment()
      if !skipLineBreak() { return }
    }
  }

  /// After a statement: spaces, perhaps a comment, then the line's end. Anything else is a
  /// problem whose fix is the statement so far, `statement`, when given.
  mutating func finishLine(statement: Range<Int>? = nil) throws(Failure) {
    skipSpaces()
    try skipComment()
    if index >= bytes.count || skipLineBreak() { return }
    throw fail(.textAfterValue(fix: statement.map { text($0).trimmingSpaces }))
  }

  /// Throws for a control character that TOML allows nowhere but as a tab.
  func checkNotControl(_ byte: UInt8) throws(Failure) {
    if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
      throw fail(.controlCharacter(UInt32(byte)))
    }
  }

  // MARK: - Keys

  /// Whether `byte` may be in a bare key.
  static func isBare(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
  }

  /// A dotted key (`a."b c".d`), its parts decoded.
  mutating func key() throws(Failure) -> [String] {
    var parts = [try simpleKey()]
    while true {
      let before = index
      skipSpaces()
      guard peek() == UInt8(ascii: ".") else {
        index = before
        return parts
      }
      index += 1
      skipSpaces()
      parts.append(try simpleKey())
    }
  }

  /// One part of a key: bare, `"…"` or `'…'` (never `"""`).
  mutating func simpleKey() throws(Failure) -> String {
    guard let byte = peek() else { throw fail(.unexpected("a key is missing")) }
    if Self.isBare(byte) {
      let start = index
      while let next = peek(), Self.isBare(next) { index += 1 }
      return text(start..<index)
    }
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
      if peek(1) == byte, peek(2) == byte {
        throw fail(.unexpected("a key cannot be a \"\"\" or ''' text"))
      }
      return byte == UInt8(ascii: "\"") ? try basicText() : try literalText()
    }
    throw fail(.unexpected("a key is missing"))
  }

  // MARK: - Texts

  /// A `"…"` text on one line, its escapes decoded.
  mutating func basicText() throws(Failure) -> String {
    let start = index
    index += 1
    var decoded: [UInt8] = []
    while true {
      guard let byte = peek(), byte != 0x0A, byte != 0x0D || peek(1) != 0x0A else {
        throw fail(.unclosedText(quote: "\"", fix: nil), at: start)
      }
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: decoded, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\\") {
        decoded += try escape()
        continue
      }
      try checkNotControl(byte)
      decoded.append(byte)
      index += 1
    }
  }

  /// A `'…'` text on one line.
  mutating func literalText() throws(Failure) -> String {
    let start = index
    index += 1
    while true {
      guard let byte = peek(), byte != 0x0A, byte != 0x0D || peek(1) != 0x0A else {
        throw fail(.unclosedText(quote: "'", fix: nil), at: start)
      }
      if byte == UInt8(ascii: "'") {
        index += 1
        return text(start + 1..<index - 1)
      }
      try checkNotControl(byte)
      index += 1
    }
  }

  /// A `"""…"""` or `'''…'''` text, over lines if need be.
  mutating func longText(quote: UInt8) throws(Failure) {
    let start = index
    let name = String(repeating: String(UnicodeScalar(quote)), count: 3)
    index += 3
    while true {
      guard let byte = peek() else { throw fail(.unclosedLongText(quote: name), at: start) }
      if byte == quote {
        var run = 0
        while peek() == quote {
          run += 1
          index += 1
        }
        if run >= 3 {
          if run > 5 { throw fail(.unexpected("too many quotes close the text")) }
          return
        }
        continue
      }
      if byte == UInt8(ascii: "\\"), quote == UInt8(ascii: "\"") {
        // A backslash at a line's end joins the lines; else it starts an escape.
        var look = index + 1
        while look < bytes.count, bytes[look] == 0x20 || bytes[look] == 0x09 { look += 1 }
        if look < bytes.count, bytes[look] == 0x0A || bytes[look] == 0x0D {
          index = look
          continue
        }
        _ = try escape()
        continue
      }
      if byte == 0x0A || (byte == 0x0D && peek(1) == 0x0A) {
        index += byte == 0x0D ? 2 : 1
        continue
      }
      try checkNotControl(byte)
      index += 1
    }
  }

  /// An escape after a backslash in `"…"` text: the bytes it stands for.
  mutating func escape() throws(Failure) -> [UInt8] {
    let start = index
    index += 1
    guard let byte = peek() else { throw fail(.badEscape("\\"), at: start) }
    index += 1
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "b"): 0x08, UInt8(ascii: "t"): 0x09, UInt8(ascii: "n"): 0x0A,
      UInt8(ascii: "f"): 0x0C, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "\""): 0x22,
      UInt8(ascii: "\\"): 0x5C,
    ]
    if let value = simple[byte] { return [value] }
    let digits = byte == UInt8(ascii: "u") ? 4 : byte == UInt8(ascii: "U") ? 8 : 0
    guard digits > 0, index + digits <= bytes.count,
      let value = UInt32(text(index..<index + digits), radix: 16),
      bytes[index..<index + digits].allSatisfy({ Self.isHexDigit($0) }),
      let scalar = Unicode.Scalar(value)
    else {
      let shown = text(start..<min(bytes.count, index + max(0, digits)))
      throw fail(.badEscape(shown.isEmpty ? "\\" : shown), at: start)
    }
    index += digits
    return Array(String(Character(scalar)).utf8)
  }

  static func isHexDigit(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
  }
}
