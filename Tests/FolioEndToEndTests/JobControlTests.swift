import FolioFixtures
import Foundation
import Testing

/// Ctrl-C typed at the keyboard quits and restores the terminal; Ctrl-Z suspends with the
/// terminal restored, and `fg` brings folio back with a full redraw, still answering keys.
@Suite("Job control")
struct JobControlTests {
  /// A shell command that prints `[tag]` and the icanon and echo flags ("icanon echo" when sane),
  /// on one short line.
  static func sttyFlags(_ tag: String) -> String {
    "echo \"[\(tag)] $(stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' ')\""
  }

  /// The flags line printed by `sttyFlags(tag)`, once it is on screen.
  func flags(_ tag: String, in tmux: TmuxSession) throws -> String {
    let screen = try tmux.waitForScreen { $0.contains { $0.hasPrefix("[\(tag)] ") } }
    return screen.first { $0.hasPrefix("[\(tag)] ") } ?? "(no flags line)"
  }

  func expectSane(_ flags: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let words = flags.split(separator: " ").dropFirst().map(String.init)
    #expect(
      words.sorted() == ["echo", "icanon"], "stty flags: \(flags)", sourceLocation: sourceLocation)
  }

  @Test func ctrlCTypedQuitsAndRestoresTheTerminal() throws {
    let path = try FixtureLibrary.path(.labeled)
    let tmux = try TmuxSession(
      command:
        "\(TmuxSession.quote(FolioProcess.executable)) \(TmuxSession.quote(path)); echo \"[status] $?\"; \(Self.sttyFlags("stty"))"
    )
    let first = try tmux.waitFor("i · 1 / 8")
    #expect(first.contains { $0.contains("i · 1 / 8") }, "\(first)")
    try tmux.send("C-c")
    let screen = try tmux.waitFor("[exited]")
    #expect(screen.contains { $0.contains("[status] 130") }, "\(screen)")
    expectSane(try flags("stty", in: tmux))
  }

  @Test func ctrlZSuspendsAndFgRedraws() throws {
    let path = try FixtureLibrary.path(.labeled)
    let tmux = try TmuxSession(command: "PS1='$ ' bash --norc --noprofile -i")
    try tmux.waitFor("$")
    // The shell must have job control (monitor mode) for Ctrl-Z to stop a job at all.
    try tmux.send("echo \"[flags] $-\"", literal: true)
    try tmux.send("Enter")
    let shellFlags = try tmux.waitForScreen { $0.contains { $0.hasPrefix("[flags] ") } }
    let monitor = shellFlags.first { $0.hasPrefix("[flags] ") } ?? ""
    try #require(monitor.contains("m"), "the test shell has no job control: \(shellFlags)")
    try tmux.send(
      "\(TmuxSession.quote(FolioProcess.executable)) \(TmuxSession.quote(path))", literal: true)
    try tmux.send("Enter")
    try tmux.waitFor("i · 1 / 8")
    try tmux.send("l")
    try tmux.waitFor("ii · 2 / 8")

    // Ctrl-Z right behind keys that redraw (and re-render every page): it must not be lost
    // while a frame is being written.
    try tmux.send("c", "h", "l", "C-z")
    let stopped = try tmux.waitFor("Stopped")
    #expect(stopped.contains { $0.contains("Stopped") }, "\(stopped)")
    // While suspended, the shell has a sane terminal.
    try tmux.send(Self.sttyFlags("stty"), literal: true)
    try tmux.send("Enter")
    expectSane(try flags("stty", in: tmux))

    try tmux.send("fg", literal: true)
    try tmux.send("Enter")
    // A full redraw: the status line back on the last row, none of the shell's text left.
    let back = try tmux.waitForScreen { screen in
      screen.count >= 30 && screen[29].contains("ii · 2 / 8")
        && !screen.contains {
          $0.contains("Stopped") || $0.contains("[stty]") || $0.contains("$ fg")
        }
    }
    #expect(back.count >= 30 && back[29].contains("ii · 2 / 8"), "\(back)")
    #expect(
      !back.contains { $0.contains("Stopped") || $0.contains("[stty]") || $0.contains("$ fg") },
      "\(back)")
    #expect(back.contains { $0.contains("A-2") }, "thumbnail labels redrawn: \(back)")
    try tmux.send("l")
    try tmux.waitFor("iii · 3 / 8")
    try tmux.send("q")
    try tmux.waitForScreen { $0.last(where: { !$0.isEmpty })?.hasPrefix("$") == true }
    try tmux.send(Self.sttyFlags("after"), literal: true)
    try tmux.send("Enter")
    expectSane(try flags("after", in: tmux))
  }
}
