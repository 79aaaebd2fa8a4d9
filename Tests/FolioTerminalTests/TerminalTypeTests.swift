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

  /// What a server with only these entries has (Debian 12's ncurses-base and ncurses-term).
  static let debian: Set = ["xterm", "xterm-256color", "xterm-direct", "tmux-256color", "screen"]

  @Test func anUnknownXtermIsDrawnAsXtermAndSaysSo() {
    let plain = TerminalType.choices(
      for: "xterm-ghostty", wantsDirect: false, isKnown: Self.debian.contains)
    #expect(plain.map(\.entry) == ["xterm-256color", "xterm"])
    #expect(
      plain.first?.notice
        == "terminal: no terminfo entry for xterm-ghostty here; drawing as xterm-256color")
    // COLORTERM=truecolor: 24-bit colors where the server has xterm-direct.
    let direct = TerminalType.choices(
      for: "xterm-kitty", wantsDirect: true, isKnown: Self.debian.contains)
    #expect(direct.map(\.entry) == ["xterm-direct", "xterm-256color", "xterm"])
    #expect(
      direct.first?.notice
        == "terminal: no terminfo entry for xterm-kitty here; drawing as xterm-direct")
    #expect(direct.allSatisfy { $0.notice != nil })
  }

  @Test func aKnownTermIsOpenedAsBeforeWithoutALine() {
    let known = Self.debian.union(["xterm-kitty"])
    #expect(
      TerminalType.choices(for: "xterm-kitty", wantsDirect: true, isKnown: known.contains)
        == [.init(entry: "xterm-direct"), .init(entry: "xterm-kitty")])
    #expect(
      TerminalType.choices(for: "xterm-256color", wantsDirect: false, isKnown: known.contains)
        == [.init(entry: "xterm-256color")])
  }

  @Test func onlyXtermNamesFallBack() {
    // Any other unknown name stays unknown (and Folio says so), without asking terminfo.
    var asked: [String] = []
    let choices = TerminalType.choices(
      for: "nosuchterm", wantsDirect: false,
      isKnown: {
        asked.append($0)
        return false
      })
    #expect(choices == [.init(entry: "nosuchterm")])
    #expect(asked.isEmpty)
    #expect(
      TerminalType.choices(for: "xterm", wantsDirect: false, isKnown: { _ in false })
        == [.init(entry: "xterm")])
  }

  @Test func insideTmuxAnUnknownXtermTakesTmuxsEntryQuietly() {
    let choices = TerminalType.choices(
      for: "xterm-ghostty", wantsDirect: false, insideTmux: true, isKnown: Self.debian.contains)
    #expect(choices.first == .init(entry: "tmux-256color"))
    #expect(!choices.map(\.entry).contains("xterm-ghostty"))
  }

  @Test func theNameIsSanitizedInTheLine() {
    let choices = TerminalType.choices(
      for: "xterm-\u{1B}[2J", wantsDirect: false, isKnown: { _ in false })
    #expect(choices.first?.notice?.contains("\u{1B}") == false)
  }

  @Test func terminfoIsAskedWhereNewtermLooks() {
    // The real predicate: an entry this machine must have, and a name nobody has.
    #expect(NcursesTerminal.hasTerminfo(for: "xterm"))
    #expect(!NcursesTerminal.hasTerminfo(for: "xterm-folio-test-unknown"))
  }
}
