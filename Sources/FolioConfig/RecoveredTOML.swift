import FolioCore
import TOMLKit

/// What TOMLKit reads of a config file once every line that breaks the syntax is left out:
/// lines that are not UTF-8 or hold a NUL byte, statements `ConfigSyntax` finds broken, then
/// statements TOMLKit refuses (a key set twice), one at a time, at most `attempts` times. Left-out
/// lines become empty, so line numbers stay right; every one left out is a problem.
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
  /// The longest a quoted line is in a problem.
  static let quotedLength = 60

  /// Reads `bytes`.
  init(bytes: [UInt8]) {
    var lines: [String] = []
    var problems: [Problem] = []
    for (number, raw) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      .enumerated()
    {
      var raw = raw
      // A byte-order mark at the start is no part of the text.
      if number == 0, raw.starts(with: [0xEF, 0xBB, 0xBF]) { raw = raw.dropFirst(3) }
      guard let line = String(validating: raw, as: UTF8.self) else {
        problems.append(Problem(line: number + 1, text: SyntaxProblem.notUTF8.explanation.what))
        lines.append("")
        continue
      }
      if raw.contains(0) {
        let what = SyntaxProblem.controlCharacter(0).explanation.what
        problems.append(Problem(line: number + 1, text: Self.quote(line) + ": " + what))
        lines.append("")
        continue
      }
      lines.append(line)
    }
    let syntax = ConfigSyntax(lines: lines)
    for flaw in syntax.flaws {
      problems.append(Problem(line: flaw.line + 1, text: Self.message(flaw)))
    }
    for line in syntax.skipped { lines[line] = "" }
    var statements = syntax.statements
    let written = lines
    var table: TOMLTable?
    for _ in 0..<Self.attempts where table == nil {
      do {
        table = try TOMLTable(string: lines.joined(separator: "\n"))
      } catch {
        let failed = (error as? TOMLParseError).map { $0.source.begin.line - 1 } ?? -1
        let reason = (error as? TOMLParseError)?.description ?? "\(error)"
        // The statement TOMLKit stopped at: the one holding that line, else the last before.
        guard
          let index = statements.lastIndex(where: { $0.lines.lowerBound <= failed })
        else {
          problems.append(Problem(line: max(1, failed + 1), text: Self.reason(reason)))
          statements = []
          table = TOMLTable()
          break
        }
        let statement = statements[index]
        var end = index + 1
        if statement.isHeader {
          while end < statements.count, !statements[end].isHeader { end += 1 }
        }
        let under = statements[index + 1..<end].reduce(0) { $0 + $1.lines.count }
        for dropped in statements[index..<end] {
          for line in dropped.lines { lines[line] = "" }
        }
        let first = statement.lines.lowerBound
        problems.append(
          Problem(
            line: first + 1,
            text: Self.quote(written[first]) + ": "
              + Self.refusal(reason, of: statement, among: statements[..<index], under: under)))
        statements.removeSubrange(index..<end)
      }
    }
    if table == nil {
      problems.append(Problem(line: 1, text: "too many problems: nothing in the file applies"))
      statements = []
    }
    self.table = table ?? TOMLTable()
    self.problems = problems
    for statement in statements {
      for path in statement.paths where self.lines[path] == nil {
        self.lines[path] = statement.lines.lowerBound + 1
      }
    }
  }

  /// A flaw's message: the line as written, what is wrong, then its fix.
  private static func message(_ flaw: ConfigSyntax.Flaw) -> String {
    let (what, fix) = flaw.problem.fixing(flaw.text).explanation
    var text = quote(flaw.text) + ": " + what
    if flaw.linesUnder > 0 { text += " (\(under(flaw.linesUnder)) skipped too)" }
    // A fix is shown whole or not at all.
    if let fix, fix.count <= quotedLength { text += ": " + TerminalText.sanitized(fix) }
    return text
  }

  /// "the line under it", "the 3 lines under it".
  private static func under(_ count: Int) -> String {
    count == 1 ? "the line under it is" : "the \(count) lines under it are"
  }

  /// Why TOMLKit refused a statement that `ConfigSyntax` passed: a key or table set before
  /// (said with the line it was set on), else toml++'s own reason.
  private static func refusal(
    _ reason: String, of statement: ConfigSyntax.Statement,
    among earlier: ArraySlice<ConfigSyntax.Statement>, under: Int
  ) -> String {
    let skippedToo = under > 0 ? " (\(Self.under(under)) skipped too)" : ""
    // The statement that set the path first: the same path, else one it conflicts with
    // (`keys = 3`, then `[keys]`).
    let path = statement.paths.first ?? []
    let same = earlier.first { $0.paths.contains(path) }
    let conflicting = earlier.first { earlier in
      !earlier.isHeader && earlier.paths.contains { path.starts(with: $0) || $0.starts(with: path) }
    }
    if reason.contains("redefine"), !path.isEmpty, let before = same ?? conflicting {
      let name = TerminalText.sanitized(path.joined(separator: "."))
      let line = before.lines.lowerBound + 1
      return statement.isHeader
        ? "the [\(name)] table is already on line \(line)\(skippedToo)"
        : "\(name) is set already on line \(line)"
    }
    return Self.reason(reason) + skippedToo
  }

  /// toml++'s reason without its "Error while parsing …: " lead.
  private static func reason(_ description: String) -> String {
    var text = TerminalText.sanitized(description)
    if text.hasPrefix("Error while parsing "), let colon = text.range(of: ": ") {
      text = String(text[colon.upperBound...])
    }
    return text
  }

  /// A line as a problem quotes it: trimmed, sanitized, at most `quotedLength` characters.
  static func quote(_ line: String) -> String {
    let clean = TerminalText.sanitized(line).trimmingSpaces
    return clean.count > quotedLength ? clean.prefix(quotedLength - 1) + "…" : clean
  }
}
