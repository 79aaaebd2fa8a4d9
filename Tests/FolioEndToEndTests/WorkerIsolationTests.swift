import FolioFixtures
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The viewer with its pages drawn in worker processes: a worker killed while paging is
/// replaced and its page drawn again; a page whose decoder runs away is failed within its
/// limits while every other page shows, and the viewer quits at once.
@Suite("Worker isolation")
struct WorkerIsolationTests {
  /// The processes `pid` started (its page workers), from every thread's list of children.
  static func children(of pid: pid_t) -> [pid_t] {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    return tasks.flatMap { task -> [pid_t] in
      let text =
        (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
      return text.split(separator: " ").compactMap { pid_t($0) }
    }
  }

  /// Resident memory of `pid` and its children together, in bytes.
  static func treeResidentBytes(of pid: pid_t) -> Int {
    ([pid] + children(of: pid)).reduce(0) { total, process in
      let statm = (try? String(contentsOfFile: "/proc/\(process)/statm", encoding: .utf8)) ?? ""
      let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
      return total + pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
  }

  /// A document of seven pages whose fourth is the looping JBIG2 image.
  static func mixedFixture() throws -> String {
    let path = FixtureLibrary.directory + "/looping-among-others.pdf"
    if FileManager.default.fileExists(atPath: path) { return path }
    let looping = try LoopingDecoderFixture.path(corpus: ErrorTests.corpus)
    let numbered = try FixtureLibrary.path(.numbered)
    let temporary = path + ".\(UUID().uuidString)"
    let result = try ChildProcess.run(
      "qpdf", ["--empty", "--pages", numbered, "1-3", looping, numbered, "4-6", "--", temporary])
    try #require([0, 3].contains(result.status), "qpdf: \(result.errorText)")
    rename(temporary, path)
    return path
  }

  /// The corpus's tabloid page with bytes of its JPEG's data flipped: it opens cleanly, and
  /// libjpeg complains while the page is drawn.
  static func damagedJPEGFixture() throws -> String {
    let path = FixtureLibrary.directory + "/damaged-jpeg.pdf"
    if FileManager.default.fileExists(atPath: path) { return path }
    var bytes = [UInt8](
      try Data(
        contentsOf: URL(fileURLWithPath: ErrorTests.corpus + "/openprinting-tabloid-color.pdf")))
    let filter = try #require(Self.firstIndex(of: Array("/DCTDecode".utf8), in: bytes, from: 0))
    // The JPEG's start of scan (FF DA), after the stream's dictionary.
    let scan = try #require(Self.firstIndex(of: [0xFF, 0xDA], in: bytes, from: filter))
    for index in stride(from: scan + 40, to: scan + 400, by: 7) { bytes[index] ^= 0x5A }
    let temporary = path + ".\(UUID().uuidString)"
    try Data(bytes).write(to: URL(fileURLWithPath: temporary))
    rename(temporary, path)
    return path
  }

  static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    return (start...(bytes.count - needle.count)).first {
      Array(bytes[$0..<$0 + needle.count]) == needle
    }
  }

  @Test func aWorkerKilledWhilePagingIsReplacedAndItsPageDrawnAgain() throws {
    let folio = try FolioSession(.numbered, arguments: ["--mode", "continuous"])
    try folio.waitForRenders(timeout: 60)
    var killed = 0
    for _ in 0..<6 {
      for worker in Self.children(of: folio.pid) where kill(worker, SIGSEGV) == 0 { killed += 1 }
      try folio.press("NPage")
      try folio.waitForRenders(timeout: 60)
    }
    #expect(killed > 0, "no worker was found to kill")
    try folio.press("g")
    try folio.waitForRenders(timeout: 60)
    let screen = try folio.screen().joined(separator: "\n")
    #expect(!screen.contains("could not"), "\(screen)")
    #expect(try folio.status().contains("1 / 40"))
    try folio.quit()
  }

  @Test func aRunawayPageFailsWithinItsLimitsWhileTheOthersShow() throws {
    let path = try Self.mixedFixture()
    let tmux = try TmuxSession(
      columns: 120, rows: 40,
      command:
        "\(FolioProcess.executable) --mode grid \(TmuxSession.quote(path)); echo \"[status] $?\"")
    let screen = try tmux.waitFor("used over 1 GiB", timeout: 30)
    // Every other page's thumbnail is labeled and drawn (the numbered pages say their number).
    #expect(screen.joined().contains("1 / 7"))
    let viewer = try #require(TmuxSession.children(of: tmux.panePID()).first)
    // The viewer and its workers hold far less than one worker's limit.
    #expect(Self.treeResidentBytes(of: viewer) < 1 << 30)
    try tmux.send("q")
    let end = try tmux.waitFor("[status]", timeout: 10)
    #expect(end.contains { $0.contains("[status] 0") }, "\(end)")
  }

  @Test func printReportsADamagedPageInOneLineAndEveryMessageWhenVerbose() throws {
    let path = try Self.mixedFixture()
    let quiet = try FolioProcess.run(
      ["--print", "--mode", "grid", "--size", "120x40", path], timeLimit: .seconds(60))
    #expect(quiet.status == 0)
    let plain = quiet.standardOutput.replacingOccurrences(
      of: #"\e\[[0-9;]*m"#, with: "", options: .regularExpression)
    #expect(plain.contains("used over 1 GiB") || plain.contains("could"), "\(plain)")
    let lines = quiet.standardError.split(separator: "\n")
    #expect(
      !quiet.standardError.contains("Out of memory"), "raw library lines: \(quiet.standardError)")
    #expect(lines.allSatisfy { $0.hasPrefix("folio: ") }, "\(lines)")
    // A page drawn with complaints (a JPEG with damaged data) gets one line; --verbose gives
    // what the libraries said, each line naming the file and the page.
    let damaged = try Self.damagedJPEGFixture()
    let one = try FolioProcess.run(
      ["--print", "--size", "60x20", damaged], timeLimit: .seconds(60))
    #expect(one.status == 0)
    #expect(
      one.standardError == "folio: \(damaged): page 1: damaged content drawn as far as possible\n")
    let verbose = try FolioProcess.run(
      ["--print", "--size", "60x20", "--verbose", damaged], timeLimit: .seconds(60))
    #expect(verbose.status == 0)
    #expect(
      verbose.standardError.hasPrefix("folio: \(damaged): page 1: Corrupt JPEG data"),
      "\(verbose.standardError)")
    #expect(
      verbose.standardError.split(separator: "\n").allSatisfy {
        $0.hasPrefix("folio: \(damaged): page 1: ")
      })
  }
}
