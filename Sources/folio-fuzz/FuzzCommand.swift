import ArgumentParser
import FolioFixtures
import FolioTestSupport
import Foundation

/// `folio-fuzz`: mutates PDFs and runs `folio --print` on each, saving every distinct crash,
/// hang and bad output (see `FuzzCampaign`).
struct FuzzCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "folio-fuzz",
    abstract: "Run folio --print on mutated PDFs and save what crashes, hangs or misbehaves.",
    discussion: "Exits 1 if anything was found. Library noise on stderr is counted, not a finding.")

  @Option(help: "The folio executable (default: the one beside folio-fuzz).")
  var folio: String?

  @Option(help: "The seed every input is drawn from (same seed, same inputs).")
  var seed: UInt64 = 1

  @Option(help: "How many mutated inputs to run.")
  var count: Int?

  @Option(help: "How many seconds to keep running inputs.")
  var seconds: Int?

  @Option(help: "A folder of seed PDFs (every *.pdf in it).")
  var corpus: String

  @Option(help: "Where findings are saved.")
  var out: String = ".build/fuzz-findings"

  @Option(help: "How many folio runs at once.")
  var jobs: Int = 1

  @Option(help: "A folder of regression PDFs, replayed unmutated in every mode first (repeatable).")
  var regressions: [String] = []

  @Option(help: "Seconds a run may take before it is killed and counted as a hang.")
  var timeout: Int = 30

  @Option(help: "Seed files larger than this many KB are left out.")
  var maxSeedKb: Int?

  @Flag(help: "Leave out the small generated fixture documents as seeds.")
  var noFixtures = false

  @Flag(help: "Only list the inputs --count would run (origin, arguments, mutations).")
  var listInputs = false

  func validate() throws {
    guard count != nil || seconds != nil else { throw ValidationError("give --count or --seconds") }
    guard jobs >= 1, timeout >= 1 else {
      throw ValidationError("--jobs and --timeout must be 1 or more")
    }
  }

  func run() throws {
    let executable = folio.map { URL(fileURLWithPath: $0).path } ?? Self.folioBeside()
    let scratch = NSTemporaryDirectory() + "folio-fuzz-\(getpid())"
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let runner = try FolioRunner(
      executable: executable, timeLimit: .seconds(timeout), scratch: scratch)
    var seeds = try FuzzSeed.loadAll(
      in: corpus, scratch: scratch, maximumBytes: maxSeedKb.map { $0 * 1024 } ?? .max)
    if !noFixtures { seeds += try FuzzSeed.fixtures(scratch: scratch) }
    if listInputs {
      for index in 0..<(count ?? 0) {
        let input = FuzzInput.mutated(index: index, seed: seed, seeds: seeds)
        Self.say(
          "#\(index) \(input.origin) \(input.arguments.commandLine(file: "-", renderTimeout: nil).dropLast().joined(separator: " ")): "
            + input.mutations.joined(separator: "; "))
      }
      return
    }
    let replays = try regressions.flatMap { try FuzzInput.replays(ofFilesIn: $0) }
    Self.say(
      "fuzz: seed \(seed), \(seeds.count) seed files (\(seeds.filter { $0.expandedBytes != nil }.count) "
        + "with an uncompressed copy), \(replays.count) regression runs, \(jobs) jobs, "
        + "render timeout \(runner.renderTimeout.map { "\($0) s" } ?? "not offered by this folio")")
    // Absolute, so the saved command lines work from any folder.
    let store = try FindingStore(directory: URL(fileURLWithPath: out).path)
    let campaign = FuzzCampaign(
      plan: .init(
        seed: seed, seeds: seeds, count: count, duration: seconds.map { .seconds($0) }, jobs: jobs,
        regressionInputs: replays),
      runner: runner, classifier: Self.classifier, store: store,
      report: Self.say)
    let summary = try campaign.run()
    let noise = summary.noiseLines.sorted { $0.value > $1.value }.map { "  \($0.value)x \($0.key)" }
    let text =
      ([summary.line, summary.timingLine] + summary.findingLines
      + (noise.isEmpty ? [] : ["noise:"] + noise))
      .joined(separator: "\n")
    try (text + "\n").write(toFile: out + "/summary.txt", atomically: true, encoding: .utf8)
    Self.say(
      ([summary.line, summary.timingLine] + summary.findingLines + noise.prefix(8)).joined(
        separator: "\n"))
    if summary.hasFindings { throw ExitCode(1) }
  }

  /// Writes `line` to standard output at once (progress must show while a campaign runs).
  @Sendable static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// Frames checked as the end-to-end tests check them (256 colors: every line reset).
  static let classifier = RunClassifier { text, columns, rows in
    AnsiTextChecks.problems(in: text, columns: columns, rows: rows, colored: true)
  }

  /// The folio built beside this executable.
  static func folioBeside() -> String {
    let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    return me.deletingLastPathComponent().appendingPathComponent("folio").path
  }
}
