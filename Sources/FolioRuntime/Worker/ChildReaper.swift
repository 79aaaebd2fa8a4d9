import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Waits for killed worker processes on a thread of its own, so that letting a worker go
/// (on the loop's thread too) never waits for the kernel to take it down. The thread starts
/// with the first process handed over and stays for the session.
enum ChildReaper {
  private final class Shared: @unchecked Sendable {
    let condition = NSCondition()
    var waiting: [pid_t] = []
    var thread: JoinableThread?
  }

  private static let shared = Shared()

  /// Reaps `pid`, a child already sent SIGKILL, in the background.
  static func reap(_ pid: pid_t) {
    let shared = self.shared
    shared.condition.lock()
    defer { shared.condition.unlock() }
    shared.waiting.append(pid)
    shared.condition.signal()
    guard shared.thread == nil else { return }
    shared.thread = try? JoinableThread(name: "folio-reaper") {
      while true {
        shared.condition.lock()
        while shared.waiting.isEmpty { shared.condition.wait() }
        let pid = shared.waiting.removeFirst()
        shared.condition.unlock()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
      }
    }
    if shared.thread == nil {
      // No thread: reap here, without waiting.
      shared.waiting.removeAll { pid in
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) != 0
      }
    }
  }
}
