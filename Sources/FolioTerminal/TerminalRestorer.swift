@preconcurrency import CNcursesw
import Glibc

/// Restores the terminal when the process is told to stop (SIGINT, SIGTERM, SIGHUP) while
/// curses owns the screen, then exits with the conventional status 128 + signal.
enum TerminalRestorer {
  nonisolated(unsafe) static var isCursesActive = false
  nonisolated(unsafe) private static var installed = false

  static func install() {
    guard !installed else { return }
    installed = true
    // A parent may hand us these signals blocked (the mask survives exec): unblock them, or
    // the terminal could never be restored on them.
    var stopping = sigset_t()
    sigemptyset(&stopping)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&stopping, signalNumber) }
    sigprocmask(SIG_UNBLOCK, &stopping, nil)
    for signalNumber in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
      signal(signalNumber) { received in
        if TerminalRestorer.isCursesActive {
          endwin()
        }
        _exit(128 + received)
      }
    }
  }
}
