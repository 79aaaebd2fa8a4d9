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

/// Trimmed margins through tmux: `T` gives the content the cells, in single and double
/// spreads, and the choice comes back with the place.
@Suite("Trimmed margins")
struct TrimmedMarginsTests {
  /// Cells of `screen` (above the status line) with ink, in no-color output where paper is
  /// drawn with full blocks and the space around pages is blank: the content's cells.
  static func inkCells(_ screen: [String]) -> Int {
    screen.dropLast().reduce(0) { count, row in
      count + row.filter { $0 != " " && $0 != "█" }.count
    }
  }

  @Test func tGivesTheContentTheCellsInSpreadsAndIsRemembered() throws {
    let scratch = try ScratchFolder()
    // LaTeX lecture notes from the shared corpus: A4 pages with wide margins.
    let file = ErrorTests.corpus + "/pypdf-geotopo-117p-linearized.pdf"
    try #require(FileManager.default.fileExists(atPath: file), "the shared corpus has \(file)")
    let folio = try FolioSession(
      nil,
      arguments: [file, "--mode", "spread", "--colors", "none", "--text", "off", "--page", "20"],
      environment: scratch.environment)
    try folio.press("F")
    try folio.waitForRenders()
    let whole = Self.inkCells(try folio.screen())
    try folio.press("T")
    try folio.expectStatus("trimmed")
    try folio.waitForRenders()
    try folio.expectScreen("the content drawn larger") { screen in
      Double(Self.inkCells(screen.rows.indices.map { screen.text(ofRow: $0) }))
        > Double(whole) * 1.15
    }
    // Double spreads: both pages trimmed side by side.
    try folio.press("s")
    try folio.expectStatus("double", "trimmed")
    try folio.waitForRenders()
    try folio.quit()

    let again = try FolioSession(nil, arguments: [file], environment: scratch.environment)
    try again.expectStatus("trimmed")
    try again.quit()
  }
}
