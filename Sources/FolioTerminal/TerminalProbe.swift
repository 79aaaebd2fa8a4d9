import FolioCore
import Glibc

/// Asks the terminal on standard input and output what it shows, before curses takes it: the
/// queries of `TerminalReplies` in one write, the answers read with the terminal in raw mode
/// (nothing echoed, so no answer reaches the screen or the shell) until the device attributes
/// come or `timeout` passes. Keys typed meanwhile are kept for the viewer.
public enum TerminalProbe {
  /// The answers; nil when standard input or output is no terminal, or the terminal is one
  /// that is never asked (the Linux console, `dumb`, GNU screen).
  public static func ask(
    environment: [String: String], timeout: Duration = .milliseconds(500)
  ) -> TerminalReplies? {
    let term = environment["TERM"] ?? ""
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, !term.isEmpty,
      !["dumb", "linux"].contains(term), !term.hasPrefix("screen"),
      (environment["TMUX"] ?? "").isEmpty
    else { return nil }
    var saved = termios()
    guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR)
    // Ctrl-C, a hang-up or a kill meanwhile waits until the terminal is as it was, then acts.
    var blocked = sigset_t()
    var previousMask = sigset_t()
    sigemptyset(&blocked)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP] { sigaddset(&blocked, signal) }
    pthread_sigmask(SIG_BLOCK, &blocked, &previousMask)
    defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
    defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    let queries = Array(TerminalReplies.queries.utf8)
    var offset = 0
    while offset < queries.count {
      let written = queries[offset...].withUnsafeBytes {
        write(STDOUT_FILENO, $0.baseAddress, $0.count)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return nil }
      offset += written
    }
    let deadline = ContinuousClock.now + timeout
    var bytes: [UInt8] = []
    var replies = TerminalReplies()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !replies.isComplete {
      let left = deadline - .now
      guard left > .zero else { break }
      var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      let milliseconds = Int32(
        max(
          1,
          left.components.seconds * 1000
            + left.components.attoseconds / 1_000_000_000_000_000))
      guard poll(&descriptor, 1, milliseconds) > 0 else { continue }
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += buffer[0..<count]
      replies = TerminalReplies(reading: bytes)
    }
    return replies
  }
}
