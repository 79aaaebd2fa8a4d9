import FolioFixtures
import Foundation
import Testing

/// Documents whose title, labels or file name carry escape sequences and control characters:
/// the text is shown defanged, and nothing reaches the terminal that changes its state (the
/// screen stays intact, the status line on the last row, the window title untouched).
@Suite("Hostile documents")
struct HostileDocumentTests {
  /// The hostile fixture's labels as they must appear: ESC, BEL, C1 and bidi overrides
  /// dropped, the tab a space.
  static let defangedLabels = ["[31mred", "bell", "]0;owned", "tab here", "evil"]

  func expectIntact(_ folio: FolioSession, sourceLocation: SourceLocation = #_sourceLocation) throws
  {
    let raw = try folio.tmux.styledScreen()
    let screen = StyledScreen(raw)
    #expect(screen.foreignEscapes == 0, sourceLocation: sourceLocation)
    for forbidden in ["\u{07}", "\u{202E}", "\u{9B}", "\u{1B}[31m", "\u{1B}]"] {
      #expect(
        !raw.contains(forbidden), "screen holds \(forbidden.debugDescription)",
        sourceLocation: sourceLocation)
    }
    let title = try folio.tmux.run([
      "display-message", "-p", "-t", folio.tmux.name, "#{pane_title}",
    ])
    #expect(
      !title.contains("owned") && !title.contains("Evil"), "pane title: \(title)",
      sourceLocation: sourceLocation)
    // The screen is exactly the terminal's size, the status line on its last row.
    let rows = try folio.screen()
    #expect(rows.count == folio.rows, sourceLocation: sourceLocation)
    #expect(
      FolioSession.position(in: rows.last ?? "") != nil, "status: \(rows.last ?? "")",
      sourceLocation: sourceLocation)
  }

  @Test func titleAndLabelsAreDefanged() throws {
    let folio = try FolioSession(.hostile)
    let status = try folio.expectStatus("Evil[2J[31mTitle31m", "[31mred · 1 / 5", "grid")
    #expect(
      status.hasPrefix(" hostile.pdf — Evil[2J[31mTitle31m "),
      "file name and title at the left of the last row: \(status)")
    try folio.expectScreen("every label on screen, defanged") { screen in
      screen.runs(rows: 0..<(folio.rows - 1)) { $0.isDim || ($0.isReverse && $0.isBold) }.map(
        \.text)
        == Self.defangedLabels
    }
    try folio.expectSelected("[31mred")
    try expectIntact(folio)
    for (index, label) in Self.defangedLabels.enumerated().dropFirst() {
      try folio.press("l")
      try folio.expectStatus("\(label) · \(index + 1) / 5")
      try folio.expectSelected(label)
    }
    try expectIntact(folio)
    // A defanged label can be typed to go to its page.
    try folio.type(":]0;owned")
    try folio.press("Enter")
    try folio.expectStatus("]0;owned · 3 / 5")
    // Every view draws the same text safely.
    for mode in ["2", "3"] {
      try folio.type(mode)
      try folio.expectStatus(mode == "2" ? "continuous" : "spread", "]0;owned · 3 / 5")
      try expectIntact(folio)
    }
    try folio.press("?")
    try folio.expectScreen("help overlay") { screen in
      (0..<folio.rows).contains { screen.text(ofRow: $0).contains("Folio keys") }
    }
    try expectIntact(folio)
    try folio.press("Escape")
    try folio.quit()
  }

  @Test func fileNameIsDefangedWhenThereIsNoTitle() throws {
    let source = try FixtureLibrary.path(.onePage)
    let hostile =
      FixtureLibrary.directory
      + "/evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{9B}7m\u{202E}name-\(getpid()).pdf"
    try? FileManager.default.removeItem(atPath: hostile)
    try FileManager.default.copyItem(atPath: source, toPath: hostile)
    defer { try? FileManager.default.removeItem(atPath: hostile) }
    let folio = try FolioSession(nil, arguments: [hostile])
    let status = try folio.expectStatus("evil]0;pwned[2J7mname-", "1 / 1")
    #expect(!status.contains("\u{202E}"))
    let title = try folio.tmux.run([
      "display-message", "-p", "-t", folio.tmux.name, "#{pane_title}",
    ])
    #expect(!title.contains("pwned"), "pane title: \(title)")
    try folio.quit()
  }
}
