import FolioFixtures
import Foundation
import Testing

/// The shelf's search over (document, page) in tmux: every hit of a long manual found and
/// counted (no size limit loses any), the same count as `--find --list` over the folder, and
/// a document whose own text holds the characters the search once used as marks keeps its
/// hits on their pages in the hits list.
@Suite("Library search")
struct LibrarySearchTests {
  @Test func theShelfFindsEveryHitOfEveryPage() throws {
    let scratch = try ScratchFolder()
    let root = scratch.path + "/books"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    // The 2,415-page manual: its text is longer than one worker answer.
    try FileManager.default.createSymbolicLink(
      atPath: root + "/manual.pdf", withDestinationPath: try FixtureLibrary.path(.manual))
    try Self.writeMarkedDocument(to: root + "/marks.pdf")
    let folio = [FolioProcess.executable, root].map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(command: folio, environment: scratch.environment)
    _ = try tmux.waitFor("/ 2", timeout: 20)
    try tmux.send("/")
    try tmux.send("quaternion", literal: true)
    try tmux.send("Enter")
    let counted = try tmux.waitForScreen(timeout: 240) { lines in
      lines.contains { $0.contains("hits on 1 document") && !$0.contains("searching") }
    }.joined(separator: "\n")
    // The same search from the command line (the cache warm now): the sum of its counts.
    let listed = try FolioProcess.run(
      ["--find", "quaternion", "--list", root], environment: scratch.environment,
      timeLimit: .seconds(240))
    #expect(listed.status == 0, "\(listed.standardError)")
    let total = listed.standardOutput.split(separator: "\n").reduce(0) { sum, line in
      sum + (Int(line.split(separator: "\t", omittingEmptySubsequences: false)[3]) ?? 0)
    }
    #expect(total > 20)
    #expect(counted.contains("\(total) hits on 1 document"), "\(counted)")
    // The marks document: its hits on pages 2 and 3, as the hits list names them.
    try tmux.send("/")
    try tmux.send("orbit", literal: true)
    try tmux.send("Enter")
    _ = try tmux.waitFor("3 hits on 1 document", timeout: 60)
    try tmux.send("L")
    let hits = try tmux.waitFor("p. 3 ").joined(separator: "\n")
    #expect(hits.contains("marks.pdf") && hits.contains("p. 2 orbit"), "\(hits)")
    #expect(!hits.contains("p. 1 ") && !hits.contains("p. 4 "), "\(hits)")
    try tmux.send("Escape")
    try tmux.send("q")
    _ = try tmux.waitFor("[exited] 0")
  }

  /// Enter on a hit picked in the shelf's hits list opens its document at that hit, not at
  /// the document's first: here the second of two hits on page 4, the document's fourth.
  @Test func enterOnAPickedHitOpensItsDocumentAtThatHit() throws {
    let scratch = try ScratchFolder()
    let root = scratch.path + "/books"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let lines = [
      ["orbit one"], ["orbit two"], ["nothing"], ["orbit three", "orbit four"], ["orbit five"],
      ["orbit six"],
    ]
    try FixturePDF.write(
      lines.map { FixturePage(width: 612, height: 792, lines: $0) }, title: "Orbits",
      to: root + "/orbits.pdf")
    try FixturePDF.write(
      [FixturePage(width: 612, height: 792, lines: ["no such word"])], title: "Other",
      to: root + "/other.pdf")
    let folio = [FolioProcess.executable, root].map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(command: folio, environment: scratch.environment)
    _ = try tmux.waitFor("/ 2", timeout: 20)
    try tmux.send("/")
    try tmux.send("orbit", literal: true)
    try tmux.send("Enter")
    _ = try tmux.waitFor("6 hits on 1 document", timeout: 60)
    try tmux.send("L")
    _ = try tmux.waitFor("· p. 6")
    for _ in 0..<3 { try tmux.send("j") }
    try tmux.send("Enter")
    let opened = try tmux.waitForScreen(timeout: 20) { lines in
      lines.contains { $0.contains("hit 4 /") }
    }
    let status = opened.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    #expect(status.contains("4 / 6"), "\(status)")
    // The document's own search (pages), not the shelf's (documents).
    #expect(status.contains("on 5 pages"), "\(status)")
    try tmux.send("q")
    _ = try tmux.waitFor("[exited] 0")
  }

  /// Three pages whose text holds U+E000, U+000C and U+0000 (one page starts with it):
  /// "orbit" once on page 2 and twice on page 3.
  static func writeMarkedDocument(to path: String) throws {
    let pages = [
      ["\u{E000}\u{E000} private \u{E000} marks", "a form\u{0C}feed and a nul\u{0}here"],
      ["\u{0}starts with a nul", "orbit on the second page"],
      ["\u{E000}\u{0C}\u{0}", "orbit and orbit on the third"],
    ].map { FixturePage(width: 612, height: 792, lines: $0) }
    try FixturePDF.write(pages, title: "Marks", to: path)
  }
}
