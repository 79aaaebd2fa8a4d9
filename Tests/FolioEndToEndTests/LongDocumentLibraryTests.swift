import FolioFixtures
import Foundation
import Testing

/// A 15,000-page document among others in a folder: its cover is drawn on the shelf at
/// 200x60 (with its text layer), `--find --list` over the folder finds its hits on the pages
/// it finds them alone, and `--verbose` says how much of each file's text was read and how
/// much came from the text cache.
@Suite("Long documents in a library")
struct LongDocumentLibraryTests {
  /// A folder with the 15,000-page fixture (each page's text its number) and a small document.
  func makeFolder(_ folder: ScratchFolder) throws -> String {
    let root = folder.path + "/shelf"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: root + "/huge.pdf", withDestinationPath: try FixtureLibrary.path(.huge))
    try FixturePDF.write(
      [FixturePage(width: 612, height: 792, lines: ["a small paper, page 9876 cited"])],
      title: "Small paper", to: root + "/small.pdf")
    return root
  }

  @Test func theCoverOfAFifteenThousandPageDocumentIsDrawnAt200x60() throws {
    let folder = try ScratchFolder()
    let root = try makeFolder(folder)
    let result = try FolioProcess.run(
      ["--print", "--size", "200x60", "--text", "on", root], environment: folder.environment,
      timeLimit: .seconds(120))
    #expect(result.status == 0, "\(result.standardError)")
    let frame = result.standardOutput.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    #expect(frame.contains("huge.pdf · 15000 pages"))
    #expect(!frame.contains("took over") && !frame.contains("could not"), "\(frame)")
    // The cover's own text, its page number, drawn inside its frame.
    #expect(Self.showsCoverNumber(frame.split(separator: "\n").map(String.init)), "\(frame)")
  }

  /// Whether a row shows the number 1 alone between the covers' edges (whatever symbols they
  /// are drawn with): the huge document's first page, its text layer drawn.
  static func showsCoverNumber(_ rows: [String]) -> Bool {
    rows.contains { row in
      let words = row.split(separator: " ")
      return words.contains("1")
        && words.allSatisfy { $0 == "1" || !$0.contains { $0.isLetter || $0.isNumber } }
    }
  }

  /// The shelf in a 200x60 terminal: the long document's cover drawn, and a search finds its
  /// page and the small paper's, every file searched.
  @Test func theShelfAt200x60DrawsAndSearchesTheLongDocument() throws {
    let folder = try ScratchFolder()
    let root = try makeFolder(folder)
    let folio = [FolioProcess.executable, root].map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(
      columns: 200, rows: 60, command: folio, environment: folder.environment)
    let shelf = try tmux.waitForScreen(timeout: 30) {
      $0.contains { $0.contains("huge.pdf · 15000 pages") } && Self.showsCoverNumber($0)
    }
    #expect(Self.showsCoverNumber(shelf), "\(shelf.joined(separator: "\n"))")
    #expect(!shelf.contains { $0.contains("took over") || $0.contains("could not") })
    try tmux.send("/")
    try tmux.send("9876", literal: true)
    try tmux.send("Enter")
    let found = try tmux.waitForScreen(timeout: 240) { lines in
      lines.contains { $0.contains("2 hits on 2 documents") && !$0.contains("searching") }
    }
    #expect(
      found.contains { $0.contains("2 hits on 2 documents") && !$0.contains("searching") },
      "\(found.joined(separator: "\n"))")
    #expect(!found.contains { $0.contains("could not be searched") })
    try tmux.send("q")
    _ = try tmux.waitFor("[exited] 0")
  }

  @Test func aFifteenThousandPageDocumentInAFolderIsSearchedAndCounted() throws {
    let folder = try ScratchFolder()
    let root = try makeFolder(folder)
    let first = try FolioProcess.run(
      ["--find", "9876", "--list", "--verbose", root], environment: folder.environment,
      timeLimit: .seconds(300))
    #expect(first.status == 0, "\(first.standardError)")
    #expect(
      first.standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[0...1] }
        == [[Substring(root + "/huge.pdf"), "9876"], [Substring(root + "/small.pdf"), "1"]])
    #expect(
      first.standardError.contains(
        root + "/huge.pdf: text of 15000 pages: 15000 read, 0 from the cache"),
      "\(first.standardError)")
    #expect(first.standardError.contains(root + "/small.pdf: text of 1 pages: 1 read, 0 from"))
    // Again: every page from the cache, the same lines.
    let second = try FolioProcess.run(
      ["--find", "9876", "--list", "--verbose", root], environment: folder.environment,
      timeLimit: .seconds(300))
    #expect(second.status == 0)
    #expect(second.standardOutput == first.standardOutput)
    #expect(
      second.standardError.contains(
        root + "/huge.pdf: text of 15000 pages: 0 read, 15000 from the cache"),
      "\(second.standardError)")
  }
}
