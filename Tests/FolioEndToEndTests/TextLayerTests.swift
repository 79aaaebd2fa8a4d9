import FolioFixtures
import Foundation
import Testing

/// The text layer as a person meets it: body text readable as characters where it is large
/// enough, `t` cycling auto → on → off, and `--print` keeping block art unless asked.
@Suite("Text layer")
struct TextLayerTests {
  /// A Letter page of 10 pt body text, written into `folder`.
  static func writeDocument(in folder: ScratchFolder) throws -> String {
    let file = folder.path + "/prose.pdf"
    let lines = [
      "Terminal readers want the words themselves,", "not a gray texture of them,",
      "and the figures around them as pictures.",
    ]
    try FixturePDF.write(
      [FixturePage(width: 612, height: 792, lines: lines), FixturePage(width: 612, height: 792)],
      title: "Prose", to: file)
    return file
  }

  /// Whether `text` has "gray texture of them" (words keep their places on the page, so the
  /// gaps between them may be wider than one space).
  static func readsPhrase(_ text: String) -> Bool {
    text.contains(#/gray +texture +of +them/#)
  }

  @Test func bodyTextIsReadAndTCyclesTheLayer() throws {
    let folder = try ScratchFolder()
    let file = try Self.writeDocument(in: folder)
    let folio = try FolioSession(
      nil, arguments: [file, "--mode", "continuous"], columns: 160, rows: 50,
      environment: folder.environment)
    try folio.expectScreen("the body text as characters") { screen in
      screen.rows.indices.contains { Self.readsPhrase(screen.text(ofRow: $0)) }
    }
    try folio.press("t")
    try folio.expectStatus("text on")
    try folio.press("t")
    try folio.expectStatus("text off")
    try folio.waitForRenders()
    try folio.expectScreen("block art only") { screen in
      !screen.rows.indices.contains { screen.text(ofRow: $0).contains("texture") }
    }
    try folio.press("t")
    try folio.expectScreen("the text again") { screen in
      screen.rows.indices.contains { Self.readsPhrase(screen.text(ofRow: $0)) }
    }
    let status = try folio.status()
    #expect(!status.contains("text on") && !status.contains("text off"), "\(status)")
    try folio.quit()
  }

  @Test func zZoomsUntilTheBodyTextReads() throws {
    let folder = try ScratchFolder()
    let file = try Self.writeDocument(in: folder)
    // At 80 columns 10 pt text is too small to draw as characters.
    let folio = try FolioSession(
      nil, arguments: [file, "--mode", "continuous"], columns: 80, rows: 24,
      environment: folder.environment)
    try folio.waitForRenders()
    #expect(try !folio.screen().contains { Self.readsPhrase($0) })
    try folio.press("z")
    try folio.expectStatus("to read the text")
    try folio.expectScreen("the body text as characters") { screen in
      screen.rows.indices.contains { Self.readsPhrase(screen.text(ofRow: $0)) }
    }
    try folio.quit()
  }

  @Test func printDrawsTextOnlyWhenAsked() throws {
    let folder = try ScratchFolder()
    let file = try Self.writeDocument(in: folder)
    func printed(_ extra: [String]) throws -> String {
      let run = try FolioProcess.run(
        ["--print", "--mode", "continuous", "--size", "160x50", "--colors", "256", file] + extra,
        environment: folder.environment, timeLimit: .seconds(120))
      #expect(run.status == 0, "\(run.standardError)")
      // The characters without the colors between them.
      return run.standardOutput.replacing(#/\u{1B}\[[0-9;]*m/#, with: "")
    }
    #expect(!Self.readsPhrase(try printed([])))
    #expect(Self.readsPhrase(try printed(["--text", "auto"])))
    // Too small to read at 80 columns: auto leaves it to the block art, on draws it.
    #expect(!(try printed(["--text", "auto", "--size", "80x30"])).contains("texture"))
    #expect(try printed(["--text", "on", "--size", "80x30"]).contains("texture"))
  }
}
