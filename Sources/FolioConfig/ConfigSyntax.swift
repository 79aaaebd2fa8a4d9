/// A config file checked statement by statement, so that a line that breaks the TOML syntax
/// costs that line and not the file: the statements that pass, with the lines and key paths
/// they set, and a flaw for each that does not. A broken table header takes the statements of
/// its table with it (their keys would otherwise land in another table).
///
/// Only what passed goes on to TOMLKit: its parser (toml++) stops at the first error and
/// asserts on some malformed input, so it never sees any.
struct ConfigSyntax {
  /// A statement that passed: a table header or a key = value, over one line or more.
  struct Statement {
    /// Whether it is a table header (`[keys]`).
    var isHeader: Bool
    /// Its lines, from 0.
    var lines: ClosedRange<Int>
    /// The full key paths it sets: for a header its table's, for a key = value the key's
    /// under its table (and those of the inline tables in its value).
    var paths: [[String]]
  }

  /// A statement that did not pass.
  struct Flaw {
    /// Its first line, from 0.
    var line: Int
    var problem: SyntaxProblem
    /// The line as written, for the message (and its fix).
    var text: String
    /// For a broken table header: how many lines of its table were left out with it.
    var linesUnder = 0
  }

  /// The statements that passed, in order.
  private(set) var statements: [Statement] = []
  /// The statements that did not, in order.
  private(set) var flaws: [Flaw] = []
  /// The lines left out (from 0): those of the flaws, and the tables of broken headers.
  private(set) var skipped: Set<Int> = []

  /// Checks `lines` (each without its line break).
  init(lines: [String]) {
    var scanner = TOMLScanner(lines: lines)
    var table: [String] = []
    // The flaw of the broken header whose table the scanner is in.
    var brokenTable: Int?
    while scanner.index < scanner.bytes.count {
      scanner.skipSpaces()
      if scanner.index >= scanner.bytes.count || scanner.skipLineBreak() { continue }
      let start = scanner.index
      let first = scanner.line(of: start)
      let isHeader = scanner.peek() == UInt8(ascii: "[")
      do throws(TOMLScanner.Failure) {
        if scanner.peek() == UInt8(ascii: "#") {
          try scanner.skipComment()
          try scanner.finishLine()
          continue
        }
        if isHeader {
          table = try Self.header(&scanner, line: first)
          brokenTable = nil
          statements.append(Statement(isHeader: true, lines: first...first, paths: [table]))
          continue
        }
        var paths: [[String]] = []
        try Self.keyValue(&scanner, table: table, line: first, paths: &paths)
        let last = scanner.line(of: max(start, scanner.index - 1))
        if let brokenTable {
          skip(first...last, under: brokenTable)
        } else {
          statements.append(Statement(isHeader: false, lines: first...last, paths: paths))
        }
      } catch {
        let failed = scanner.line(of: min(error.position, max(0, scanner.bytes.count - 1)))
        var problem = error.problem
        var last = failed
        if case .unclosedLongText = problem {
          // The rest of the file is not a text the user meant: only the line opening it goes.
          last = first
        } else if failed > first {
          // Only a list spans lines (a long text's own flaws aside): it is not closed before a
          // line that may well start the next statement.
          if !Self.isInsideText(problem) { problem = .unclosedList }
          if scanner.startsItsLine(error.position) { last = failed - 1 }
        }
        if let brokenTable, !isHeader {
          skip(first...last, under: brokenTable)
        } else {
          flaws.append(
            Flaw(line: first, problem: problem, text: scanner.text(scanner.lineRange(first))))
          skipped.formUnion(first...last)
          if isHeader {
            brokenTable = flaws.count - 1
            table = []
          }
        }
        scanner.index =
          last + 1 < scanner.lineStarts.count ? scanner.lineStarts[last + 1] : scanner.bytes.count
      }
    }
  }

  /// Leaves out `lines` of the table of the broken header `flaw`.
  private mutating func skip(_ lines: ClosedRange<Int>, under flaw: Int) {
    skipped.formUnion(lines)
    flaws[flaw].linesUnder += lines.count
  }

  /// Whether `problem` is one a text (`"""…"""` over lines) can have inside it.
  private static func isInsideText(_ problem: SyntaxProblem) -> Bool {
    switch problem {
    case .badEscape, .controlCharacter, .unclosedLongText: return true
    default: return false
    }
  }

  /// `[table]` or `[[table]]` and the rest of its line: the table's path.
  private static func header(_ scanner: inout TOMLScanner, line: Int) throws(TOMLScanner.Failure)
    -> [String]
  {
    scanner.index += 1
    let isArray = scanner.peek() == UInt8(ascii: "[")
    if isArray { scanner.index += 1 }
    scanner.skipSpaces()
    guard let byte = scanner.peek(),
      TOMLScanner.isBare(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    else {
      throw scanner.fail(byteIsLineEnd(scanner.peek()) ? .brokenHeader(fix: nil) : .badTableName)
    }
    let path = try scanner.key()
    scanner.skipSpaces()
    for _ in 0..<(isArray ? 2 : 1) {
      guard scanner.peek() == UInt8(ascii: "]") else {
        throw scanner.fail(
          byteIsLineEnd(scanner.peek()) ? .brokenHeader(fix: nil) : .badTableName)
      }
      scanner.index += 1
    }
    let end = scanner.index
    let lineStart = scanner.lineStarts[line]
    do {
      try scanner.finishLine(statement: lineStart..<end)
    } catch {
      // `[keys]]`, `[keys] x`: the header is what is broken.
      guard case .textAfterValue(let fix) = error.problem else { throw error }
      throw TOMLScanner.Failure(problem: .brokenHeader(fix: fix), position: error.position)
    }
    return path
  }

  /// Whether `byte` ends a line's statement (a line break, a comment, the end).
  private static func byteIsLineEnd(_ byte: UInt8?) -> Bool {
    guard let byte else { return true }
    return byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "#")
  }

  /// `key = value` and the rest of its line.
  private static func keyValue(
    _ scanner: inout TOMLScanner, table: [String], line: Int, paths: inout [[String]]
  ) throws(TOMLScanner.Failure) {
    guard let byte = scanner.peek(),
      TOMLScanner.isBare(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    else {
      throw scanner.fail(
        scanner.peek() == UInt8(ascii: "=") ? .missingKey : .keyNeedsQuotes(fix: nil))
    }
    let key = table + (try scanner.key())
    paths.append(key)
    scanner.skipSpaces()
    guard scanner.peek() == UInt8(ascii: "=") else {
      let rest = scanner.text(scanner.index..<scanner.lineRange(line).upperBound)
      throw scanner.fail(rest.contains("=") ? .keyNeedsQuotes(fix: nil) : .missingEquals(fix: nil))
    }
    scanner.index += 1
    scanner.skipSpaces()
    try scanner.value(key: key, depth: 0, paths: &paths)
    let end = scanner.index
    let lineStart = scanner.lineStarts[line]
    let sameLine = scanner.line(of: max(lineStart, end - 1)) == line
    try scanner.finishLine(statement: sameLine ? lineStart..<end : nil)
  }
}

extension String {
  /// Without spaces and tabs at either end.
  var trimmingSpaces: String {
    let bounds = { (character: Character) in character == " " || character == "\t" }
    guard let first = firstIndex(where: { !bounds($0) }),
      let last = lastIndex(where: { !bounds($0) })
    else { return "" }
    return String(self[first...last])
  }
}
