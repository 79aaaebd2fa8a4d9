import FolioFixtures
import Foundation
import Testing

/// Annotations on the shelf, with files annotated by poppler-glib as another program would:
/// the drawn shelf counts each document's annotations under its cover, `--find --list` over a
/// folder (the shelf's search) finds a word that is only in a note on its page, in a short
/// file and in a long one read a part at a time, and Enter on such a hit in the shelf's hits
/// list opens the document on that page.
@Suite("Notes on the shelf")
struct ShelfNotesTests {
  /// A folder with `notes.pdf` (the annotated sample: 4 annotations; page 2, labelled "5",
  /// has the note "Check this", which its text does not hold) and `plain.pdf` (none).
  func makeFolder(_ folder: ScratchFolder) throws -> String {
    let root = folder.path + "/shelf"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try FixturePDF.writeAnnotatedSample(to: root + "/notes.pdf")
    try FixturePDF.write(
      [FixturePage(width: 612, height: 792, lines: ["a plain page, nothing to check"])],
      title: "Plain paper", to: root + "/plain.pdf")
    return root
  }

  @Test func theDrawnShelfCountsAnnotationsUnderTheCoversThatHaveThem() throws {
    let folder = try ScratchFolder()
    let root = try makeFolder(folder)
    let result = try FolioProcess.run(
      ["--print", "--size", "200x60", root], environment: folder.environment,
      timeLimit: .seconds(120))
    #expect(result.status == 0, "\(result.standardError)")
    let frame = result.standardOutput.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    #expect(frame.contains("2 pages · 4 annotations"), "\(frame)")
    #expect(frame.contains("plain.pdf · Plain paper · 1 page"), "\(frame)")
    #expect(!frame.contains("1 page · "), "\(frame)")
  }

  @Test func aWordOnlyInANoteIsFoundOnItsPage() throws {
    let folder = try ScratchFolder()
    let root = try makeFolder(folder)
    let result = try FolioProcess.run(
      ["--find", "check this", "--list", root], environment: folder.environment,
      timeLimit: .seconds(120))
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    // The note's page (2, labelled 5), its one hit, the note alone as its context; the plain
    // file's "nothing to check" is no hit.
    #expect(lines == [[root + "/notes.pdf", "2", "5", "1", "Check this"]], "\(lines)")
    // A note's tab, line break and escape sequence never reach the output as they are.
    let hostile = try FolioProcess.run(
      ["--find", "fast and", "--list", root], environment: folder.environment,
      timeLimit: .seconds(120))
    #expect(hostile.status == 0, "\(hostile.standardError)")
    #expect(
      hostile.standardOutput == root + "/notes.pdf\t1\tiv\t1\tFast and brown[31m\n",
      "\(hostile.standardOutput.debugDescription)")
  }

  /// A file longer than one answer of the library's workers (`LibraryDocument.pageLimit`) is
  /// read a part at a time by a worker of its own: its notes are read there too, and come from
  /// the text cache the second time.
  @Test func aNoteInALongFileIsFoundOnItsPageAndCached() throws {
    let folder = try ScratchFolder()
    let root = folder.path + "/shelf"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let path = root + "/long.pdf"
    try FixturePDF.write(
      (1...600).map { FixturePage(width: 300, height: 300, lines: ["page \($0)"]) },
      title: "Long", to: path)
    try FixturePDF.annotate(
      path,
      with: [
        FixtureAnnotation(
          page: 549, kind: .note, areas: [FixtureArea(x: 20, y: 20, width: 20, height: 20)],
          note: "a zeppelin passed")
      ])
    for round in 0..<2 {
      let result = try FolioProcess.run(
        ["--find", "zeppelin", "--list", "--verbose", root], environment: folder.environment,
        timeLimit: .seconds(120))
      #expect(result.status == 0, "\(result.standardError)")
      #expect(
        result.standardOutput == "\(path)\t550\t550\t1\ta zeppelin passed\n",
        "\(result.standardOutput)")
      let fromCache = round == 0 ? "600 read, 0 from the cache" : "0 read, 600 from the cache"
      #expect(result.standardError.contains(fromCache), "\(result.standardError)")
    }
  }

  /// Enter on a hit in a note, in the shelf's hits list: the document opens on that page and
  /// stays there (its own search reads only the pages' text), saying why there is no hit.
  @Test func enterOnAHitInANoteOpensTheDocumentOnItsPage() throws {
    let folder = try ScratchFolder()
    let root = try makeFolder(folder)
    let folio = [FolioProcess.executable, root].map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(command: folio, environment: folder.environment)
    let shelf = try tmux.waitFor("4 annotations", timeout: 30).joined(separator: "\n")
    #expect(shelf.contains("4 annotations"), "\(shelf)")
    try tmux.send("/")
    try tmux.send("check this", literal: true)
    try tmux.send("Enter")
    let found = try tmux.waitFor("1 hit on 1 document", timeout: 60).joined(separator: "\n")
    #expect(found.contains("1 hit on 1 document"), "\(found)")
    try tmux.send("L")
    let panel = try tmux.waitFor("Check this").joined(separator: "\n")
    // Said to be in a note.
    #expect(panel.contains("notes.pdf") && panel.contains("note: Check this"), "\(panel)")
    try tmux.send("Enter")
    let opened = try tmux.waitFor("is not in this page's text", timeout: 30)
    let status = opened.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    #expect(status.contains("“check this” is not in this page's text: in a note?"), "\(status)")
    // Page 2 of 2 ("5 · 2 / 2" once its label is read).
    #expect(status.contains("2 / 2"), "\(status)")
    try tmux.send("q")
    _ = try tmux.waitFor("[exited] 0")
  }
}
