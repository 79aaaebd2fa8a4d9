import FolioFixtures
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The real binary in a real (tmux) terminal: it draws, quits, and always gives the terminal
/// back in a sane state.
@Suite("Terminal lifecycle")
struct TerminalLifecycleTests {
  /// Runs folio, then `stty -a` once it exits, in one pane.
  func session(_ arguments: String) throws -> TmuxSession {
    try TmuxSession(
      command:
        "\(FolioProcess.executable) \(arguments); echo \"[status] $?\"; stty -a | tr '\\n' ' '")
  }

  func expectSaneTerminal(_ screen: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let text = screen.joined(separator: " ")
    #expect(
      text.contains(" echo ") || text.contains(" echo"), "echo restored",
      sourceLocation: sourceLocation)
    #expect(text.contains(" icanon"), "icanon restored", sourceLocation: sourceLocation)
    #expect(!text.contains("-echo "), "echo restored", sourceLocation: sourceLocation)
    #expect(!text.contains("-icanon"), "icanon restored", sourceLocation: sourceLocation)
  }

  @Test func sampleOpensAndQuitRestoresTerminal() throws {
    let tmux = try session("")
    try tmux.waitFor("/ 24")
    try tmux.send("q")
    let screen = try tmux.waitFor("[exited]")
    #expect(screen.contains { $0.contains("[status] 0") })
    expectSaneTerminal(screen)
  }

  @Test func unknownTerminalTypeIsOneLineAndStatusOne() throws {
    let tmux = try TmuxSession(
      command: "\(FolioProcess.executable); echo \"[status] $?\"",
      environment: ["TERM": "nosuchterm"])
    let screen = try tmux.waitFor("[status]")
    #expect(screen.contains { $0.contains("[status] 1") })
    #expect(screen.contains { $0.hasPrefix("folio: unknown terminal type") })
  }

  @Test func anXtermTypeInsideTmuxStillFillsEveryCellOfThePage() throws {
    // With TERM=xterm-256color inside tmux, ncurses would erase runs of paper with the
    // background color (xterm's bce), which tmux's captures drop: rows of the page came back
    // short, read as the terminal's black. Folio takes tmux's own entry there.
    func rows(term: String) throws -> [Int] {
      let folio = try FolioSession(
        .numbered, arguments: ["--mode", "spread"],
        environment: ["TERM": term, "COLORTERM": "truecolor"])
      // The page drawn: nothing queued, and the screen the same twice in a row.
      var last: [Int] = []
      for _ in 0..<50 {
        try folio.waitForStatus { !$0.contains("rendering") }
        usleep(100_000)
        let now = try folio.tmux.screen().map { $0.count }
        if now == last { break }
        last = now
      }
      return last
    }
    let asXterm = try rows(term: "xterm-256color")
    let asTmux = try rows(term: "tmux-256color")
    #expect(asXterm == asTmux, "row lengths as xterm \(asXterm), as tmux \(asTmux)")
  }

  @Test func terminalThatCannotMoveTheCursorIsOneLineAndStatusOne() throws {
    let tmux = try TmuxSession(
      command: "\(FolioProcess.executable); echo \"[status] $?\"", environment: ["TERM": "dumb"])
    let screen = try tmux.waitFor("[status]")
    #expect(screen.contains { $0.contains("[status] 1") }, "\(screen)")
    #expect(
      screen.contains { $0.hasPrefix("folio: terminal type 'dumb' cannot move the cursor") },
      "\(screen)")
  }

  @Test(arguments: ["TERM", "HUP", "INT"])
  func signalsRestoreTerminal(signal name: String) throws {
    let path = try FixtureLibrary.path(.mixedSizes)
    let tmux = try session(path)
    try tmux.waitFor("/ 6")
    // Signal folio itself: the pane's shell is its parent.
    let shell = try tmux.panePID()
    let child = try TmuxSession.children(of: shell).first ?? 0
    #expect(child > 0, "shell \(shell) child \(child)")
    kill(child, name == "TERM" ? SIGTERM : name == "HUP" ? SIGHUP : SIGINT)
    let screen = try tmux.waitFor("[exited]")
    let expected = 128 + (name == "TERM" ? SIGTERM : name == "HUP" ? SIGHUP : SIGINT)
    #expect(screen.contains { $0.contains("[status] \(expected)") }, "\(screen)")
    expectSaneTerminal(screen)
  }
}

/// A crash (forced with FOLIO_CRASH_TEST after the first frame) gives the terminal back before
/// the crash is reported: normal screen, cursor shown, mouse reporting off, echo and canonical
/// mode on, a prompt that reads a line; stderr says `folio: internal error` first, and nothing
/// waits for a key.
@Suite("Crash guard")
struct CrashGuardTests {
  @Test(arguments: ["trap", "segv", "abort"])
  func aCrashRestoresTheTerminal(kind: String) throws {
    let path = try FixtureLibrary.path(.mixedSizes)
    let tmux = try TmuxSession(
      command:
        "\(FolioProcess.executable) \(path); echo \"[status] $?\"; stty -a | tr '\\n' ' '; echo; read line; echo \"typed:$line\"",
      environment: ["FOLIO_CRASH_TEST": kind])
    let screen = try tmux.waitFor("[status]", timeout: 60)
    let history = try tmux.screenWithHistory()
    let signals: [String: Int32] = ["trap": SIGILL, "segv": SIGSEGV, "abort": SIGABRT]
    let signal = signals[kind] ?? 0
    let status = "[status] \(128 + signal)"
    #expect(
      screen.contains { $0.contains(status) },
      "\(status): \(screen.filter { $0.contains("status") })")
    let first = history.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    #expect(first.hasPrefix("folio: internal error: "), "first line: \(first)")
    try tmux.waitFor(" icanon", timeout: 10)
    TerminalLifecycleTests().expectSaneTerminal(try tmux.screen())
    #expect(try tmux.paneFormat("#{alternate_on}") == "0", "left the alternate screen")
    #expect(try tmux.paneFormat("#{cursor_flag}") == "1", "cursor shown")
    #expect(try tmux.paneFormat("#{mouse_any_flag}") == "0", "mouse reporting off")
    try tmux.send("hello", literal: true)
    try tmux.send("Enter")
    let typed = try tmux.waitFor("typed:hello")
    #expect(typed.contains { $0.contains("typed:hello") }, "the shell reads a line: \(typed)")
  }
}

extension CrashGuardTests {
  /// Without a terminal too, folio's line comes first, then the runtime's reason (which the
  /// runtime wrote first, into the libraries' standard error), then the backtrace.
  @Test func aCrashInPrintSaysInternalErrorFirst() throws {
    let result = try FolioProcess.run(
      ["--print", "--size", "10x5"], environment: ["FOLIO_CRASH_TEST": "trap"])
    #expect(result.status == SIGILL, "status \(result.status)")
    let lines = result.standardError.split(separator: "\n")
    #expect(
      lines.first?.hasPrefix("folio: internal error: illegal instruction") == true,
      "\(lines.prefix(3))")
    #expect(
      lines.dropFirst().first?.contains("Fatal error") == true, "the reason: \(lines.prefix(3))")
  }
}

extension TmuxSession {
  /// The process ids whose parent is `parent` (read from /proc).
  static func children(of parent: pid_t) throws -> [pid_t] {
    let entries = try FileManager.default.contentsOfDirectory(atPath: "/proc")
    return entries.compactMap { entry -> pid_t? in
      guard let pid = pid_t(entry),
        let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return nil }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
    }
  }
}
