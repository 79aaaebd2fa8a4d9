import Testing

@testable import FolioTerminal

@Suite("Terminal type")
struct TerminalTypeTests {
  @Test func directColorVariantComesFirstWhenWanted() {
    #expect(
      TerminalType.candidates(for: "xterm-256color", wantsDirect: true)
        == ["xterm-direct", "xterm-256color"])
    #expect(
      TerminalType.candidates(for: "xterm-256color", wantsDirect: false) == ["xterm-256color"])
    #expect(TerminalType.candidates(for: "xterm-direct", wantsDirect: true) == ["xterm-direct"])
    #expect(TerminalType.candidates(for: "", wantsDirect: true) == [])
  }

  @Test func insideTmuxTmuxsOwnEntriesComeFirst() {
    #expect(
      TerminalType.candidates(for: "xterm-256color", wantsDirect: true, insideTmux: true)
        == ["tmux-direct", "tmux-256color", "xterm-256color"])
    #expect(
      TerminalType.candidates(for: "xterm-256color", wantsDirect: false, insideTmux: true)
        == ["tmux-256color", "xterm-256color"])
    // A tmux or screen entry is tmux's own already; other types are taken at their word.
    #expect(
      TerminalType.candidates(for: "tmux-256color", wantsDirect: true, insideTmux: true)
        == ["tmux-direct", "tmux-256color"])
    #expect(
      TerminalType.candidates(for: "screen", wantsDirect: false, insideTmux: true) == ["screen"])
    #expect(TerminalType.candidates(for: "dumb", wantsDirect: false, insideTmux: true) == ["dumb"])
    #expect(
      TerminalType.candidates(for: "nosuchterm", wantsDirect: false, insideTmux: true)
        == ["nosuchterm"])
  }
}
