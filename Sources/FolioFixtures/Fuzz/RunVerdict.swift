/// What the fuzzer found wrong with a run.
public enum FindingCategory: String, CaseIterable, Sendable, Comparable {
  /// Ended by a signal, or exited 132/133/134/135/136/139 (a crash reported by a handler), or
  /// printed a Swift runtime crash.
  case crash
  /// Still running at the time limit.
  case hang
  /// Anything else out of the rules: a frame that fails the text checks, another exit
  /// status, or standard error that is neither `folio:` lines nor known library noise.
  case badOutput = "bad-output"

  public static func < (lhs: FindingCategory, rhs: FindingCategory) -> Bool {
    (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
  }
}

/// The judgement of one run.
public enum RunVerdict: Sendable, Equatable {
  /// A frame (exit 0) or a one-line `folio:` error (exit 1), and nothing else on stderr.
  case ok
  /// Like `ok`, but Poppler, cairo or libjpeg also printed their own lines (a warning, not a
  /// finding); `line` is the first of them.
  case noisy(line: String)
  /// A finding: its category and what tells it apart from others of the category (the crash
  /// site, the first error line), used to save each distinct finding once.
  case finding(FindingCategory, signature: String)
}
