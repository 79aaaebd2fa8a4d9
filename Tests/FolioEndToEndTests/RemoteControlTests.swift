import FolioFixtures
import FolioRuntime
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `folio --remote` against the real viewer in tmux (issue 48): goto, get, find, open, the
/// refusals and their exit statuses, `--to`, `subscribe`, and clients that misbehave. (A
/// client of another user is refused: ControlPeerTests, which needs no terminal.)
@Suite("Remote control")
struct RemoteControlTests {
  @Test func gotoGetFindOpenAndRefusals() throws {
    let scratch = try ScratchFolder()
    let file = try RemoteFixture.write(in: scratch)
    let other = try scratch.writeDocument("other.pdf", pages: 5)
    let folio = try FolioSession(
      nil, arguments: [file, "--mode", "continuous"], environment: scratch.environment)
    try folio.expectPage(1, of: 6)

    // By number and by label: the answer is the page's number, and the screen follows.
    let byNumber = try folio.remote("goto", "4")
    #expect(byNumber.status == 0 && byNumber.standardOutput == "4\n", "\(byNumber)")
    try folio.expectPage(4, of: 6)
    try folio.expectGet("page", "4")
    try folio.expectGet("label", "A-2")
    // A label is known once its page was read (the page shown): page 4's is now.
    #expect(try folio.remote("goto", "1").status == 0)
    try folio.expectPage(1, of: 6)
    let byLabel = try folio.remote("goto", "A-2")
    #expect(byLabel.status == 0 && byLabel.standardOutput == "4\n", "\(byLabel)")
    try folio.expectPage(4, of: 6)
    try folio.expectGet("label", "A-2")
    #expect(try folio.remote("goto", "2").status == 0)
    try folio.expectPage(2, of: 6)
    try folio.expectGet("pages", "6")
    try folio.expectGet("view", "continuous")
    try folio.expectGet("file", file)

    let find = try folio.remote("find", "lemma")
    #expect(find.status == 0, "\(find)")
    let hits = try folio.waitForGet("hits") { $0.contains(#""complete":true"#) }
    #expect(hits.contains(#""count":3"#) && hits.contains(#""query":"lemma""#), "\(hits)")
    try folio.expectStatus("hit")

    // Refused: status 1 and one line on stderr; the viewer is where it was.
    for words in [["no-such-command"], ["goto", "999"], ["get", "colour"], ["next-page", "0"]] {
      let refused = try folio.remote(words)
      #expect(refused.status == 1, "\(words): \(refused)")
      #expect(refused.standardOutput.isEmpty, "\(words): \(refused)")
      let lines = refused.standardError.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == 2 && lines[1].isEmpty, "\(words): one line: \(refused)")
      #expect(refused.standardError.hasPrefix("folio: "), "\(words): \(refused)")
    }
    #expect(try folio.remote("goto", "999").standardError.contains("6 pages"))
    try folio.expectGet("page", "2")

    // Another file, at its page 3.
    let opened = try folio.remote("open", other, "3")
    #expect(opened.status == 0, "\(opened)")
    try folio.expectPage(3, of: 5)
    try folio.expectGet("file", other)
    try folio.expectGet("page", "3")
    try folio.expectGet("pages", "5")
    let missing = try folio.remote("open", scratch.path + "/missing.pdf")
    #expect(missing.status == 1 && missing.standardError.contains("no file"), "\(missing)")
    try folio.expectGet("file", other)
    try folio.quit()
  }

  @Test func toPicksTheViewerShowingAPDFOrASocketAndNoViewerIsStatusTwo() throws {
    let scratch = try ScratchFolder()
    let file = try RemoteFixture.write(in: scratch)
    let other = try scratch.writeDocument("other.pdf", pages: 5)
    // No viewer yet in this runtime folder: status 2, one line.
    let nobody = try FolioProcess.run(
      ["--remote", "get", "page"], environment: scratch.environment, timeLimit: .seconds(20))
    #expect(nobody.status == 2, "\(nobody)")
    #expect(nobody.standardError.split(separator: "\n").count == 1, "\(nobody)")

    // Two viewers sharing one runtime folder (the scratch folder's).
    let first = try FolioSession(nil, arguments: [file], environment: scratch.environment)
    let second = try FolioSession(nil, arguments: [other], environment: scratch.environment)
    try first.expectPage(1, of: 6)
    try second.expectPage(1, of: 5)
    #expect(first.controlFolder == second.controlFolder)
    let toOther = try second.remote(["goto", "4"], to: other)
    #expect(toOther.status == 0, "\(toOther)")
    try second.expectPage(4, of: 5)
    let toFile = try first.remote(["goto", "3"], to: file)
    #expect(toFile.status == 0 && toFile.standardOutput == "3\n", "\(toFile)")
    try first.expectPage(3, of: 6)
    // Each stayed where it was sent.
    #expect(try first.remote(["get", "page"], to: file).standardOutput == "3\n")
    #expect(try first.remote(["get", "page"], to: other).standardOutput == "4\n")
    // A socket's path picks its viewer whatever it shows.
    let bySocket = try first.remote(["get", "file"], to: first.controlSocket)
    #expect(bySocket.status == 0 && bySocket.standardOutput == file + "\n", "\(bySocket)")
    let otherSocket = try first.remote(["get", "file"], to: second.controlSocket)
    #expect(otherSocket.standardOutput == other + "\n", "\(otherSocket)")
    // A PDF nobody shows: no viewer.
    let unshown = try first.remote(["get", "page"], to: scratch.path + "/unshown.pdf")
    #expect(unshown.status == 2 && unshown.standardError.contains("no viewer shows"), "\(unshown)")
    try first.quit()
    try second.quit()
  }

  @Test func subscribePageHearsThePageNowThenEachChangeUntilTheViewerQuits() throws {
    let scratch = try ScratchFolder()
    let file = try RemoteFixture.write(in: scratch)
    let folio = try FolioSession(nil, arguments: [file], environment: scratch.environment)
    // Pages 2 and 3 are read first, so each event carries its page's label (a page whose
    // label is not read yet is announced with a null label, then again once it is read).
    for (page, label) in [(3, "A-1"), (2, "ii"), (1, "i")] {
      #expect(try folio.remote("goto", String(page)).status == 0)
      try folio.expectGet("label", label)
    }
    // The subscriber runs in a second (hidden) window of the same tmux session.
    let events = scratch.path + "/events"
    let ended = scratch.path + "/ended"
    let client = [FolioProcess.executable, "--remote", "subscribe", "page"].map(TmuxSession.quote)
      .joined(separator: " ")
    try folio.tmux.run([
      "new-window", "-d", "-t", folio.tmux.name,
      "env XDG_RUNTIME_DIR=\(TmuxSession.quote(folio.tmux.runtimeFolder)) \(client)"
        + " > \(TmuxSession.quote(events)); echo $? > \(TmuxSession.quote(ended))",
    ])
    func lines() -> [String] {
      ((try? String(contentsOfFile: events, encoding: .utf8)) ?? "").split(separator: "\n")
        .map(String.init)
    }
    func waitForLines(_ count: Int) -> [String] {
      let deadline = Date().addingTimeInterval(FolioSession.deadline)
      var read = lines()
      while read.count < count, Date() < deadline {
        usleep(20_000)
        read = lines()
      }
      return read
    }
    let page = { (number: Int, label: String) in
      #"{"data":{"label":"\#(label)","page":\#(number)},"event":"page"}"#
    }
    #expect(waitForLines(1) == [page(1, "i")])
    #expect(try folio.remote("next-page").status == 0)
    try folio.expectPage(2, of: 6)
    #expect(waitForLines(2) == [page(1, "i"), page(2, "ii")])
    #expect(try folio.remote("next-page").status == 0)
    try folio.expectPage(3, of: 6)
    #expect(waitForLines(3) == [page(1, "i"), page(2, "ii"), page(3, "A-1")])
    // A change of something else (the view; the page stays) is no page event.
    #expect(try folio.remote("continuous").status == 0)
    try folio.expectGet("view", "continuous")
    try folio.expectGet("page", "3")
    #expect(try folio.remote("quit").status == 0)
    try folio.expectExit()
    let deadline = Date().addingTimeInterval(FolioSession.deadline)
    var status = ""
    while !status.hasSuffix("\n"), Date() < deadline {
      usleep(20_000)
      status = (try? String(contentsOfFile: ended, encoding: .utf8)) ?? ""
    }
    #expect(status == "0\n", "the subscriber did not end with the viewer: “\(status)”")
    #expect(lines() == [page(1, "i"), page(2, "ii"), page(3, "A-1")])
  }

  @Test func badClientsDoNoHarm() throws {
    let scratch = try ScratchFolder()
    let file = try RemoteFixture.write(in: scratch)
    let folio = try FolioSession(nil, arguments: [file], environment: scratch.environment)
    try folio.expectPage(1, of: 6)
    let socket = folio.controlSocket
    #expect(FileManager.default.fileExists(atPath: socket))

    // A malformed line is answered with an error; the connection stays usable.
    let deadline = ContinuousClock.now + .seconds(10)
    let connection = try ControlConnection(path: socket, deadline: deadline)
    try connection.write("{\"command\": [\"goto\", 2", deadline: deadline)
    let malformed = try connection.readMessage(deadline: deadline)
    #expect(malformed == .reply(ControlReply(id: nil, outcome: .failure("not JSON"))))
    try connection.write(#"{"command": ["get", "pages"], "id": 7}"#, deadline: deadline)
    #expect(
      try connection.readMessage(deadline: deadline)
        == .reply(ControlReply(id: ControlID(7), outcome: .success(.number(6)))))

    // A 1 MiB line without a newline: refused and closed.
    let huge = try RawControlClient(path: socket)
    huge.write(Array(repeating: UInt8(ascii: "x"), count: 1 << 20))
    let answer = huge.readUntilClosed()
    #expect(answer.closed, "a 1 MiB line left the connection open")
    #expect(answer.text.isEmpty || answer.text.contains(#""ok":false"#), "\(answer.text)")

    // A client that goes mid-line.
    let leaving = try RawControlClient(path: socket)
    leaving.write(Array(#"{"command": ["next-pa"#.utf8))
    leaving.close()

    // The viewer still answers and still takes keys.
    try folio.expectGet("page", "1")
    try folio.press("l")
    try folio.expectPage(2, of: 6)
    try folio.expectGet("page", "2")
    #expect(try folio.remote("goto", "5").status == 0)
    try folio.expectPage(5, of: 6)
    try folio.quit()
  }
}
