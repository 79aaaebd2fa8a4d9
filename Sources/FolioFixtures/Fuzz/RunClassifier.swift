/// Judges a `folio --print` run by the rules every input must keep: a frame (exit 0, text that
/// passes `frameProblems`) or a one-line `folio: …` error (exit 1); standard error holding only
/// `folio:` lines, plus library noise at worst.
public struct RunClassifier: Sendable {
  /// The problems of a printed frame (`AnsiTextChecks.problems` in the tests and the fuzzer:
  /// injected, since this module may not import the core): text, columns, rows.
  public var frameProblems: @Sendable (String, Int, Int) -> [String]

  /// A classifier checking frames with `frameProblems`.
  public init(frameProblems: @escaping @Sendable (String, Int, Int) -> [String]) {
    self.frameProblems = frameProblems
  }

  /// Exit statuses a crash handler gives (128 + SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV).
  static let crashStatuses: Set<Int32> = [132, 133, 134, 135, 136, 139]

  /// Whether `line` is `--print`'s report of damage it drew around: "folio: FILE: page N:
  /// damaged content drawn as far as possible", or "folio: FILE: damaged structure, read as far
  /// as possible".
  static func isDamageReport(_ line: Substring) -> Bool {
    line.hasSuffix(": damaged content drawn as far as possible")
      || line.hasSuffix(": damaged structure, read as far as possible")
  }

  /// The verdict on `result`, a run with `arguments`.
  public func verdict(for result: ChildProcess.Result, arguments: PrintArguments) -> RunVerdict {
    let errorLines = result.errorText.split(separator: "\n", omittingEmptySubsequences: true)
    if result.wasKilledForTime { return .finding(.hang, signature: "time limit") }
    if result.wasSignaled || Self.crashStatuses.contains(result.status)
      || result.errorText.contains("Fatal error") || result.errorText.contains("Program crashed")
    {
      return .finding(.crash, signature: CrashSite.signature(of: result))
    }
    let folioLines = errorLines.filter { $0.hasPrefix("folio: ") }
    let otherLines = errorLines.filter { !$0.hasPrefix("folio: ") }
    if let stray = otherLines.first(where: { !LibraryNoise.contains($0) }) {
      return .finding(.badOutput, signature: "stderr: " + LibraryNoise.normalized(stray))
    }
    switch result.status {
    case 0:
      // Only the report of damage, at most one line per page.
      if let first = folioLines.first(where: { !Self.isDamageReport($0) }) {
        return .finding(.badOutput, signature: "exit 0 with " + LibraryNoise.normalized(first))
      }
      if Set(folioLines).count != folioLines.count {
        return .finding(.badOutput, signature: "exit 0 with a damaged page reported twice")
      }
      let problems = frameProblems(result.outputText, arguments.columns, arguments.rows)
      if let problem = problems.first {
        return .finding(.badOutput, signature: "frame: " + LibraryNoise.normalized(problem))
      }
    case 1:
      guard folioLines.count == 1 else {
        return .finding(.badOutput, signature: "exit 1 with \(folioLines.count) folio: lines")
      }
      guard result.standardOutput.isEmpty else {
        return .finding(
          .badOutput, signature: "exit 1 with output: " + LibraryNoise.normalized(folioLines[0]))
      }
    default:
      let line = errorLines.first.map { LibraryNoise.normalized($0) } ?? "no stderr"
      return .finding(.badOutput, signature: "exit \(result.status): " + line)
    }
    if let noise = otherLines.first { return .noisy(line: LibraryNoise.normalized(noise)) }
    return .ok
  }
}
