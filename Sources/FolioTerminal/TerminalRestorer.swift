@preconcurrency import CNcursesw
import FolioCore
import Glibc

/// What happens on SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGTSTP.
///
/// While the viewer's loop runs (curses owns the screen), the handlers only write the signal's
/// number into a self-pipe the loop polls: the loop saves the place, restores the terminal and
/// exits with 128 + signal, or suspends, as `update` decides. A second stopping signal that
/// arrives before the loop took the first (a loop that does not answer) restores the terminal
/// and exits from the handler. Before the loop runs (a password prompt has turned echo off) the
/// handler restores that and exits with 128 + signal.
enum TerminalRestorer {
  nonisolated(unsafe) private static var isCursesActive = false
  nonisolated(unsafe) private static var savedStandardError: Int32 = -1
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
  /// The self-pipe's ends and whether a stopping signal waits in it unread, in plain memory
  /// for the handler: [read end, write end, pending stop].
  nonisolated(unsafe) private static let pipe: UnsafeMutablePointer<Int32> = {
    let pointer = UnsafeMutablePointer<Int32>.allocate(capacity: 3)
    pointer.initialize(repeating: -1, count: 3)
    pointer[2] = 0
    var ends: [Int32] = [-1, -1]
    if Glibc.pipe(&ends) == 0 {
      for end in ends {
        _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
      pointer[0] = ends[0]
      pointer[1] = ends[1]
    }
    return pointer
  }()

  static let stoppingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  static func install() {
    guard !installed else { return }
    installed = true
    _ = prompt  // made before any handler can read them
    _ = pipe
    // A parent may hand us these signals blocked (the mask survives exec): unblock them, or
    // the terminal could never be restored on them.
    var stopping = sigset_t()
    sigemptyset(&stopping)
    for signalNumber in stoppingSignals { sigaddset(&stopping, signalNumber) }
    sigprocmask(SIG_UNBLOCK, &stopping, nil)
    for signalNumber in stoppingSignals {
      signal(signalNumber) { received in
        if TerminalRestorer.isCursesActive && TerminalRestorer.pipe[1] >= 0
          && TerminalRestorer.pipe[2] == 0
        {
          TerminalRestorer.pipe[2] = 1
          TerminalRestorer.post(received)
          return
        }
        let prompt = TerminalRestorer.prompt
        if prompt.pointee.terminal >= 0 {
          // Only async-signal-safe calls here: no string is made.
          tcsetattr(prompt.pointee.terminal, TCSANOW, &prompt.pointee.settings)
          var newline: UInt8 = 0x0A
          _ = write(prompt.pointee.terminal, &newline, 1)
        }
        if TerminalRestorer.isCursesActive {
          endwin()
          if TerminalRestorer.savedStandardError >= 0 {
            dup2(TerminalRestorer.savedStandardError, STDERR_FILENO)
          }
        }
        _exit(128 + received)
      }
    }
  }

  /// Sends SIGTSTP (Ctrl-Z) to the loop. Installed just before curses starts (so curses
  /// leaves it alone) and back to the default (stop) once curses has ended.
  static func takeSuspendSignal() {
    signal(SIGTSTP) { received in
      guard TerminalRestorer.pipe[1] >= 0 else { return }
      TerminalRestorer.post(received)
    }
  }

  private static func post(_ signalNumber: Int32) {
    var byte = UInt8(truncatingIfNeeded: signalNumber)
    let saved = errno
    _ = write(pipe[1], &byte, 1)
    errno = saved
  }

  /// The descriptor the loop polls for signals.
  static var signalDescriptor: Int32 { pipe[0] }

  /// Reads the signals waiting in the pipe, oldest first (the loop has taken them).
  static func takeSignals() -> [ProcessSignal] {
    var signals: [ProcessSignal] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(pipe[0], $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      signals += buffer.prefix(count).compactMap { ProcessSignal(rawValue: Int32($0)) }
    }
    pipe[2] = 0
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
    takeSuspendSignal()
  }

  static func activate(savedStandardError descriptor: Int32) {
    savedStandardError = descriptor
    isCursesActive = true
    CrashGuard.cursesDidStart(savedStandardError: descriptor)
  }

  static func deactivate() {
    signal(SIGTSTP, SIG_DFL)
    isCursesActive = false
    savedStandardError = -1
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
