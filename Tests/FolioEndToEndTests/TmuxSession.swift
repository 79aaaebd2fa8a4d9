import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A private tmux server with one window of a fixed size, for driving the real `folio` binary
/// as a person would: send keys, read the screen, resize, signal.
///
/// tmux is started with posix_spawn and all three standard streams on /dev/null (Foundation's
/// Process would hang: the tmux server inherits its pipes). Each session has its own socket,
/// so tests run in parallel.
final class TmuxSession {
  let socket: String
  let name = "folio"

  /// Starts `command` (run by /bin/sh) in a detached session of `columns` x `rows`.
  init(columns: Int = 100, rows: Int = 30, command: String, environment: [String: String] = [:]) throws {
    socket = NSTemporaryDirectory() + "folio-tmux-\(UUID().uuidString.prefix(8))"
    var env = ["LANG": "C.UTF-8", "TERM": "tmux-256color"]
    env.merge(environment) { $1 }
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
  }

  static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

  /// Runs a tmux command against this session's server and returns its standard output.
  @discardableResult
  func run(_ arguments: [String]) throws -> String {
    let output = socket + ".out"
    let argv = ["tmux", "-S", socket, "-f", "/dev/null"] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // The test runner's threads may block signals, and a blocked mask survives exec: give tmux
    // (and so folio) a clean mask and default handlers.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let cArgs = argv.map { strdup($0) } + [nil]
    defer { cArgs.forEach { free($0) } }
    let status = posix_spawnp(&pid, "tmux", &actions, &attributes, cArgs, environ)
    guard status == 0 else { throw TmuxError(message: "cannot start tmux (\(status))") }
    var exitStatus: Int32 = 0
    waitpid(pid, &exitStatus, 0)
    defer { unlink(output) }
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    return text
  }

  /// Types keys (tmux key names such as "Enter", "C-d", or literal text with `literal`).
  func send(_ keys: String..., literal: Bool = false) throws {
    try run(["send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
  }

  /// The screen as plain text, one string per row.
  func screen() throws -> [String] {
    try run(["capture-pane", "-p", "-N", "-t", name]).components(separatedBy: "\n")
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
    pid_t(try run(["display-message", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
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

struct TmuxError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
