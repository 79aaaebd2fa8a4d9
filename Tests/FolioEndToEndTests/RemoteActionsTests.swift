import FolioFixtures
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `folio --remote` drives a viewer through every action `folio --list-actions` names, each
/// seen to change what `get all` reports or what the screen shows (issue 48).
@Suite("Remote actions")
struct RemoteActionsTests {
  /// What an action is checked to change.
  enum Change: Equatable {
    /// What `folio --remote get all` reports.
    case report
    /// The screen above the status line, with its colors (a message that times out changes
    /// only the status line).
    case screen
    /// The status line: it comes to say this (which it did not say before).
    case status(String)
  }

  /// One step of the tour.
  enum Step {
    /// The action under test, and what it changes.
    case act(String, Change)
    /// A command that sets the stage (not under test), which must succeed.
    case run([String])
    /// Keys typed into the viewer (Escape closes a mode an action opened), waited for.
    case press(String)
    /// Waits until `get PROPERTY` contains the text.
    case wait(String, String)
    /// Waits until the status line contains the text.
    case status(String)
    /// Waits until every key is handled and nothing is left to render (the page's links read).
    case settle
  }

  /// Every action in an order that gives each what it needs: the grid's moves first, a search
  /// for the hits' actions, a page view for panning, links and selection, a jump before the
  /// jump list's actions, the spread view for its own, `quit` last.
  static let tour: [Step] = [
    .act("right", .report), .act("left", .report), .act("down", .report), .act("up", .report),
    .act("page-down", .report), .act("page-up", .report), .act("half-page-down", .report),
    .act("half-page-up", .report), .act("next-page", .report), .act("previous-page", .report),
    .act("last-page", .report), .act("first-page", .report),
    .act("go-to-page", .status(":▏")), .press("Escape"),
    .act("search", .status("/▏")), .press("Escape"),
    .run(["find", "lemma"]), .wait("hits", #""count":3"#), .wait("hits", #""complete":true"#),
    .act("next-hit", .report), .act("previous-hit", .report),
    .act("hits-panel", .screen), .press("Escape"), .act("only-hits", .status("3 of 6 pages")),
    .run(["only-hits"]), .run(["find", ""]), .wait("hits", ""),
    .act("outline", .screen), .press("Escape"),
    .act("annotations", .screen), .press("Escape"),
    .act("open", .report), .act("back", .report), .act("continuous", .report),
    .act("next-view", .report), .run(["continuous"]),
    .run(["goto", "i"]), .wait("page", "1"), .settle, .act("follow-link", .status("follow a link")),
    .press("a"),
    .act("peek-link", .status("peek at a link")), .press("Escape"),
    .act("copy-link", .status("link copied")),
    .act("select-text", .report),
    .press("Escape"), .act("copy-page", .status("copied")),
    .act("zoom-in", .report), .act("pan-right", .screen), .act("pan-left", .screen),
    .act("zoom-out", .report), .run(["zoom-in"]), .act("zoom-reset", .report),
    .act("zoom-to-read", .report), .run(["zoom-reset"]), .run(["continuous"]),
    .run(["goto", "5"]), .act("jump-back", .report), .act("jump-forward", .report),
    .act("set-mark", .status("m…")), .press("Escape"), .act("go-to-mark", .status("'…")),
    .press("Escape"),
    .act("next-symbols", .status("symbols:")), .act("invert", .screen),
    .act("text-layer", .status("text")), .act("pixels", .status("pixels")),
    .act("trim", .status("trimmed")), .act("help", .screen), .press("Escape"),
    .act("reload", .status("reloaded")), .act("show-source", .status("SyncTeX")),
    .act("previous-document", .status("[ ]")), .act("cycle-order", .status("O orders")),
    .act("next-document", .status("[ ]")),
    .act("spread", .report), .act("next-spreads", .screen),
    .act("right-to-left", .status("RTL")), .act("shift-spreads", .status("shifted")),
    .act("filmstrip", .screen), .act("read", .report), .act("grid", .report),
    // Picks last: with pages picked, the status line has no room for show-source's message.
    .run(["goto", "2"]), .act("pick", .status("1 page picked")), .run(["next-page", "2"]),
    .act("pick-range", .status("3 pages picked")),
  ]

  @Test func everyActionOfListActionsChangesTheViewer() throws {
    let listed = try FolioProcess.run(["--list-actions"])
    try #require(listed.status == 0, "\(listed.standardError)")
    let actions = listed.standardOutput.split(separator: "\n").map(String.init)
    let toured = Self.tour.compactMap { step -> String? in
      if case .act(let name, _) = step { name } else { nil }
    }
    // The tour covers the list exactly (quit is the last step, below), each action once.
    #expect(Set(toured + ["quit"]) == Set(actions), "list: \(actions)")
    #expect(toured.count == Set(toured).count)
    try #require(actions.count > 40 && actions.contains("quit"))

    let scratch = try ScratchFolder()
    let file = try RemoteFixture.write(in: scratch)
    // Wide enough for show-source's message (the scratch folder's path in it) beside the
    // status line's right part: a message that does not fit is not shown at all.
    let folio = try FolioSession(
      nil, arguments: [file], columns: 160, environment: scratch.environment)
    try folio.waitForRenders()
    let reached = try folio.remote("get", "page")
    try #require(reached.status == 0, "no viewer answers: \(reached.standardError)")
    // The outline is read before the tour, so `section` is not a change of its own.
    _ = try folio.waitForGet("section") { !$0.isEmpty }
    for step in Self.tour {
      switch step {
      case .act(let name, let change):
        try act(name, changes: change, in: folio)
      case .run(let words):
        let result = try folio.remote(words)
        #expect(result.status == 0, "\(words): \(result.standardError)")
      case .press(let key):
        // Every key is handled before the next command (which does not wait for keys): the
        // link hints' status line names the link before its hint is typed.
        try folio.press(key)
        try folio.sync()
      case .status(let text):
        try folio.expectStatus(text)
      case .settle:
        try folio.waitForRenders()
      case .wait(let property, let text):
        let answer = try folio.waitForGet(property) {
          text.isEmpty ? $0.isEmpty : $0.contains(text)
        }
        #expect(text.isEmpty ? answer.isEmpty : answer.contains(text), "get \(property): \(answer)")
      }
    }
    let quit = try folio.remote("quit")
    #expect(quit.status == 0, "quit: \(quit.standardError)")
    try folio.expectExit()
    let deadline = Date().addingTimeInterval(FolioSession.deadline)
    while FileManager.default.fileExists(atPath: folio.controlSocket), Date() < deadline {
      usleep(20_000)
    }
    #expect(!FileManager.default.fileExists(atPath: folio.controlSocket), "socket left behind")
  }

  /// Runs action `name` and waits for it to change what `change` names.
  private func act(_ name: String, changes change: Change, in folio: FolioSession) throws {
    if case .status(let text) = change {
      let before = try folio.status()
      #expect(!before.contains(text), "before \(name), the status line says “\(before)”")
      let result = try folio.remote(name)
      #expect(result.status == 0, "\(name): \(result.status) \(result.standardError)")
      try folio.expectStatus(text)
      return
    }
    let before = try change == .report ? folio.get("all") : settledScreen(of: folio)
    let result = try folio.remote(name)
    #expect(result.status == 0, "\(name): \(result.status) \(result.standardError)")
    let deadline = Date().addingTimeInterval(FolioSession.deadline)
    var after = before
    while after == before, Date() < deadline {
      usleep(30_000)
      after = try change == .report ? folio.get("all") : pageRows(of: folio)
    }
    let screen = try folio.screen().joined(separator: "\n")
    // The styled screen's escape sequences are left out of the message.
    let said = change == .report ? before : ""
    #expect(after != before, "\(name) changed nothing (\(change)): \(said)\n\(screen)")
  }

  /// The screen above the status line, with its colors.
  private func pageRows(of folio: FolioSession) throws -> String {
    try folio.tmux.styledScreen().components(separatedBy: "\n").prefix(folio.rows - 1)
      .joined(separator: "\n")
  }

  /// The screen above the status line once it stops changing (nothing left rendering, two
  /// reads alike).
  private func settledScreen(of folio: FolioSession) throws -> String {
    let deadline = Date().addingTimeInterval(FolioSession.deadline)
    var last = try pageRows(of: folio)
    while Date() < deadline {
      usleep(100_000)
      let now = try pageRows(of: folio)
      if now == last, !((try? folio.status()) ?? "").contains("rendering") { return now }
      last = now
    }
    return last
  }
}
