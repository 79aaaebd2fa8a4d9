import FolioCore
import TOMLKit

/// What TOMLKit reads of a config file once every line that breaks the syntax is left out.
/// Lines that are not UTF-8 and those TOMLKit must not see (`UnsafeTOMLLine`) go first; then
/// TOMLKit reads the file, and at each syntax error the statement holding the line its error
/// names goes, at most `attempts` times. Left-out lines become empty, so line numbers stay
/// right; every statement left out is one problem. A table header left out takes the lines of
/// its table with it (their keys would otherwise land in another table).
///
/// A statement over several lines (a list or a `"""` text left open) makes TOMLKit stop on a
/// later line: the statement starts at the last line above whose lines before it parse alone
/// (looked for up to `reach` lines up); it goes with the lines after it that do not parse on
/// their own. When an error names a line already left out, the nearest line above it goes, so
/// each attempt leaves out at least one line.
struct RecoveredTOML {
  /// One problem: its line (from 1) and what is wrong, untrusted text sanitized.
  struct Problem {
    var line: Int
    var text: String
  }

  /// The settings that passed (empty when nothing did).
  var table: TOMLTable
  /// What was left out.
  var problems: [Problem] = []
  /// The line (from 1) where each key path is first set (`["mode"]`, `["keys", "J"]`).
  var lines: [[String]: Int] = [:]

  /// How many statements TOMLKit may refuse before the file is given up.
  static let attempts = 64
  /// How many lines above the one TOMLKit stopped at its statement may start.
  static let reach = 16
  /// The longest a quoted line is in a problem.
  static let quotedLength = 60

  /// Reads `bytes`.
  init(bytes: [UInt8]) {
    var written: [String] = []
    var problems: [Problem] = []
    var unsafe: [(line: Int, what: String)] = []
    for (number, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      .enumerated()
    {
      var raw = raw
      // A byte-order mark at the start is no part of the text.
      if number == 0, raw.starts(with: [0xEF, 0xBB, 0xBF]) { raw = raw.dropFirst(3) }
      guard let line = String(validating: raw, as: UTF8.self) else {
        problems.append(Problem(line: number + 1, text: "not UTF-8 text"))
        written.append("")
        continue
      }
      written.append(line)
      if let what = UnsafeTOMLLine.problem(line) { unsafe.append((number, what)) }
    }
    var lines = written
    for (line, _) in unsafe { lines[line] = "" }
    for (line, what) in unsafe {
      let under = Self.leaveOut(line, from: &lines, written: written)
      problems.append(
        Problem(line: line + 1, text: Self.message(written[line], (what, nil), under: under)))
    }
    var table: TOMLTable?
    for _ in 0..<Self.attempts where table == nil {
      switch Self.parse(lines[...]) {
      case .success(let parsed):
        table = parsed
      case .failure(let error):
        problems.append(Self.recover(error, lines: &lines, written: written))
      }
    }
    if table == nil {
      problems.append(Problem(line: 1, text: "too many problems: nothing in the file applies"))
    }
    self.table = table ?? TOMLTable()
    self.problems = problems
    self.lines = table == nil ? [:] : KeyPaths.firstLines(lines)
  }

  /// Why TOMLKit refused the file: its line (from 0) and reason.
  struct Refusal: Error {
    var line: Int
    var reason: String
  }

  /// TOMLKit's table of `lines`, or where and why it refused them.
  static func parse(_ lines: ArraySlice<String>) -> Result<TOMLTable, Refusal> {
    do {
      return .success(try TOMLTable(string: lines.joined(separator: "\n")))
    } catch let error as TOMLParseError {
      var reason = TerminalText.sanitized(error.description)
      // toml++'s "Error while parsing value: " lead says nothing to a user.
      if reason.hasPrefix("Error while parsing "), let colon = reason.range(of: ": ") {
        reason = String(reason[colon.upperBound...])
      }
      return .failure(Refusal(line: error.source.begin.line - 1, reason: reason))
    } catch {
      return .failure(Refusal(line: 0, reason: TerminalText.sanitized("\(error)")))
    }
  }

  /// Leaves out the statement TOMLKit refused with `refusal`, and says what is wrong with it.
  private static func recover(_ refusal: Refusal, lines: inout [String], written: [String])
    -> Problem
  {
    var failed = min(max(0, refusal.line), lines.count - 1)
    // An error on a line already left out: the nearest line above it still there goes.
    while failed > 0, lines[failed].isEmpty { failed -= 1 }
    var start = failed
    for above in stride(from: failed, through: max(0, failed - reach), by: -1) {
      if case .success = parse(lines[..<above]) {
        start = above
        break
      }
    }
    let redefined = redefinition(refusal.reason, at: start, lines: lines)
    var under = 0
    if start == failed {
      under = leaveOut(start, from: &lines, written: written)
    } else {
      lines[start] = ""
      // The lines the open list took, up to the first that is a statement of its own.
      for line in start + 1..<failed where !lines[line].isEmpty {
        guard case .failure = parse([lines[line]]) else { break }
        lines[line] = ""
      }
    }
    let what = redefined ?? SyntaxHint.explain(written[start], reason: refusal.reason)
    return Problem(line: start + 1, text: message(written[start], what, under: under))
  }

  /// Leaves out line `index`; for a table header, the lines of its table too (up to the next
  /// header as written): how many of those there were.
  private static func leaveOut(_ index: Int, from lines: inout [String], written: [String])
    -> Int
  {
    lines[index] = ""
    guard written[index].isHeader else { return 0 }
    var under = 0
    var next = index + 1
    while next < lines.count, !written[next].isHeader {
      if !lines[next].isEmpty {
        lines[next] = ""
        under += 1
      }
      next += 1
    }
    return under
  }

  /// "the [keys] table is already on line 3", "mode is set already on line 1": when TOMLKit
  /// refused the statement on line `index` for setting what an earlier line set.
  private static func redefinition(_ reason: String, at index: Int, lines: [String])
    -> (what: String, fix: String?)?
  {
    guard reason.contains("redefine") else { return nil }
    var own: [[String]] = []
    var before: [[String]: Int] = [:]
    KeyPaths.each(in: lines[...index]) { path, line in
      if line == index {
        own.append(path)
      } else if before[path] == nil {
        before[path] = line + 1
      }
    }
    guard
      let path = own.filter({ before[$0] != nil }).max(by: { $0.count < $1.count }),
      let line = before[path]
    else { return nil }
    let name = TerminalText.sanitized(path.joined(separator: "."))
    return lines[index].isHeader
      ? ("the [\(name)] table is already on line \(line)", nil)
      : ("\(name) is set already on line \(line)", nil)
  }

  /// A problem's text: the line as written, what is wrong, the lines skipped with it, then
  /// its fix (shown whole or not at all).
  private static func message(_ line: String, _ what: (what: String, fix: String?), under: Int)
    -> String
  {
    var text = quote(line) + ": " + what.what
    if under > 0 {
      text +=
        under == 1
        ? " (the line under it is skipped too)" : " (the \(under) lines under it are skipped too)"
    }
    if let fix = what.fix, fix.count <= quotedLength { text += ": " + fix }
    return TerminalText.sanitized(text)
  }

  /// A line as a problem quotes it: trimmed, sanitized, at most `quotedLength` characters.
  static func quote(_ line: String) -> String {
    let clean = TerminalText.sanitized(line).trimmingSpaces
    return clean.count > quotedLength ? clean.prefix(quotedLength - 1) + "…" : clean
  }
}
