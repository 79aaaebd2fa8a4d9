import FolioCore

/// The figures of a campaign: runs per verdict, the distinct findings and noise lines.
public struct FuzzSummary: Sendable {
  /// Inputs run (regression inputs included).
  public var inputs = 0
  /// Runs per finding category.
  public var runsByCategory: [FindingCategory: Int] = [:]
  /// Runs that were fine apart from library noise on standard error.
  public var noisyRuns = 0
  /// Each distinct noise line (numbers as `#`) and how many runs printed it first.
  public var noiseLines: [String: Int] = [:]
  /// Each distinct finding, first seen first.
  public var findings: [Finding] = []
  /// Wall-clock seconds the campaign took.
  public var seconds = 0.0
  /// Seconds all runs took together (more than `seconds` with several jobs).
  public var runSeconds = 0.0
  /// The five slowest runs: seconds and what ran.
  public var slowestRuns: [(seconds: Double, input: String)] = []

  /// An empty summary.
  public init() {}

  /// Counts a run's time, keeping the slowest few.
  mutating func noteDuration(_ duration: Duration, of input: FuzzInput) {
    let seconds = duration.inSeconds
    runSeconds += seconds
    if slowestRuns.count >= 5, let fastest = slowestRuns.last, seconds <= fastest.seconds { return }
    let mode = input.arguments.mode ?? "page"
    let description =
      "#\(input.index) \(input.origin) \(mode) \(input.arguments.columns)x\(input.arguments.rows)"
    slowestRuns.append((seconds, description))
    slowestRuns.sort { $0.seconds > $1.seconds }
    slowestRuns = Array(slowestRuns.prefix(5))
  }

  /// Runs in `category`.
  public func runs(_ category: FindingCategory) -> Int { runsByCategory[category, default: 0] }

  /// Whether anything was found (noise aside).
  public var hasFindings: Bool { runsByCategory.values.contains { $0 > 0 } }

  /// `fuzz: 5000 inputs, 0 crashes, 0 hangs, 0 bad outputs, 37 noisy; 812 s`.
  public var line: String {
    "fuzz: \(inputs) inputs, \(runs(.crash)) crashes, \(runs(.hang)) hangs, "
      + "\(runs(.badOutput)) bad outputs, \(noisyRuns) noisy; \(Int(seconds.rounded())) s"
  }

  /// Mean seconds per run and the slowest runs, one line.
  public var timingLine: String {
    let mean = inputs == 0 ? 0 : runSeconds / Double(inputs)
    let slowest = slowestRuns.map { String(format: "%.1f s %@", $0.seconds, $0.input) }
    return String(format: "fuzz: %.2f s per run; slowest: ", mean) + slowest.joined(separator: ", ")
  }

  /// The findings, one line each: category, runs, signature and the saved input.
  public var findingLines: [String] {
    findings.map { "\($0.category.rawValue) x\($0.occurrences): \($0.signature)\n  \($0.path)" }
  }
}
