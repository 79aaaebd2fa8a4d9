import FolioFixtures
import Foundation
import Testing

/// A terminal the machine has no terminfo entry for, as ghostty's `xterm-ghostty` or kitty's
/// `xterm-kitty` reach a server over SSH: an xterm-like one opens drawn as xterm, and the
/// status line says so once; `--print` and `--preview` never need terminfo.
///
/// The pane is tmux's, so $TMUX is removed (outside tmux is the case met), and the TERM is a
/// made-up name no terminfo has, whatever this machine installs.
@Suite("Terminal fallback")
struct TerminalFallbackTests {
  static let unknown = "xterm-folio-test-unknown"

  /// Runs folio with `arguments` in a pane as a terminal with TERM=`unknown`, outside tmux,
  /// then prints its exit status after "[status]".
  func session(_ arguments: String, colorterm: String? = nil) throws -> TmuxSession {
    let colors = colorterm.map { "COLORTERM=\($0) " } ?? ""
    return try TmuxSession(
      columns: 140, rows: 30,
      command:
        "env -u TMUX -u TERM_PROGRAM \(colors)TERM=\(Self.unknown) \(FolioProcess.executable) \(arguments); echo \"[status] $?\""
    )
  }

  @Test func anUnknownXtermOpensAndSaysWhatItDrawsAs() throws {
    let path = try FixtureLibrary.path(.mixedSizes)
    let tmux = try session("--no-remember \(path)")
    let line = "terminal: no terminfo entry for \(Self.unknown) here; drawing as xterm-256color"
    let screen = try tmux.waitForScreen(timeout: 30) { rows in
      rows.contains { $0.contains(line) } || rows.contains { $0.contains("[status]") }
    }
    #expect(screen.contains { $0.contains(line) }, "\(screen)")
    #expect(screen.contains { $0.contains("/ 6") }, "\(screen)")
    try tmux.send("q")
    let ended = try tmux.waitFor("[status]")
    #expect(ended.contains { $0.contains("[status] 0") }, "\(ended)")
  }

  @Test func withTwentyFourBitColorItDrawsAsXtermDirect() throws {
    // xterm-direct comes with Debian's ncurses-term; without it, xterm-256color is next.
    let hasDirect = (try? ChildProcess.run("infocmp", ["xterm-direct"]))?.status == 0
    let path = try FixtureLibrary.path(.mixedSizes)
    let tmux = try session("--no-remember \(path)", colorterm: "truecolor")
    let entry = hasDirect ? "xterm-direct" : "xterm-256color"
    let line = "terminal: no terminfo entry for \(Self.unknown) here; drawing as \(entry)"
    let screen = try tmux.waitForScreen(timeout: 30) { rows in
      rows.contains { $0.contains(line) } || rows.contains { $0.contains("[status]") }
    }
    #expect(screen.contains { $0.contains(line) }, "\(screen)")
    try tmux.send("q")
    let ended = try tmux.waitFor("[status]")
    #expect(ended.contains { $0.contains("[status] 0") }, "\(ended)")
  }

  @Test func anUnknownNameThatIsNoXtermIsStillOneLine() throws {
    let tmux = try TmuxSession(
      command:
        "env -u TMUX TERM=folio-test-unknown \(FolioProcess.executable); echo \"[status] $?\"")
    let screen = try tmux.waitFor("[status]")
    #expect(screen.contains { $0.contains("[status] 1") }, "\(screen)")
    #expect(
      screen.contains { $0.hasPrefix("folio: unknown terminal type 'folio-test-unknown'") },
      "\(screen)")
  }

  /// Printing and previews write to the terminal without curses: an unknown TERM is no
  /// matter to them.
  @Test(arguments: ["--print --size 40x10 --colors none", "--preview --colors none"])
  func printingNeedsNoTerminfo(options: String) throws {
    let path = try FixtureLibrary.path(.mixedSizes)
    let arguments =
      options.hasPrefix("--preview")
      ? "--preview \(path) 40 10 --colors none" : "\(options) \(path)"
    let tmux = try session(arguments)
    let screen = try tmux.waitFor("[status]", timeout: 30)
    #expect(screen.contains { $0.contains("[status] 0") }, "\(options): \(screen)")
    #expect(!screen.contains { $0.contains("terminal type") }, "\(options): \(screen)")
    #expect(!screen.contains { $0.contains("terminfo") }, "\(options): \(screen)")
    // Something was drawn: rows of the page.
    #expect(
      screen.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count > 1,
      "\(options): \(screen)")
  }
}
