@preconcurrency import CNcursesw
import FolioCore
import Glibc

/// What happens on SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP and SIGWINCH.
///
/// While the viewer's loop runs (curses owns the screen), the handlers only write the signal's
/// number into a self-pipe the loop polls: the loop saves the place, restores the terminal and
/// exits with 128 + signal, suspends, or adopts the new size, as `update` decides. A stopping
/// signal is handled by the handler itself only when the loop has left an earlier one unread
/// for two seconds (a loop that does not answer): then it restores the terminal with
/// async-signal-safe writes and exits. (A hang-up usually comes twice within microseconds: the
/// shell forwards one and the kernel sends another; both go to the loop.) Before the loop runs
/// (a password prompt has turned echo off) the handler restores that and exits with
/// 128 + signal.
enum TerminalRestorer {
  nonisolated(unsafe) private static var installed = false
  /// While a prompt runs: the terminal it changed (else -1) and its settings from before.
  /// Plain memory, not Swift variables, so that the signal handler reads them without the
  /// runtime's access checks (a signal may arrive while `protect` writes them).
  private struct Prompt {
    var terminal: Int32
    var settings: termios
  }
  nonisolated(unsafe) private static let prompt: UnsafeMutablePointer<Prompt> = {
    let pointer = UnsafeMutablePointer<Prompt>.allocate(capacity: 1)
    pointer.initialize(to: Prompt(terminal: -1, settings: termios()))
    return pointer
  }()
  /// What the handlers read and write, in plain memory.
  private struct Shared {
    /// The self-pipe's read and write ends.
    var readEnd: Int32 = -1
    var writeEnd: Int32 = -1
    /// Whether curses owns the screen (the loop takes the signals).
    var isCursesActive: Int32 = 0
    /// Whether a stopping signal waits in the pipe unread, and since when.
    var isStopPending: Int32 = 0
    var stopPendingSince = timespec()
  }
  nonisolated(unsafe) private static let shared: UnsafeMutablePointer<Shared> = {
    let pointer = UnsafeMutablePointer<Shared>.allocate(capacity: 1)
    pointer.initialize(to: Shared())
    var ends: [Int32] = [-1, -1]
    if Glibc.pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
      pointer.pointee.readEnd = ends[0]
      pointer.pointee.writeEnd = ends[1]
    }
    return pointer
  }()

  /// How long a stopping signal may wait unread before the handler acts alone.
  private static let unansweredSeconds = 2

  static let stoppingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  static func install() {
    guard !installed else { return }
    installed = true
    _ = prompt  // made before any handler can read them
    _ = shared
    // A parent may hand us these signals blocked (the mask survives exec): unblock them, or
    // the terminal could never be restored on them.
    var stopping = sigset_t()
    sigemptyset(&stopping)
    for signalNumber in stoppingSignals { sigaddset(&stopping, signalNumber) }
    sigprocmask(SIG_UNBLOCK, &stopping, nil)
    for signalNumber in stoppingSignals {
      signal(signalNumber) { received in
        // Only async-signal-safe calls here, on memory made before: no string is made.
        let shared = TerminalRestorer.shared
        if shared.pointee.isCursesActive != 0 && shared.pointee.writeEnd >= 0 {
          var now = timespec()
          clock_gettime(CLOCK_MONOTONIC, &now)
          if shared.pointee.isStopPending == 0 {
            shared.pointee.isStopPending = 1
            shared.pointee.stopPendingSince = now
            TerminalRestorer.post(received)
            return
          }
          let waited = now.tv_sec - shared.pointee.stopPendingSince.tv_sec
          if waited < TerminalRestorer.unansweredSeconds { return }
          // The loop has not taken a stop for two seconds: it does not answer.
          CrashGuard.restoreTerminalFromHandler()
          _exit(128 + received)
        }
        let prompt = TerminalRestorer.prompt
        if prompt.pointee.terminal >= 0 {
          tcsetattr(prompt.pointee.terminal, TCSANOW, &prompt.pointee.settings)
          var newline: UInt8 = 0x0A
          _ = write(prompt.pointee.terminal, &newline, 1)
        }
        _exit(128 + received)
      }
    }
  }

  /// Sends SIGTSTP (Ctrl-Z) and SIGWINCH (a new size) to the loop. Installed just before curses
  /// starts (curses takes a signal only when its handler is the default, so it leaves these
  /// alone) and back to the defaults once curses has ended.
  static func takeLoopSignals() {
    for signalNumber in [SIGTSTP, SIGWINCH] {
      signal(signalNumber) { received in
        guard TerminalRestorer.shared.pointee.writeEnd >= 0 else { return }
        TerminalRestorer.post(received)
      }
    }
  }

  /// Gives SIGTSTP and SIGWINCH their default actions back.
  static func releaseLoopSignals() {
    signal(SIGTSTP, SIG_DFL)
    signal(SIGWINCH, SIG_DFL)
  }

  private static func post(_ signalNumber: Int32) {
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    let saved = errno
    _ = write(shared.pointee.writeEnd, &byte, 1)
    errno = saved
  }

  /// The descriptor the loop polls for signals.
  static var signalDescriptor: Int32 { shared.pointee.readEnd }

  /// A signal as the loop reads it from the pipe.
  enum Received: Equatable {
    case process(ProcessSignal)
    case windowChanged
  }

  /// Reads the signals waiting in the pipe, oldest first (the loop has taken them).
  static func takeSignals() -> [Received] {
    var signals: [Received] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    shared.pointee.isStopPending = 0
    while true {
      let count = buffer.withUnsafeMutableBytes {
        read(shared.pointee.readEnd, $0.baseAddress, $0.count)
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      for byte in buffer.prefix(count) {
        if Int32(byte) == SIGWINCH {
          signals.append(.windowChanged)
        } else if let signal = ProcessSignal(rawValue: Int32(byte)) {
          signals.append(.process(signal))
        }
      }
    }
    return signals
  }

  /// Stops the process as SIGTSTP does by default, until SIGCONT; then takes SIGTSTP again.
  static func stopUntilContinued() {
    signal(SIGTSTP, SIG_DFL)
    var suspend = sigset_t()
    sigemptyset(&suspend)
    sigaddset(&suspend, SIGTSTP)
    var previous = sigset_t()
    pthread_sigmask(SIG_UNBLOCK, &suspend, &previous)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    takeLoopSignals()
  }

  static func activate(savedStandardError descriptor: Int32) {
    shared.pointee.isCursesActive = 1
    CrashGuard.cursesDidStart(savedStandardError: descriptor)
  }

  static func deactivate() {
    releaseLoopSignals()
    shared.pointee.isCursesActive = 0
    CrashGuard.cursesDidEnd()
  }

  /// While a prompt has echo off: `settings` go back on `terminal` if a signal stops the
  /// process.
  static func protect(_ terminal: Int32, settings: termios) {
    prompt.pointee.settings = settings
    prompt.pointee.terminal = terminal
  }

  static func unprotect() {
    prompt.pointee.terminal = -1
  }
}
