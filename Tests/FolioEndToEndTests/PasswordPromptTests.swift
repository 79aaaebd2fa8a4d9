import Foundation
import Testing

/// An encrypted document opened in the viewer without `--password`: folio asks for the
/// password on the terminal, hides what is typed, lets a wrong one be typed again, and gives
/// the terminal back as it was however the prompt ends.
@Suite("Password prompt")
struct PasswordPromptTests {
  static let encrypted = ErrorTests.corpus + "/pypdf-password-openpassword.pdf"
  static let password = "openpassword"

  static func session(_ command: String) throws -> TmuxSession {
    // Wide enough that the corpus path and the error fit on one line; `[done]` follows the
    // terminal's echo setting, as stty reports it once folio has gone.
    try TmuxSession(
      columns: 220,
      command: command
        + "; echo \"[status] $?\"; stty -a | tr ' ' '\\n' | grep -x -- '-\\?echo'; echo [done]")
  }

  func type(_ text: String, into tmux: TmuxSession) throws {
    _ = try tmux.run(["send-keys", "-t", tmux.name, "-l", text])
    _ = try tmux.run(["send-keys", "-t", tmux.name, "Enter"])
  }

  @Test func aWrongPasswordCanBeTypedAgainAndNeitherShows() throws {
    let tmux = try Self.session(
      TmuxSession.quote(FolioProcess.executable) + " " + TmuxSession.quote(Self.encrypted))
    try tmux.waitFor("Password for")
    try type("not-the-password", into: tmux)
    // The second question, not just the complaint before it: keys typed before a question
    // shows are dropped.
    try tmux.waitForScreen { screen in screen.filter { $0.contains("Password for") }.count >= 2 }
    #expect(try tmux.screen().contains { $0.contains("wrong password, try again") })
    try type(Self.password, into: tmux)
    let screen = try tmux.waitFor("1 / 1")
    // One page: shown as a page, fitted to the screen.
    #expect(screen.contains { $0.contains("1 / 1") && $0.contains("continuous") }, "\(screen)")
    _ = try tmux.run(["send-keys", "-t", tmux.name, "q"])
    let after = try tmux.waitFor("[done]")
    #expect(after.contains { $0.contains("[status] 0") }, "\(after)")
    // The file's name holds the password too ("pypdf-password-openpassword.pdf").
    #expect(!after.contains { $0.contains("not-the-password") })
    #expect(!after.contains { $0.contains(Self.password) && !$0.contains("-\(Self.password).pdf") })
    #expect(after.contains { $0 == "echo" }, "\(after)")
  }

  @Test func anEmptyLineGivesUpWithTheUsualError() throws {
    let tmux = try Self.session(
      TmuxSession.quote(FolioProcess.executable) + " " + TmuxSession.quote(Self.encrypted))
    try tmux.waitFor("Password for")
    try type("", into: tmux)
    let screen = try tmux.waitFor("[done]")
    #expect(
      screen.contains { $0.contains("is encrypted: give its password with --password") },
      "\(screen)")
    #expect(screen.contains { $0.contains("[status] 1") }, "\(screen)")
    #expect(screen.contains { $0 == "echo" }, "\(screen)")
  }

  @Test func controlCAtThePromptLeavesEchoOn() throws {
    // The document comes through a pipe, so the prompt reads the terminal, not standard input.
    let folio = TmuxSession.quote(FolioProcess.executable)
    // As a person types it at the pane's shell (a `sh -c` around it would die of the Ctrl-C
    // itself); folio runs with the pane's own TERM.
    let tmux = try Self.session("cat \(TmuxSession.quote(Self.encrypted)) | \(folio) -")
    try tmux.waitFor("Password for standard input")
    _ = try tmux.run(["send-keys", "-t", tmux.name, "C-c"])
    let screen = try tmux.waitFor("[done]")
    #expect(screen.contains { $0.contains("[status] 130") }, "\(screen)")
    #expect(screen.contains { $0 == "echo" }, "\(screen)")
  }
}
