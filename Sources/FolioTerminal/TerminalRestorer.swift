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
