import FolioFixtures
import Foundation
import Testing

/// A library in tmux, as a person uses it: a folder of good and hostile files as covers with
/// their titles, a search with `&`, Enter on a cover opening its document on its first hit,
/// `n`, back to the shelf in place with where it was left on its cover, `]` on to a file that
/// is no PDF, a password asked for an encrypted one, and `folio` alone listing the documents
/// read last.
@Suite("Library viewer")
struct LibraryViewerTests {
  /// alpha.pdf ("Alpha Paper": "orbit" on pages 2 and 5 of 6), broken.pdf (no PDF), empty.pdf
  /// (0 bytes), locked.pdf (alpha encrypted, password "secret"), papers/DELTA.PDF ("orbit"
  /// on page 1), papers/beta.pdf (no "orbit"): six covers, in that order.
  func makeLibrary(_ folder: ScratchFolder) throws -> String {
    let root = folder.path + "/shelf"
    try FileManager.default.createDirectory(
      atPath: root + "/papers", withIntermediateDirectories: true)
    func write(_ name: String, title: String, hits: [Int: String], pages: Int) throws {
      let content = (1...pages).map { page in
        FixturePage(
          width: 612, height: 792,
          lines: ["Page \(page) of \(title)."] + (hits[page].map { [$0] } ?? ["Nothing here."]))
      }
      try FixturePDF.write(content, title: title, to: root + "/" + name)
    }
    try write(
      "alpha.pdf", title: "Alpha Paper", hits: [2: "an orbit of the moon", 5: "orbit again"],
      pages: 6)
    try write("papers/beta.pdf", title: "Beta Notes", hits: [:], pages: 3)
    try write("papers/DELTA.PDF", title: "Delta Sheet", hits: [1: "orbit in capitals"], pages: 2)
    try Data("not a PDF at all".utf8).write(to: URL(fileURLWithPath: root + "/broken.pdf"))
    FileManager.default.createFile(atPath: root + "/empty.pdf", contents: Data())
    let encrypt = try ChildProcess.run(
      "/usr/bin/qpdf",
      ["--encrypt", "secret", "secret", "256", "--", root + "/alpha.pdf", root + "/locked.pdf"])
    #expect(encrypt.status == 0, "\(encrypt.errorText)")
    return root
  }

  func statusLine(_ tmux: TmuxSession) throws -> String {
    try tmux.screen().last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
  }

