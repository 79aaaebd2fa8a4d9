import FolioFixtures
import Foundation
import Testing

/// The remembered place, as a person meets it: quit and come back, a dropped connection, two
/// documents, a renamed copy, `--page` and `--no-remember`, and a state file that is damaged
/// or cannot be written.
@Suite("Remembered place")
struct RememberedPlaceTests {
  /// Starts folio on `file` with the scratch folder's state.
  func open(_ file: String, in scratch: ScratchFolder, _ arguments: [String] = []) throws
    -> FolioSession
  {
    try FolioSession(nil, arguments: arguments + [file], environment: scratch.environment)
  }

  @Test func quittingRemembersPageViewZoomAndSpreads() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("book.pdf", pages: 30)
    let first = try open(file, in: scratch)
    try first.go(to: 17)
    try first.expectPage(17, of: 30)
    try first.press("Tab", "Tab")  // grid → continuous → spread
    try first.press("s", "r", "+")
    try first.expectStatus("spread", "double", "RTL", "125%")
    try first.quit()

    let second = try open(file, in: scratch)
    let status = try second.expectStatus("spread", "double", "RTL", "125%")
    #expect(FolioSession.position(in: status)?.count == 30, "\(status)")
    #expect([16, 17].contains(FolioSession.position(in: status)?.page ?? 0), "\(status)")
    try second.quit()

    // Known by content: a renamed copy opens at the same place.
    let copy = scratch.path + "/copy of book.pdf"
    try FileManager.default.copyItem(atPath: file, toPath: copy)
    let third = try open(copy, in: scratch)
    try third.expectStatus("spread", "double", "RTL")
    try third.quit()
  }

  @Test func aHangUpSavesThePlaceBeforeExiting() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("paper.pdf", pages: 20)
    let first = try open(file, in: scratch)
    try first.go(to: 9)
    try first.press("Tab")
    try first.expectStatus("9 / 20", "continuous")
    #expect(first.pid > 0)
    // A closed terminal usually sends two: the shell forwards one, the kernel sends another.
    kill(first.pid, SIGHUP)
    kill(first.pid, SIGHUP)
    let screen = try first.tmux.waitFor("[exited]")
    #expect(screen.contains { $0.contains("[exited] 129") }, "\(screen)")

    let second = try open(file, in: scratch)
    try second.expectStatus("9 / 20", "continuous")
    try second.quit()
  }

  @Test func eachDocumentHasItsOwnPlaceAndPageAndNoRememberWin() throws {
    let scratch = try ScratchFolder()
    let one = try scratch.writeDocument("one.pdf", pages: 12, version: 1)
    let two = try scratch.writeDocument("two.pdf", pages: 14, version: 2)
    for (file, page) in [(one, 5), (two, 11)] {
      let folio = try open(file, in: scratch)
      try folio.go(to: page)
      try folio.expectPage(page, of: file == one ? 12 : 14)
      try folio.quit()
    }
    let reopenedOne = try open(one, in: scratch)
    try reopenedOne.expectPage(5, of: 12)
    try reopenedOne.quit()
    // --page wins over the remembered page (and what it shows is then remembered).
    let withPage = try open(two, in: scratch, ["--page", "3"])
    try withPage.expectPage(3, of: 14)
    try withPage.quit()
    // --no-remember neither restores nor saves.
    let forgetful = try open(two, in: scratch, ["--no-remember"])
    try forgetful.expectPage(1, of: 14)
    try forgetful.go(to: 7)
    try forgetful.expectPage(7, of: 14)
    try forgetful.quit()
    let again = try open(two, in: scratch)
    try again.expectPage(3, of: 14)
    try again.quit()
  }

  @Test func aDamagedStateFileIsSetAsideAndTheViewerWorks() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("doc.pdf", pages: 10)
    try FileManager.default.createDirectory(
      atPath: scratch.path + "/state/folio", withIntermediateDirectories: true)
    let garbage =
      Data("this is not a database, it is garbage".utf8) + Data(repeating: 0xAB, count: 4000)
    try garbage.write(to: URL(fileURLWithPath: scratch.placesFile))
    let folio = try open(file, in: scratch)
    try folio.expectPage(1, of: 10)
    try folio.go(to: 6)
    try folio.expectPage(6, of: 10)
    try folio.quit()
    // The damaged bytes are kept aside, untouched; a new file took their place.
    let folder = scratch.path + "/state/folio"
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    let aside = names.filter {
      $0 != "places.sqlite" && !$0.hasPrefix("places.sqlite-") && $0.hasSuffix(".sqlite")
    }
    #expect(aside.count == 1, "\(names)")
    if let name = aside.first {
      #expect(FileManager.default.contents(atPath: folder + "/" + name) == garbage)
    }
    let again = try open(file, in: scratch)
    try again.expectPage(6, of: 10)
    try again.quit()
  }

  @Test func aStateFileThatCannotBeWrittenCostsOnlyTheRemembering() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("doc.pdf", pages: 10)
    let first = try open(file, in: scratch)
    try first.go(to: 4)
    try first.quit()
    // Made immutable (chattr +i stops even root); checked before relying on it.
    let folder = scratch.path + "/state/folio"
    let lock = try ChildProcess.run("chattr", ["+i", scratch.placesFile, folder])
    defer { _ = try? ChildProcess.run("chattr", ["-i", scratch.placesFile, folder]) }
    let probe = folder + "/probe"
    let canWrite = FileManager.default.createFile(atPath: probe, contents: Data("x".utf8))
    try #require(
      lock.status == 0 && !canWrite,
      "this file system cannot make the state folder read-only: \(lock.errorText)")
    let second = try open(file, in: scratch)
    // The place is still restored, and the viewer works; the line saying why places cannot be
    // saved shows for a few seconds from the start (too briefly to check on a busy machine:
    // `UpdateTests` checks that a problem reaches the status line).
    try second.expectPage(4, of: 10)
    try second.go(to: 8)
    try second.expectPage(8, of: 10)
    try second.press("j")
    try second.quit()
    let third = try open(file, in: scratch)
    try third.expectPage(4, of: 10)
    try third.quit()
  }

  @Test func printNeitherRestoresNorSaves() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("doc.pdf", pages: 10)
    let arguments = ["--print", "--mode", "grid", "--size", "80x24", "--colors", "none", file]
    let alone = try FolioProcess.run(arguments, environment: scratch.environment)
    #expect(alone.status == 0)
    #expect(
      !FileManager.default.fileExists(atPath: scratch.placesFile), "--print wrote a state file")
    let folio = try open(file, in: scratch)
    try folio.go(to: 4)
    try folio.expectPage(4, of: 10)
    try folio.quit()
    let after = try FolioProcess.run(arguments, environment: scratch.environment)
    let status = after.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
    #expect(status.contains("1 / 10"), "the same frame every time: \(status)")
    #expect(after.standardOutput == alone.standardOutput)
  }
}
