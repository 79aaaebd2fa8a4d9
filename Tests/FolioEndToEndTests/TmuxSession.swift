import FolioFixtures
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A private tmux server with one window of a fixed size, for driving the real `folio` binary
/// as a person would: send keys, read the screen, resize, signal.
///
/// tmux is started by `ChildProcess` (Foundation's Process would hang: the tmux server
/// inherits its pipes). Each session has its own socket, so tests run in parallel.
final class TmuxSession {
  let socket: String
  let name = "folio"
  /// The XDG_RUNTIME_DIR the session's programs get (its own, unless `environment` names
  /// another): where viewers put their control sockets.
  let runtimeFolder: String

  /// Starts `command` (run by /bin/sh) in a detached session of `columns` x `rows`.
  init(columns: Int = 100, rows: Int = 30, command: String, environment: [String: String] = [:])
    throws
  {
    socket = NSTemporaryDirectory() + "folio-tmux-\(UUID().uuidString.prefix(8))"
    // Never the real home: state, cache and config go to a folder of this session's own.
    let home = socket + "-home"
    // The runtime folder (control sockets) exists, private, as a login's does.
    try FileManager.default.createDirectory(
      atPath: home + "/runtime", withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    var env = [
      "LANG": "C.UTF-8", "TERM": "tmux-256color", "XDG_STATE_HOME": home + "/state",
      "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
      "XDG_RUNTIME_DIR": home + "/runtime",
    ]
    env.merge(environment) { $1 }
    runtimeFolder = env["XDG_RUNTIME_DIR"] ?? home + "/runtime"
    let assignments = env.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
    try run([
      "new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows),
      "env -u NO_COLOR -u COLORTERM -u COLUMNS -u LINES \(assignments) \(command); echo '[exited]' $?; sleep 600",
    ])
    try run(["set-option", "-t", name, "status", "off"])
  }

  deinit {
    try? run(["kill-server"])
    unlink(socket)
    try? FileManager.default.removeItem(atPath: socket + "-home")
  }

  static func quote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// Runs a tmux command against this session's server and returns its standard output.
  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    try ChildProcess.run("tmux", ["-S", socket, "-f", "/dev/null"] + arguments).outputText
  }

  /// Types keys (tmux key names such as "Enter", "C-d", or literal text with `literal`).
  func send(_ keys: String..., literal: Bool = false) throws {
    try run(["send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
  }

  /// The screen as plain text, one string per row.
  func screen() throws -> [String] {
    try run(["capture-pane", "-p", "-N", "-t", name]).components(separatedBy: "\n")
  }

  /// The screen with up to `lines` rows of scrolled-off history above it, as plain text.
  func screenWithHistory(lines: Int = 500) throws -> [String] {
    try run(["capture-pane", "-p", "-N", "-S", "-\(lines)", "-t", name]).components(
      separatedBy: "\n")
  }

  /// A tmux format (`#{alternate_on}`, `#{cursor_flag}`, …) evaluated for the pane.
  func paneFormat(_ format: String) throws -> String {
    try run(["display-message", "-p", "-t", name, format]).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  /// The screen with SGR color sequences kept.
  func styledScreen() throws -> String {
    try run(["capture-pane", "-p", "-e", "-N", "-t", name])
  }

  /// Changes the window size, which the program sees as a resize.
  func resize(columns: Int, rows: Int) throws {
    try run(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)])
  }

  /// The process id of the program in the pane's shell... the pane's own process.
  func panePID() throws -> pid_t {
    pid_t(
      try run(["display-message", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(
        in: .whitespacesAndNewlines)) ?? 0
  }

  /// Polls the screen until `condition` holds or `timeout` seconds pass; returns the last
  /// screen either way.
  @discardableResult
  func waitForScreen(timeout: Double = 10, _ condition: ([String]) -> Bool) throws -> [String] {
    let deadline = Date().addingTimeInterval(timeout)
    var last = try screen()
    while !condition(last) && Date() < deadline {
      usleep(20_000)
      last = try screen()
    }
    return last
  }

  /// Polls until the screen contains `text`.
  @discardableResult
  func waitFor(_ text: String, timeout: Double = 10) throws -> [String] {
    try waitForScreen(timeout: timeout) { $0.contains { $0.contains(text) } }
  }
}
