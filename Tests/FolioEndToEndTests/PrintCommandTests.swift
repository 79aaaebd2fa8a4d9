import FolioFixtures
import Foundation
import Testing

/// `folio --print` as a script runs it: through a pipe, with exit statuses and one-line errors.
struct PrintCommandTests {
  struct Run {
    var status: Int32
    var output: String
    var error: String
  }

  /// The `folio` executable built next to the test bundle.
  static var executable: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("folio")
  }

  static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
    let result = try ChildProcess.run(
      executable.path, arguments,
      environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"].merging(environment) { $1 })
    return Run(status: result.status, output: result.outputText, error: result.errorText)
  }

  static func fixture() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("folio-e2e-\(UUID().uuidString).pdf").path
    try FixturePDF.write(
      [
        FixturePage(width: 595, height: 842, headline: "1", hasColorBlocks: true),
        FixturePage(width: 842, height: 595, headline: "2"),
      ], to: path)
    return path
  }

  @Test func printsExactlyTheRequestedLinesThroughAPipe() throws {
    let file = try Self.fixture()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = try Self.run([
      "--print", "--page", "2", "--size", "50x12", "--colors", "truecolor", file,
    ])
    #expect(run.status == 0)
    #expect(run.error.isEmpty)
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 13 && lines.last == "")
    #expect(lines.dropLast().allSatisfy { $0.hasSuffix("\u{1B}[0m") })
  }

  @Test func defaultsWithoutATerminalAre80x24InTheLocalesSymbols() throws {
    let file = try Self.fixture()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = try Self.run(["--print", file], environment: ["NO_COLOR": "1"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n")
    #expect(lines.count == 24)
    #expect(lines.allSatisfy { $0.unicodeScalars.count == 80 })
    #expect(!run.output.contains("\u{1B}"))
    let ascii = try Self.run(["--print", "--colors", "none", file], environment: ["LANG": "C"])
    #expect(ascii.output.unicodeScalars.allSatisfy { $0.isASCII })
  }

  @Test(arguments: [
    ["--page", "0"], ["--size", "0x10"], ["--size", "big"], ["--symbols", "runes"],
    ["--colors", "88"], ["--cell-aspect", "-1"], ["--cell-aspect", "nan"],
    ["--workers", "0"], ["--workers", "33"], ["--worker-memory", "1K"],
    ["--worker-memory", "lots"],
    ["--worker-memory", "2048G"],
  ])
  func badValuesAreOneLineUsageErrors(arguments: [String]) throws {
    let file = try Self.fixture()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = try Self.run(["--print"] + arguments + [file])
    #expect(run.status == 2)
    #expect(run.output.isEmpty)
    #expect(
      run.error.hasPrefix("folio: ") && run.error.filter { $0 == "\n" }.count == 1, "\(run.error)")
  }

  @Test(arguments: [
    ["--workers", "1"], ["--workers", "4", "--worker-memory", "512M"], ["--worker-memory", "2048"],
  ])
  func workerOptionsDrawTheSamePage(arguments: [String]) throws {
    let file = try Self.fixture()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let plain = try Self.run(["--print", "--size", "40x12", file])
    let tuned = try Self.run(["--print", "--size", "40x12"] + arguments + [file])
    #expect(tuned.status == 0, "\(tuned.error)")
    #expect(tuned.output == plain.output)
  }

  /// A full disk, or a pipe its reader closed while SIGPIPE is ignored (as some launchers leave
  /// it), is a one-line error and status 1, not a crash.
  @Test func outputThatCannotBeWrittenIsAOneLineError() throws {
    let file = try Self.fixture()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let full = try ChildProcess.run(
      "/bin/sh",
      ["-c", "exec \"$0\" --print --size 40x10 \"$1\" > /dev/full", Self.executable.path, file])
    #expect(full.status == 1 && !full.wasSignaled)
    #expect(full.errorText == "folio: cannot write to standard output: No space left on device\n")
    // More than a pipe holds, so folio is still writing when `true` has gone.
    let closed = try ChildProcess.run(
      "/bin/bash",
      [
        "-c",
        "trap '' PIPE; \"$0\" --print --size 300x200 --colors truecolor \"$1\" | true; exit ${PIPESTATUS[0]}",
        Self.executable.path, file,
      ])
    #expect(closed.status == 1 && !closed.wasSignaled)
    #expect(closed.errorText == "folio: cannot write to standard output: Broken pipe\n")
  }

  @Test func pageOutOfRangeNamesTheFile() throws {
    let file = try Self.fixture()
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = try Self.run(["--print", "--page", "3", file])
    #expect(run.status == 1)
    #expect(run.output.isEmpty)
    #expect(run.error == "folio: \(file): has no page 3 (it has 2 pages)\n")
  }
}
