/// What a snapshot check decided, before any file is written or issue recorded.
public enum SnapshotVerdict: Hashable, Sendable {
  /// The screen is the golden.
  case matched
  /// There is no golden yet.
  case missing
  /// The screen differs from the golden, as `difference` tells.
  case mismatched(difference: String)
  /// Recording is switched on: write the golden, then fail so that a recording run never
  /// passes.
  case record

  /// Whether the check passes: only when the golden matched.
  public var passes: Bool { self == .matched }

  /// What to say when the check fails for the golden at `goldenPath`; nil when it passes.
  public func failureMessage(goldenPath: String) -> String? {
    let variable = ScreenSnapshot.recordVariable
    switch self {
    case .matched:
      return nil
    case .missing:
      return "no golden screen at \(goldenPath); run the test with \(variable)=1 to record it, "
        + "check the file and run again without \(variable)"
    case .mismatched(let difference):
      return "screen differs from \(goldenPath):\n\(difference)\n"
        + "(if the change is intended, run the test with \(variable)=1 to record it again)"
    case .record:
      return "recorded \(goldenPath); re-run without \(variable)"
    }
  }
}

extension ScreenSnapshot {
  /// Whether `environment` switches recording on: `RECORD_SNAPSHOTS` is `1`, `true` or `yes`.
  public static func isRecording(environment: [String: String]) -> Bool {
    guard let value = environment[recordVariable]?.lowercased() else { return false }
    return ["1", "true", "yes"].contains(value)
  }

  /// The verdict for a screen drawn as `actual` against `golden`, the golden file's text or
  /// nil when there is none, with recording switched on or off by `environment`.
  public static func verdict(
    actual: String, golden: String?, environment: [String: String]
  ) -> SnapshotVerdict {
    if isRecording(environment: environment) { return .record }
    guard let golden else { return .missing }
    if let difference = difference(expected: golden, actual: actual) {
      return .mismatched(difference: difference)
    }
    return .matched
  }

  /// The golden file for a test: `Snapshots/<test file name>/<function>[.<name>].txt` in the
  /// test file's folder. The function's parameter list is dropped, and characters other than
  /// ASCII letters, digits, `-` and `_` become `_`, so a parameterized test gives each case a
  /// `name`.
  public static func goldenPath(testFile: String, function: String, name: String?) -> String {
    let folder: Substring
    let file: Substring
    if let slash = testFile.lastIndex(of: "/") {
      folder = testFile[...slash]
      file = testFile[testFile.index(after: slash)...]
    } else {
      folder = ""
      file = testFile[...]
    }
    let stem = file.hasSuffix(".swift") ? file.dropLast(".swift".count) : file
    var base = sanitized(function.prefix { $0 != "(" })
    if let name { base += "." + sanitized(name[...]) }
    return folder + "Snapshots/" + sanitized(stem) + "/" + base + ".txt"
  }

  /// `text` reduced to ASCII letters, digits, `-` and `_`; `_` for nothing.
  private static func sanitized(_ text: Substring) -> String {
    let kept = text.unicodeScalars.map { scalar -> Character in
      let allowed =
        scalar.isASCII
        && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
          || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
      return allowed ? Character(scalar) : "_"
    }
    return kept.isEmpty ? "_" : String(kept)
  }

  /// The first lines in which `actual` differs from `expected`, each named by what it shows
  /// (`size`, `row 3`, `style`, `style of row 3`) with both versions; nil when they are equal.
  /// Shows at most `limit` lines and counts the rest.
  public static func difference(expected: String, actual: String, limit: Int = 6) -> String? {
    guard expected != actual else { return nil }
    let expectedLines = lines(of: expected)
    let actualLines = lines(of: actual)
    let differing = (0..<max(expectedLines.count, actualLines.count)).filter {
      expectedLines[safe: $0] != actualLines[safe: $0]
    }
    guard !differing.isEmpty else {
      return "the texts differ only in their final newline"
    }
    var report = differing.count == 1 ? "1 line differs:" : "\(differing.count) lines differ:"
    for index in differing.prefix(limit) {
      let label = describe(
        line: index, in: index < expectedLines.count ? expectedLines : actualLines)
      report += "\n\(label):"
      report += "\n  expected | " + (expectedLines[safe: index] ?? "(no line)")
      report += "\n  actual   | " + (actualLines[safe: index] ?? "(no line)")
    }
    if differing.count > limit { report += "\n… and \(differing.count - limit) more" }
    return report
  }

  /// The lines of `text`, without the empty one after a final newline.
  private static func lines(of text: String) -> [Substring] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// What line `index` of a snapshot text shows.
  private static func describe(line index: Int, in lines: [Substring]) -> String {
    let styleHeader = lines.firstIndex(of: "style") ?? lines.count
    switch index {
    case 0: return "size"
    case ..<styleHeader: return "row \(index - 1)"
    case styleHeader: return "style"
    default: return "style of row \(index - styleHeader - 1)"
    }
  }
}

extension Array {
  /// The element at `index`, or nil past either end.
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}
