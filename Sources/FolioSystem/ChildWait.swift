import Glibc

/// Waits for one started child to end, reading its captured output meanwhile, until a
/// deadline; past it the child is killed with SIGKILL and reaped. Where the kernel has
/// `pidfd_open` (Linux 5.3), the wait is one `poll` on the child's pidfd and its output;
/// elsewhere the child is looked at after 1, 2, 4 … ms, then every 16 ms.
struct ChildWait {
  private let pid: pid_t
  /// The read end of the child's output pipe (owned: closed here), or -1.
  private var output: Int32
  private let outputLimit: Int
  /// What the child wrote, up to `outputLimit` bytes.
  private(set) var captured: [UInt8] = []

  init(pid: pid_t, output: Int32, outputLimit: Int) {
    self.pid = pid
    self.output = output
    self.outputLimit = outputLimit
  }

  /// Waits until the child ends or `deadline` passes (no deadline: until it ends); past it
  /// the child is killed, or with `leavesRunning` left to run (and reaped when it ends).
  mutating func wait(until deadline: ContinuousClock.Instant?, leavesRunning: Bool = false)
    -> ChildRun.Ending
  {
    let process = Self.pidfdOpen.map { $0(pid, 0) } ?? -1
    defer {
      if process >= 0 { close(process) }
      if output >= 0 { close(output) }
    }
    var pause: Int32 = 1
    while true {
      if let status = reapIfEnded() { return Self.ending(status) }
      var left: Int32 = -1
      if let deadline {
        let remaining = deadline - .now
        guard remaining > .zero else { break }
        let (seconds, attoseconds) = remaining.components
        left = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
      }
      if process < 0 {
        // No pidfd: look again soon.
        left = left < 0 ? pause : min(left, pause)
        pause = min(pause * 2, 16)
      }
      var descriptors: [pollfd] = []
      if process >= 0 { descriptors.append(pollfd(fd: process, events: Int16(POLLIN), revents: 0)) }
      if output >= 0 { descriptors.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
      if descriptors.isEmpty {
        usleep(UInt32(max(1, left)) * 1000)
        continue
      }
      let ready = poll(&descriptors, nfds_t(descriptors.count), left)
      if ready < 0 && errno != EINTR { break }
      if ready > 0, output >= 0,
        let last = descriptors.last, last.fd == output, last.revents != 0
      {
        readOutput()
      }
    }
    if leavesRunning {
      ChildReaper.reap(pid)
      return .stillRunning
    }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return .timedOut
  }

  /// The child's wait status once it has ended (it is reaped then); nil while it runs.
  private mutating func reapIfEnded() -> Int32? {
    var status: Int32 = 0
    while true {
      let done = waitpid(pid, &status, WNOHANG)
      if done == pid {
        // What it wrote last is still in the pipe.
        readOutput()
        return status
      }
      if done < 0 && errno == EINTR { continue }
      // 0: still running. ECHILD cannot happen for our own child; taken as ended.
      return done < 0 ? 0 : nil
    }
  }

  /// Reads everything waiting in the output pipe (non-blocking); closes it at its end.
  private mutating func readOutput() {
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while output >= 0 {
      let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
      if count > 0 {
        captured += chunk.prefix(min(max(0, outputLimit - captured.count), count))
        continue
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
      // The end (or an error): the child, and any child of its, closed the pipe.
      close(output)
      output = -1
    }
  }

  /// `ChildRun.Ending` from a wait status (the <sys/wait.h> macros, which Swift does not
  /// import).
  private static func ending(_ status: Int32) -> ChildRun.Ending {
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
  }

  /// Linux's `pidfd_open` (glibc 2.36 and later), looked up at run time.
  private static let pidfdOpen: (@convention(c) (pid_t, UInt32) -> Int32)? =
    dlsym(nil, "pidfd_open").map {
      unsafeBitCast($0, to: (@convention(c) (pid_t, UInt32) -> Int32).self)
    }
}
