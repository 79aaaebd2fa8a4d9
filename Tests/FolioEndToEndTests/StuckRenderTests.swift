import FolioFixtures
import FolioTestSupport
import Foundation
import Testing

/// A page whose decoder never returns (a corrupt JBIG2 image; with the default worker memory
/// its allocation fails at once and the page is failed for memory, so these tests lift the
/// limit): `--print` gives up on it after `--render-timeout` and prints the frame with a box in
/// its place; the viewer draws the box too, and quits at once whatever the stuck worker is
/// doing.
@Suite("Stuck renders")
struct StuckRenderTests {
  static func fixture() throws -> String {
    try LoopingDecoderFixture.path(corpus: ErrorTests.corpus)
  }

  @Test(arguments: ["page", "grid", "continuous", "spread"])
  func printGivesUpOnAStuckPage(mode: String) throws {
    let path = try Self.fixture()
    let modeArguments = mode == "page" ? [] : ["--mode", mode]
    // The decoder never returns: without the give-up, folio would still be running at 60 s.
    let result = try FolioProcess.run(
      [
        "--print", "--size", "60x20", "--colors", "256", "--render-timeout", "1", "--worker-memory",
        "64G",
      ]
        + modeArguments
        + [path], timeLimit: .seconds(60))
    #expect(!result.wasKilledForTime, "--print hung")
    #expect(result.status == 0, "\(CorpusPrintTests.crashReport(result.standardError))")
    let problems = AnsiTextChecks.problems(
      in: result.standardOutput, columns: 60, rows: 20, colored: true)
    #expect(problems.isEmpty, "\(problems.prefix(3))")
    let plain = result.standardOutput.replacingOccurrences(
      of: #"\e\[[0-9;]*m"#, with: "", options: .regularExpression)
    #expect(plain.contains("could"), "\(plain)")
    // A thumbnail may be too small for the reason.
    if mode != "grid" { #expect(plain.contains("took over 1 s"), "the reason: \(plain)") }
  }

  /// Starts the viewer on the fixture with `options`, waits for `text`, presses `key` and
  /// expects the shell to report `status` (a wait for the stuck thread would never end; the
  /// deadline is loose for a busy machine, the exit itself takes milliseconds).
  func expectExit(
    options: String, waitingFor text: String, key: String, status: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let path = try Self.fixture()
    let tmux = try TmuxSession(
      command:
        "\(FolioProcess.executable) \(options) \(TmuxSession.quote(path)); echo \"[status] $?\"")
    try tmux.waitFor(text, timeout: 30)
    try tmux.send(key)
    let screen = try tmux.waitFor("[status]", timeout: 10)
    #expect(
      screen.contains { $0.contains("[status] \(status)") }, "\(screen)",
      sourceLocation: sourceLocation)
  }

  @Test func viewerDrawsTheBoxAndQuitsAtOnce() throws {
    try expectExit(
      options: "--mode spread --render-timeout 1 --worker-memory 64G", waitingFor: "took over 1 s",
      key: "q", status: 0)
  }

  @Test func viewerQuitsAtOnceWhileThePageIsStillStuck() throws {
    try expectExit(
      options: "--mode spread --worker-memory 64G", waitingFor: "1 / 1", key: "q", status: 0)
  }

  @Test func ctrlCEndsTheViewerAtOnceWhileThePageIsStuck() throws {
    try expectExit(
      options: "--mode continuous --worker-memory 64G", waitingFor: "1 / 1", key: "C-c", status: 130
    )
  }
}
