import FolioFixtures
import FolioTestSupport
import Foundation
import Testing

/// Every input that once broke folio, through `folio --print` in every mode: the page boxes
/// `Scripts/make-fuzz-regressions.sh` writes (huge, tiny and sliver MediaBoxes on the first,
/// the last and the only page) and the small fuzz findings kept in `Tests/FuzzRegressions`.
/// Each must give a frame (exit 0, text checks) or a one-line `folio:` error (exit 1).
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// Where `make-fuzz-regressions.sh` writes, once per test process.
  static let generatedPath = NSTemporaryDirectory() + "folio-fuzz-regressions-\(getpid())"

  /// The folder the script wrote into (nil if it failed); removed when the process exits.
  static let generatedFolder: String? = {
    let result = try? ChildProcess.run(
      repository + "/Scripts/make-fuzz-regressions.sh", [generatedPath, ErrorTests.corpus])
    atexit { try? FileManager.default.removeItem(atPath: FuzzRegressionTests.generatedPath) }
    return result?.status == 0 ? generatedPath : nil
  }()

  static let committedFolder = repository + "/Tests/FuzzRegressions"

  /// Every regression input's path: generated first, then committed, each sorted by name.
  static var inputs: [String] {
    [generatedFolder, committedFolder].compactMap { $0 }.flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasSuffix(".pdf") }.sorted().map { folder + "/" + $0 }
    }
  }

  static let classifier = RunClassifier { text, columns, rows in
    AnsiTextChecks.problems(in: text, columns: columns, rows: rows, colored: true)
  }

  @Test func theScriptWritesEveryBoxOnEveryPlacement() throws {
    let folder = try #require(Self.generatedFolder, "make-fuzz-regressions.sh failed")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(names.count == 21, "7 boxes on the first, last and only page: \(names.sorted())")
  }

  @Test(arguments: inputs)
  func printsAFrameOrOneErrorLineInEveryMode(path: String) throws {
    let name = URL(fileURLWithPath: path).lastPathComponent
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    let scratch = NSTemporaryDirectory() + "folio-fuzz-regression-\(getpid())-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let runner = try FolioRunner(
      executable: FolioProcess.executable, timeLimit: .seconds(60), scratch: scratch)
    for mode in PrintArguments.modes {
      let input = FuzzInput(
        index: 0, origin: name, mutations: [], bytes: bytes,
        arguments: PrintArguments(mode: mode, columns: 60, rows: 20))
      let result = try runner.run(input)
      switch Self.classifier.verdict(for: result, arguments: input.arguments) {
      case .ok, .noisy: break
      case .finding(let category, let signature):
        let report = CorpusPrintTests.crashReport(result.errorText).prefix(1500)
        Issue.record("\(name) \(mode ?? "one page"): \(category.rawValue): \(signature)\n\(report)")
      }
    }
  }

  /// The same inputs and the shared corpus, in one process, through the libFuzzer target's
  /// path from bytes to cells (open, page facts, every layout, rasterizing); built without
  /// libFuzzer, `folio-libfuzzer` replays the files it is given.
  @Test func theLibFuzzerPathTakesEveryInputInOneProcess() throws {
    let executable = URL(fileURLWithPath: FolioProcess.executable).deletingLastPathComponent()
      .appendingPathComponent("folio-libfuzzer").path
    let folders = [Self.generatedFolder, Self.committedFolder, ErrorTests.corpus].compactMap { $0 }
    var environment = ProcessInfo.processInfo.environment
    environment["LANG"] = "C.UTF-8"
    let result = try ChildProcess.run(
      executable, folders, environment: environment, timeLimit: .seconds(300))
    #expect(
      result.status == 0 && !result.wasSignaled && !result.wasKilledForTime,
      "\(CorpusPrintTests.crashReport(result.errorText).prefix(2000))")
    #expect(result.outputText.contains("inputs replayed"), "\(result.outputText)")
  }
}
