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

  /// Waits until `pid` has used no CPU for half a second, or until `deadline`.
  static func waitForQuiet(of pid: pid_t, deadline: Date) throws {
    var last = try #require(cpuTicks(of: pid))
    var quietSince = Date()
    while Date() < deadline {
      usleep(50_000)
      let now = try #require(cpuTicks(of: pid))
      if now != last {
        last = now
        quietSince = Date()
      } else if Date().timeIntervalSince(quietSince) >= 0.5 {
        return
      }
    }
  }

  @Test func aTinyCacheAtRestUsesNoCPU() throws {
    let folio = try FolioSession(
      .numbered, arguments: ["--cache-mb", "1", "--mode", "continuous"], columns: 300, rows: 100)
    try folio.waitForRenders(timeout: 60)
    try folio.press("j", "j")
    try folio.waitForRenders(timeout: 60)
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    // The end of drawing (a late picture, workers let go) may still cost a few ticks: wait,
    // with a deadline, for a half second in which the viewer uses no CPU at all. A viewer that
    // keeps working never has one, and the measurement below then fails.
    try Self.waitForQuiet(of: folio.pid, deadline: Date().addingTimeInterval(15))
    let before = try #require(Self.cpuTicks(of: folio.pid))
    let start = Date()
    // Three seconds of rest: nothing is typed, nothing changes on screen.
    while Date().timeIntervalSince(start) < 3 { usleep(100_000) }
    let after = try #require(Self.cpuTicks(of: folio.pid))
    let seconds = Double(after - before) / ticksPerSecond
    // A viewer that draws or renders again and again at this size spends seconds; a busy
    // machine may bill a resting one a few ticks.
    #expect(seconds < 0.3, "\(seconds) s of CPU over 3 s of rest")
    #expect(!(try folio.status()).contains("rendering"))
    try folio.quit()
  }
}
