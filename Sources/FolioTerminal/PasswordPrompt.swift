import Glibc

/// Asks for a document's password on the controlling terminal, without showing what is typed:
/// what a person expects from a viewer given an encrypted file without `--password`.
public enum PasswordPrompt {
  /// Writes `prompt` to the terminal and reads one line with echo off. Nil without a
  /// controlling terminal, at the end of input, or for an empty line (giving up). The
  /// terminal's settings come back however the prompt ends, Ctrl-C and SIGTERM included.
  public static func ask(_ prompt: String) -> String? {
    let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard terminal >= 0 else { return nil }
    defer { close(terminal) }
    var saved = termios()
    guard tcgetattr(terminal, &saved) == 0 else { return nil }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    quiet.c_lflag |= tcflag_t(ICANON | ECHONL)
    TerminalRestorer.install()
    TerminalRestorer.protect(terminal, settings: saved)
    defer {
      // Now, not flushing: keys typed right after Enter are meant for the viewer.
      tcsetattr(terminal, TCSANOW, &saved)
      TerminalRestorer.unprotect()
    }
    // Echo off (dropping anything typed before the question) first, then the question: what
    // is typed once it shows is kept.
    guard tcsetattr(terminal, TCSAFLUSH, &quiet) == 0 else { return nil }
    write(terminal, prompt)
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let got = read(terminal, &byte, 1)
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { return nil }
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
      line.append(byte)
    }
    return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
  }

  /// Tells the person something on the terminal (a wrong password), on a line of its own.
  public static func say(_ message: String) {
    let terminal = open("/dev/tty", O_WRONLY | O_CLOEXEC)
    guard terminal >= 0 else { return }
    defer { close(terminal) }
    write(terminal, message + "\n")
  }

  private static func write(_ terminal: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    var done = 0
    while done < bytes.count {
      let wrote = bytes.withUnsafeBytes { all in
        all.baseAddress.map { Glibc.write(terminal, $0 + done, all.count - done) } ?? -1
      }
      if wrote < 0 && errno == EINTR { continue }
      if wrote <= 0 { return }
      done += wrote
    }
  }
}
