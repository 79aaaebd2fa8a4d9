import FolioFixtures
import FolioTestSupport
import Foundation
import Testing

/// A page whose decoder never returns (a corrupt JBIG2 image): `--print` gives up on it after
/// `--render-timeout` and prints the frame with a box in its place; the viewer draws the box
/// too, and quits at once whatever the stuck thread is doing.
@Suite("Stuck renders")
struct StuckRenderTests {
  static func fixture() throws -> String {
    try LoopingDecoderFixture.path(corpus: ErrorTests.corpus)
  }

  @Test(arguments: ["page", "grid", "continuous", "spread"])
  func printGivesUpOnAStuckPage(mode: String) throws {
    let path = try Self.fixture()
    let started = Date()
    let modeArguments = mode == "page" ? [] : ["--mode", mode]
    let result = try FolioProcess.run(
      ["--print", "--size", "60x20", "--colors", "256", "--render-timeout", "1"] + modeArguments
        + [path])
    #expect(result.status == 0, "\(CorpusPrintTests.crashReport(result.standardError))")
    #expect(Date().timeIntervalSince(started) < 30, "took \(Date().timeIntervalSince(started)) s")
    let problems = AnsiTextChecks.problems(
      in: result.standardOutput, columns: 60, rows: 20, colored: true)
    #expect(problems.isEmpty, "\(problems.prefix(3))")
    let plain = result.standardOutput.replacingOccurrences(
      of: #"\e\[[0-9;]*m"#, with: "", options: .regularExpression)
    #expect(plain.contains("could"), "\(plain)")
    // A thumbnail may be too small for the reason.
    if mode != "grid" { #expect(plain.contains("took over 1 s"), "the reason: \(plain)") }
  }

  @Test func viewerDrawsTheBoxAndQuitsAtOnce() throws {
    let path = try Self.fixture()
    let tmux = try TmuxSession(
      command: "\(FolioProcess.executable) --mode spread --render-timeout 1 \(TmuxSession.quote(path))")
    try tmux.waitFor("could not be drawn", timeout: 30)
    try tmux.waitFor("took over 1 s", timeout: 5)
    let started = Date()
    try tmux.send("q")
    let screen = try tmux.waitFor("[exited]", timeout: 10)
    #expect(screen.contains { $0.contains("[exited] 0") }, "\(screen)")
    #expect(Date().timeIntervalSince(started) < 3, "quit took \(Date().timeIntervalSince(started)) s")
  }

  @Test func viewerQuitsAtOnceWhileThePageIsStillStuck() throws {
    let path = try Self.fixture()
    let tmux = try TmuxSession(
      command: "\(FolioProcess.executable) --mode spread \(TmuxSession.quote(path))")
    try tmux.waitFor("1 / 1", timeout: 30)
    let started = Date()
    try tmux.send("q")
    let screen = try tmux.waitFor("[exited]", timeout: 10)
    #expect(screen.contains { $0.contains("[exited] 0") }, "\(screen)")
    #expect(Date().timeIntervalSince(started) < 3, "quit took \(Date().timeIntervalSince(started)) s")
  }

  @Test func ctrlCEndsTheViewerAtOnceWhileThePageIsStuck() throws {
    let path = try Self.fixture()
    let tmux = try TmuxSession(
      command: "\(FolioProcess.executable) --mode continuous \(TmuxSession.quote(path)); echo \"[status] $?\"")
    try tmux.waitFor("1 / 1", timeout: 30)
    let started = Date()
    try tmux.send("C-c")
    let screen = try tmux.waitFor("[status]", timeout: 10)
    #expect(screen.contains { $0.contains("[status] 130") }, "\(screen)")
    #expect(Date().timeIntervalSince(started) < 3, "Ctrl-C took \(Date().timeIntervalSince(started)) s")
  }
}
