import FolioCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension ChildProcess {
  /// Kills a child with SIGKILL when its time limit passes, unless told first that it has
  /// ended (a thread that waits on a condition until the deadline).
  final class DeadlineKiller: @unchecked Sendable {
    private let condition = NSCondition()
    private var hasEnded = false
    private var hasKilled = false

    /// Starts watching `pid`.
    init(pid: pid_t, after limit: Duration) {
      let deadline = Date(timeIntervalSinceNow: limit.inSeconds)
      let watcher = Thread { [self] in
        condition.lock()
        defer { condition.unlock() }
        while !hasEnded && condition.wait(until: deadline) {}
        if !hasEnded {
          kill(pid, SIGKILL)
          hasKilled = true
        }
      }
      watcher.start()
    }

    /// Says the child has ended (but is not reaped yet) and whether it was killed.
    func standDown() -> Bool {
      condition.lock()
      defer { condition.unlock() }
      hasEnded = true
      condition.signal()
      return hasKilled
    }
  }
}