  @Test func aFolderAsAShelfOfCoversSearchedOpenedAndLeft() throws {
    let scratch = try ScratchFolder()
    let root = try makeLibrary(scratch)
    let folio = [FolioProcess.executable, root].map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(command: folio, environment: scratch.environment)
    // Six covers: titles once read, the hostile files said so on theirs.
    _ = try tmux.waitFor("/ 6", timeout: 20)
    _ = try tmux.waitFor("Alpha Paper", timeout: 20)
    let shelf = try tmux.waitForScreen(timeout: 20) { lines in
      let text = lines.joined(separator: "\n")
      return text.contains("not a PDF") && text.contains("empty") && text.contains("encrypted")
    }.joined(separator: "\n")
    #expect(shelf.contains("shelf/"), "the library's name on the status line")
    // The file's name first, its title beside it: copies of one document differ by name.
    #expect(try statusLine(tmux).contains("alpha.pdf · Alpha Paper · 6 pages"))
    #expect(shelf.contains("not a PDF") && shelf.contains("encrypted"), "\(shelf)")
    // A search over every document, then only those with hits.
    try tmux.send("/")
    try tmux.send("orbit", literal: true)
    try tmux.send("Enter")
    _ = try tmux.waitFor("hits on 2 documents", timeout: 30)
    try tmux.send("&")
    let filtered = try tmux.waitFor("only documents with hits").joined(separator: "\n")
    #expect(!filtered.contains("Beta Notes"), "\(filtered)")
    // The hits list names each document above its hits, each with its page inside it.
    try tmux.send("L")
    let listed = try tmux.waitFor("p. 5 orbit again").joined(separator: "\n")
    #expect(listed.contains("alpha.pdf · Alpha Paper"), "\(listed)")
    #expect(
      listed.contains("p. 2 an orbit") && listed.contains("p. 1 orbit in capitals"), "\(listed)")
    try tmux.send("Escape")
    _ = try tmux.waitForScreen { !$0.joined().contains("p. 5 orbit again") }
    // Enter on the first: its document on its first hit, n to the next.
    try tmux.send("g")
    try tmux.send("Enter")
    _ = try tmux.waitForScreen(timeout: 20) { _ in
      ((try? self.statusLine(tmux)) ?? "").contains("2 / 6")
    }
    #expect(try statusLine(tmux).contains("hit 1 /"))
    try tmux.send("n")
    _ = try tmux.waitForScreen { _ in ((try? self.statusLine(tmux)) ?? "").contains("5 / 6") }
    // Back: the page view, then the document's grid, then the shelf, on this cover, which
    // says where the document was left.
    try tmux.send("Escape")
    try tmux.send("Escape")
    _ = try tmux.waitForScreen(timeout: 20) { _ in
      ((try? self.statusLine(tmux)) ?? "").contains("shelf/")
    }
    _ = try tmux.waitFor("p. 5 / 6")
    #expect(try statusLine(tmux).contains("Alpha Paper"))
    // `]` from a document goes on to the next file: no PDF, said on the shelf.
    try tmux.send("&")
    _ = try tmux.waitFor("every document")
    try tmux.send("g")
    try tmux.send("Enter")
    _ = try tmux.waitForScreen(timeout: 20) { _ in
      ((try? self.statusLine(tmux)) ?? "").contains("alpha.pdf — ")
    }
    try tmux.send("]")
    _ = try tmux.waitFor("no %PDF- header", timeout: 20)
    // The encrypted one asks for its password.
    try tmux.send("l")
    try tmux.send("l")
    _ = try tmux.waitForScreen { _ in ((try? self.statusLine(tmux)) ?? "").contains("4 / 6") }
    try tmux.send("Enter")
    _ = try tmux.waitFor("Password for", timeout: 20)
    try tmux.send("secret", literal: true)
    try tmux.send("Enter")
    _ = try tmux.waitForScreen(timeout: 20) { _ in
      ((try? self.statusLine(tmux)) ?? "").contains("locked.pdf — ")
    }
    // O: by last opened, locked.pdf (opened last) first; remembered for the next start.
    try tmux.send("Escape")
    _ = try tmux.waitForScreen(timeout: 20) { _ in
      ((try? self.statusLine(tmux)) ?? "").contains("shelf/")
    }
    try tmux.send("O")
    _ = try tmux.waitFor("order: last opened")
    try tmux.send("g")
    _ = try tmux.waitForScreen { _ in ((try? self.statusLine(tmux)) ?? "").contains("1 / 6") }
    _ = try tmux.waitForScreen { _ in ((try? self.statusLine(tmux)) ?? "").contains("locked.pdf") }
    try tmux.send("q")
    _ = try tmux.waitFor("[exited] 0")
    // `folio` alone: the documents read last, newest first.
    let recent = try TmuxSession(
      command: TmuxSession.quote(FolioProcess.executable), environment: scratch.environment)
    let screen = try recent.waitFor("recent documents", timeout: 20).joined(separator: "\n")
    #expect(screen.contains("1 / 2"), "\(screen)")
    try recent.send("q")
    _ = try recent.waitFor("[exited] 0")
  }

  /// PDFs added, removed and added in a new folder while the shelf is open come and go.
  @Test func theShelfFollowsItsFolder() throws {
    let scratch = try ScratchFolder()
    let root = try makeLibrary(scratch)
    let folio = [FolioProcess.executable, root].map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(command: folio, environment: scratch.environment)
    _ = try tmux.waitFor("/ 6", timeout: 20)
    try FileManager.default.copyItem(
      atPath: root + "/alpha.pdf", toPath: root + "/papers/gamma.pdf")
    _ = try tmux.waitFor("/ 7", timeout: 20)
    try FileManager.default.removeItem(atPath: root + "/broken.pdf")
    _ = try tmux.waitFor("/ 6", timeout: 20)
    try FileManager.default.createDirectory(
      atPath: root + "/papers/newer", withIntermediateDirectories: false)
    try FileManager.default.copyItem(
      atPath: root + "/alpha.pdf", toPath: root + "/papers/newer/epsilon.pdf")
    _ = try tmux.waitFor("/ 7", timeout: 20)
    // Enter opens the file the cover shows now: the second is empty.pdf (broken.pdf was).
    try tmux.send("g")
    try tmux.send("l")
    _ = try tmux.waitForScreen { _ in ((try? self.statusLine(tmux)) ?? "").contains("2 / 7") }
    try tmux.send("Enter")
    _ = try tmux.waitFor("empty.pdf: is empty", timeout: 20)
    try tmux.send("q")
    _ = try tmux.waitFor("[exited] 0")
  }
}
