/// The lines TOMLKit must never see, each with what is wrong with it: toml++ (inside TOMLKit)
/// fails an assertion on a few malformed inputs (found by fuzzing it), which aborts a debug
/// build and is undefined behaviour in a release one. Each of those breaks TOML within one
/// line, so leaving the line out (as an empty one, keeping line numbers) is enough:
/// - a table header whose name starts with something other than a key (`[[[`, `[.`, `[`);
/// - a `}` where a list expects a value (`[}`, `[1, }`, a line starting with `}`);
/// - a date or a time (`1979-05-27TTTb:`), which no setting of Folio's takes anyway.
/// Control characters go too: toml++ refuses them, a line at a time.
enum UnsafeTOMLLine {
  /// What is wrong with `line` when TOMLKit must not see it; nil when it may.
  static func problem(_ line: String) -> String? {
    let scalars = Array(line.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
      let isControl = scalar.value < 0x20 || scalar.value == 0x7F
      let isLineEnd = scalar == "\r" && index == scalars.count - 1
      guard isControl, scalar != "\t", !isLineEnd else { continue }
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "a control character (U+\(String(repeating: "0", count: 4 - hex.count) + hex))"
    }
    let code = unquoted(scalars)
    let trimmed = code.drop { $0 == " " || $0 == "\t" }
    if trimmed.first == "[", !headerStartsWithKey(Array(trimmed)) {
      return "a table's name is letters, digits, - and _, or quoted"
    }
    var previous: Unicode.Scalar?
    for scalar in code where scalar != " " && scalar != "\t" {
      if scalar == "}", previous == nil || previous == "[" || previous == "," {
        return "a } where a value goes"
      }
      previous = scalar
    }
    for token in code.split(whereSeparator: { " \t[]{},=".unicodeScalars.contains($0) }) {
      let digits = token.drop { $0 == "+" || $0 == "-" }
      guard let first = digits.first, ("0"..."9").contains(first) else { continue }
      let dashAfterDigit = zip(digits, digits.dropFirst()).contains {
        ("0"..."9").contains($0) && $1 == "-"
      }
      if digits.contains(":") || dashAfterDigit {
        return "dates and times are not among Folio's settings"
      }
    }
    return nil
  }

  /// Whether a header line (from its `[`) has a key, a quote or `]` after `[` or `[[` and
  /// spaces: toml++ asserts that it does.
  private static func headerStartsWithKey(_ line: [Unicode.Scalar]) -> Bool {
    var index = line.count > 1 && line[1] == "[" ? 2 : 1
    while index < line.count, line[index] == " " || line[index] == "\t" { index += 1 }
    guard index < line.count else { return false }
    let next = line[index]
    return ("0"..."9").contains(next) || ("a"..."z").contains(next)
      || ("A"..."Z").contains(next) || "-_\"']".unicodeScalars.contains(next)
  }

  /// `line` with its quoted texts (`"…"`, `'…'`, and what follows an unclosed `"""` or
  /// `'''`) and its comment left out; the rest in order, the quotes kept.
  private static func unquoted(_ line: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var code: [Unicode.Scalar] = []
    var index = 0
    while index < line.count {
      let scalar = line[index]
      if scalar == "#" { break }
      code.append(scalar)
      index += 1
      guard scalar == "\"" || scalar == "'" else { continue }
      let triple = index + 1 < line.count && line[index] == scalar && line[index + 1] == scalar
      if triple { index += 2 }
      var closed = false
      while index < line.count, !closed {
        if scalar == "\"", line[index] == "\\" {
          index += 2
          continue
        }
        closed =
          line[index] == scalar
          && (!triple
            || (index + 2 < line.count && line[index + 1] == scalar
              && line[index + 2] == scalar))
        index += closed && triple ? 3 : 1
      }
      if closed { code.append(scalar) }
    }
    return code
  }
}
