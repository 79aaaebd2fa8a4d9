import FolioFixtures
import Foundation
import Testing

/// Reloading when the file changes, as a person meets it: an editor or LaTeX replacing the
/// file by rename, a tool writing it in place (half written first), the file going away, and
/// `R` by hand.
@Suite("Reload")
struct ReloadTests {
  func open(_ file: String, in scratch: ScratchFolder) throws -> FolioSession {
    try FolioSession(nil, arguments: [file], environment: scratch.environment)
  }

  @Test func aFileReplacedByRenameIsReloadedAtTheSamePlace() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("paper.pdf", pages: 10, version: 1)
    let folio = try open(file, in: scratch)
    try folio.press("Tab")
    try folio.go(to: 6)
    try folio.expectStatus("6 / 10", "continuous")
    let next = try scratch.bytesOfDocument(pages: 12, version: 2)
    let temporary = file + ".tmp"
    try next.write(to: URL(fileURLWithPath: temporary))
    #expect(rename(temporary, file) == 0)
    let status = try folio.expectStatus("/ 12", "continuous")
    #expect(FolioSession.position(in: status)?.page == 6, "\(status)")
    // The title on the status line is the new version's.
    try folio.waitForRenders()
    try folio.expectStatus("Version 2")
    try folio.quit()
  }

  @Test func aHalfWrittenFileWaitsForItsEnd() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("draft.pdf", pages: 8, version: 1)
    let folio = try open(file, in: scratch)
    try folio.go(to: 3)
    try folio.expectPage(3, of: 8)
    let next = try scratch.bytesOfDocument(pages: 5, version: 2)
    // Written in place: first half, then (a moment later) the rest.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: next.prefix(next.count / 2))
    try handle.synchronize()
    let waiting = try folio.expectStatus("waiting for a complete file")
    #expect(waiting.contains("/ 8"), "the last good version stays: \(waiting)")
    // The viewer still works meanwhile.
    try folio.press("l")
    try folio.expectPage(4, of: 8)
    try handle.write(contentsOf: next.suffix(from: next.count / 2))
    try handle.close()
    try folio.expectStatus("/ 5")
    try folio.expectPage(4, of: 5)
    try folio.quit()
  }

  @Test func aFileThatGoesAwayKeepsItsLastVersionUntilItComesBack() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("notes.pdf", pages: 6, version: 1)
    let folio = try open(file, in: scratch)
    try folio.expectPage(1, of: 6)
    let kept = try Data(contentsOf: URL(fileURLWithPath: file))
    try FileManager.default.removeItem(atPath: file)
    try folio.expectStatus("waiting for a complete file", "no such file")
    try folio.press("l")
    try folio.expectPage(2, of: 6)
    let next = try scratch.bytesOfDocument(pages: 7, version: 2)
    #expect(next != kept)
    try next.write(to: URL(fileURLWithPath: file))
    try folio.expectStatus("/ 7")
    try folio.quit()
  }

  @Test func capitalRReloadsByHand() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("slides.pdf", pages: 4, version: 1)
    let folio = try open(file, in: scratch)
    try folio.expectPage(1, of: 4)
    try folio.press("R")
    try folio.expectStatus("reloaded", "1 / 4")
    try folio.quit()
  }

  @Test func aDocumentFromAPipeIsNeitherWatchedNorReloaded() throws {
    let folio = try FolioSession(.numbered, delivery: .pipe)
    try folio.expectPage(1, of: 40)
    try folio.press("R")
    try folio.expectStatus("cannot reload")
    try folio.quit()
  }

  @Test func aWatchedFolderThatIsRemovedAndMadeAgainIsWatchedAgain() throws {
    let scratch = try ScratchFolder()
    let build = scratch.path + "/build"
    try FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: true)
    let target = try scratch.writeDocument("build/out.pdf", pages: 5, version: 1)
    let link = scratch.path + "/paper.pdf"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let folio = try open(link, in: scratch)
    try folio.expectPage(1, of: 5)
    try FileManager.default.removeItem(atPath: build)
    try folio.expectStatus("waiting for a complete file")
    try FileManager.default.createDirectory(atPath: build, withIntermediateDirectories: true)
    try scratch.bytesOfDocument(pages: 9, version: 2).write(to: URL(fileURLWithPath: target))
    try folio.expectStatus("/ 9", timeout: 15)
    // And it is watched from then on.
    try scratch.bytesOfDocument(pages: 11, version: 3).write(
      to: URL(fileURLWithPath: target + ".tmp"))
    #expect(rename(target + ".tmp", target) == 0)
    try folio.expectStatus("/ 11")
    try folio.quit()
  }
}
