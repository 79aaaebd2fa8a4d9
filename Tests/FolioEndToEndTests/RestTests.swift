import Foundation
import Testing

/// At rest the viewer uses no CPU, whatever the cache size: a picture evicted before it was
/// drawn is not asked for again while its tile shows it.
@Suite("Rest")
struct RestTests {
  /// The CPU time (user + system) `pid` has used so far, in clock ticks.
  static func cpuTicks(of pid: pid_t) -> Int? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    // Fields after the name: state is field 3; utime and stime are fields 14 and 15.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else {
      return nil
    }
    return user + system
  }

  @Test func aTinyCacheAtRestUsesNoCPU() throws {
    let folio = try FolioSession(
      .numbered, arguments: ["--cache-mb", "1", "--mode", "continuous"], columns: 300, rows: 100)
    try folio.waitForRenders(timeout: 60)
    try folio.press("j", "j")
    try folio.waitForRenders(timeout: 60)
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    let before = try #require(Self.cpuTicks(of: folio.pid))
    let start = Date()
    // Three seconds of rest: nothing is typed, nothing changes on screen.
    while Date().timeIntervalSince(start) < 3 { usleep(100_000) }
    let after = try #require(Self.cpuTicks(of: folio.pid))
    let seconds = Double(after - before) / ticksPerSecond
    #expect(seconds < 0.15, "\(seconds) s of CPU over 3 s of rest")
    #expect(!(try folio.status()).contains("rendering"))
    try folio.quit()
  }
}
