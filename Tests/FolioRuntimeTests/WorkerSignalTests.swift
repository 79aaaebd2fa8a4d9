import FolioCore
import FolioRuntime
import Glibc
import Testing

@Suite("Worker threads and signals")
struct WorkerSignalTests {
  /// Render workers block the terminal's signals, so the kernel hands them to the main
  /// thread: curses' handlers run where curses lives, SIGWINCH wakes the main loop's poll, and
  /// a Ctrl-Z that comes while curses draws waits instead of being lost.
  @Test func renderWorkersBlockTerminalSignals() throws {
    let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGWINCH]
    let service = try WorkQueue<Int, [Int32]>(workerCount: 2, makeWorker: { 0 }) { _, _ in
      var mask = sigset_t()
      pthread_sigmask(SIG_BLOCK, nil, &mask)
      return signals.filter { sigismember(&mask, $0) != 1 }
    }
    defer { service.shutdown() }
    service.replaceWanted((0..<4).map { ($0, RenderPriority(tier: .visible, distance: $0)) })
    #expect(service.waitUntilIdle(timeout: .seconds(10)))
    let outcomes = service.drainOutcomes()
    #expect(outcomes.count == 4)
    for outcome in outcomes {
      guard case .success(let unblocked) = outcome.result else {
        Issue.record("render \(outcome.request) failed")
        continue
      }
      #expect(unblocked.isEmpty, "signals a worker takes: \(unblocked)")
    }
  }
}
