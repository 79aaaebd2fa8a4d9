import FolioFixtures
import Foundation
import Testing

/// An encrypted document of a shelf, opened once with its password (issue 47, item 9): for
/// the rest of the run its cover is drawn as its first page and labeled as any other, Enter
/// and `]` open it again without asking, and the shelf's search reads it.
@Suite("Unlocked cover")
struct UnlockedCoverTests {
  /// alpha.pdf ("Alpha Paper", three pages, "orbit" on the second) and locked.pdf (the same,
  /// encrypted with "secret").
  func makeShelf(_ folder: ScratchFolder) throws -> String {
    let root = folder.path + "/shelf"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let pages = (1...3).map { page in
      FixturePage(
        width: 612, height: 792,
        lines: ["Page \(page) of Alpha Paper."] + (page == 2 ? ["an orbit of the moon"] : []))
    }
    try FixturePDF.write(pages, title: "Alpha Paper", to: root + "/alpha.pdf")
    let encrypt = try ChildProcess.run(
      "/usr/bin/qpdf",
      ["--encrypt", "secret", "secret", "256", "--", root + "/alpha.pdf", root + "/locked.pdf"])
    #expect(encrypt.status == 0, "\(encrypt.errorText)")
    return root
  }

  func statusLine(_ tmux: TmuxSession) throws -> String {
    try tmux.screen().last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
  }

  /// Waits until the status line contains `text`; an issue when it does not in time.
  func waitForStatus(_ tmux: TmuxSession, containing text: String) throws {
    let screen = try tmux.waitForScreen(timeout: 20) { _ in
      ((try? self.statusLine(tmux)) ?? "").contains(text)
    }
    #expect(try statusLine(tmux).contains(text), "\(screen)")
  }

  /// Whether the two covers above their labels show the same picture: each row is one cell
  /// width of the grid repeated (the first cover, then the second at the same place in its
  /// cell), for some width.
  func coversMatch(_ screen: [String]) -> Bool {
    guard let labels = screen.firstIndex(where: { $0.contains("locked.pdf") }) else {
      return false
    }
    func trimmed(_ cells: ArraySlice<Character>) -> [Character] {
      Array(cells[..<(cells.lastIndex { $0 != " " }.map { $0 + 1 } ?? cells.startIndex)])
    }
    let rows = screen[..<labels].map { trimmed(ArraySlice(Array($0))) }
    guard rows.contains(where: { !$0.isEmpty }) else { return false }
    let widest = rows.map(\.count).max() ?? 0
    return (4..<max(4, widest)).contains { width in
      rows.allSatisfy { trimmed($0.prefix(width)) == Array($0.dropFirst(width)) }
    }
  }

  @Test func aPasswordTypedOnceUnlocksTheCoverForTheRun() throws {
    let scratch = try ScratchFolder()
    let root = try makeShelf(scratch)
    let folio = [FolioProcess.executable, root].map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(command: folio, environment: scratch.environment)
    let locked = try tmux.waitForScreen(timeout: 20) { lines in
      lines.joined(separator: " ").contains("its password")
    }
    #expect(locked.joined(separator: " ").contains("its password"), "\(locked)")
    #expect(!coversMatch(locked), "\(locked)")
    // A search before the password is known cannot read it.
    try tmux.send("/")
    try tmux.send("orbit", literal: true)
    try tmux.send("Enter")
    let unread = try tmux.waitFor("could not be searched", timeout: 30)
    #expect(unread.contains { $0.contains("1 document could not be searched") }, "\(unread)")
    try openLockedCover(tmux)
    // Back on the shelf: the cover is the first page (the same as the plain copy's), labeled
    // with its title and page count.
    try tmux.send("Escape")
    try waitForStatus(tmux, containing: "shelf/")
    let shelf = try tmux.waitForScreen(timeout: 20) { lines in
      self.coversMatch(lines)
    }
    #expect(coversMatch(shelf), "\(shelf)")
    #expect(!shelf.joined(separator: " ").contains("its password"), "\(shelf)")
    #expect(try statusLine(tmux).contains("locked.pdf · Alpha Paper"))
    // Enter opens it again without asking.
    try tmux.send("Enter")
    try waitForStatus(tmux, containing: "locked.pdf — ")
    #expect(!(try tmux.screen().joined().contains("Password for")))
    // And `]` from the plain copy onto it.
    try tmux.send("Escape")
    try waitForStatus(tmux, containing: "shelf/")
    try tmux.send("h")
    try waitForStatus(tmux, containing: "1 / 2")
    try tmux.send("Enter")
    try waitForStatus(tmux, containing: "alpha.pdf — ")
    try tmux.send("]")
    try waitForStatus(tmux, containing: "locked.pdf — ")
    #expect(!(try tmux.screen().joined().contains("Password for")))
    // The shelf's search reads its text now: the search in force, and a new one, find the
    // hit in both documents.
    try tmux.send("Escape")
    try waitForStatus(tmux, containing: "shelf/")
    // Two hits in all, one on each cover.
    try waitForStatus(tmux, containing: " / 2  locked.pdf")
    #expect(try statusLine(tmux).contains(try Regex(#"hit \d / 2 "#)))
    try tmux.send("/")
    try tmux.send("moon", literal: true)
    try tmux.send("Enter")
    let found = try tmux.waitFor("hits on 2 documents", timeout: 30)
    #expect(found.contains { $0.contains("hits on 2 documents") }, "\(found)")
    try tmux.send("q")
    _ = try tmux.waitFor("[exited] 0")
  }

  /// A password known this run that no longer opens the file (encrypted anew meanwhile) is
  /// asked for again, and the new one opens it.
  @Test func aPasswordThatOpensTheFileNoMoreIsAskedForAgain() throws {
    let scratch = try ScratchFolder()
    let root = try makeShelf(scratch)
    let folio = [FolioProcess.executable, root].map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(command: folio, environment: scratch.environment)
    _ = try tmux.waitFor("its password", timeout: 20)
    try openLockedCover(tmux)
    try tmux.send("Escape")
    try waitForStatus(tmux, containing: "shelf/")
    // Encrypted anew with another password, renamed over it: the shelf is made again.
    let encrypt = try ChildProcess.run(
      "/usr/bin/qpdf",
      ["--encrypt", "other", "other", "256", "--", root + "/alpha.pdf", scratch.path + "/new.pdf"])
    #expect(encrypt.status == 0, "\(encrypt.errorText)")
    #expect(rename(scratch.path + "/new.pdf", root + "/locked.pdf") == 0)
    let relocked = try tmux.waitFor("its password", timeout: 20)
    #expect(relocked.joined().contains("its password"), "\(relocked)")
    try tmux.send("Enter")
    let asked = try tmux.waitFor("Password for", timeout: 20)
    #expect(asked.joined().contains("Password for"), "\(asked)")
    try tmux.send("other", literal: true)
    try tmux.send("Enter")
    try waitForStatus(tmux, containing: "locked.pdf — ")
    try tmux.send("q")
    _ = try tmux.waitFor("[exited] 0")
  }

  /// The encrypted cover (the second) selected, Enter: its password is asked for, and the
  /// document opens with it.
  func openLockedCover(_ tmux: TmuxSession) throws {
    try tmux.send("l")
    try waitForStatus(tmux, containing: "2 / 2")
    try tmux.send("Enter")
    _ = try tmux.waitFor("Password for", timeout: 20)
    try tmux.send("secret", literal: true)
    try tmux.send("Enter")
    try waitForStatus(tmux, containing: "locked.pdf — ")
  }
}
