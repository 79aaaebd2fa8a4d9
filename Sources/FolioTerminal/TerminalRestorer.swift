@preconcurrency import CNcursesw
import Glibc

/// Restores the terminal when the process is told to stop (SIGINT, SIGTERM, SIGHUP, SIGQUIT)
/// while curses owns the screen or a prompt has turned echo off, then exits with the
/// conventional status 128 + signal.
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

  static let stoppingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  static func install() {
    guard !installed else { return }
    installed = true
    _ = prompt  // made before any handler can read it
    // A parent may hand us these signals blocked (the mask survives exec): unblock them, or
    // the terminal could never be restored on them.
    var stopping = sigset_t()
    sigemptyset(&stopping)
    for signalNumber in stoppingSignals { sigaddset(&stopping, signalNumber) }
    sigprocmask(SIG_UNBLOCK, &stopping, nil)
    for signalNumber in stoppingSignals {
      signal(signalNumber) { received in
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

  static func activate(savedStandardError descriptor: Int32) {
    savedStandardError = descriptor
    isCursesActive = true
    CrashGuard.cursesDidStart(savedStandardError: descriptor)
  }

  static func deactivate() {
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
