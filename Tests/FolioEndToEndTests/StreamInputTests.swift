import FolioFixtures
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Documents that arrive as streams, read once and in order: `… | folio -`, and a named pipe
/// (what `folio <(curl …)` passes). They must draw exactly like the file they carry, in the
/// picture output and in the viewer, and a stream that is no PDF must say why in one line.
@Suite("Stream input")
struct StreamInputTests {
  static let picture = ["--print", "--size", "40x12", "--colors", "truecolor", "--page", "3"]

  static func fixture() throws -> (path: String, bytes: Data) {
    let path = try FixtureLibrary.path(.numbered)
    return (path, try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test func pipedDocumentPrintsLikeTheFile() throws {
    let (path, bytes) = try Self.fixture()
    let expected = try FolioProcess.run(Self.picture + [path])
    let piped = try FolioProcess.run(Self.picture + ["-"], input: bytes)
    #expect(
      expected.status == 0 && !expected.standardOutput.isEmpty,
      "status \(expected.status): \(expected.standardError)")
    #expect(piped.status == 0, "\(piped.standardError)")
    // Seen to fail once under heavy load, without a message: say enough to tell why.
    #expect(
      piped.standardOutput == expected.standardOutput,
      """
      piped \(piped.standardOutput.count) characters, status \(piped.status), \
      error \(piped.standardError); from the file \(expected.standardOutput.count) characters
      """)
  }

  @Test func socketOnStandardInputIsReadLikeTheFile() throws {
    // What socket activation or another program's spawn hands over: /dev/stdin cannot be
    // reopened for a socket, so folio reads descriptor 0 itself.
    let (path, bytes) = try Self.fixture()
    var ends: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
    // Sent from another thread while folio reads, then closed: the end of the stream. (No
    // SIGPIPE for the test if folio stops reading early.)
    let sender = ends[0]
    let writer = Thread {
      bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
          let sent = send(
            sender, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
          if sent < 0 && errno == EINTR { continue }
          if sent <= 0 { break }
          offset += sent
        }
      }
      close(sender)
    }
    writer.start()
    defer { close(ends[1]) }
    let result = try ChildProcess.run(
      FolioProcess.executable, Self.picture + ["-"], input: .descriptor(ends[1]))
    #expect(result.status == 0, "\(result.errorText)")
    #expect(result.outputText == (try FolioProcess.run(Self.picture + [path])).standardOutput)
  }

  @Test func namedPipeIsReadLikeTheFile() throws {
    let (path, bytes) = try Self.fixture()
    let fifo = FixtureLibrary.directory + "/stream-\(getpid())-\(UUID().uuidString.prefix(8))"
    try #require(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    // Opening a named pipe for writing waits for its reader, folio. Close-on-exec, so that no
    // child another test spawns meanwhile keeps the pipe open (folio would wait for its end).
    let writer = Thread {
      let file = open(fifo, O_WRONLY | O_CLOEXEC)
      guard file >= 0 else { return }
      _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
      close(file)
    }
    writer.start()
    let result = try FolioProcess.run(Self.picture + [fifo])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == (try FolioProcess.run(Self.picture + [path])).standardOutput)
  }

  @Test func streamsThatAreNoPDFSayWhy() throws {
    let (_, bytes) = try Self.fixture()
    let cases: [(Data, String)] = [
      (Data(), "empty"), (Data("hello\n".utf8), "not a PDF"),
      (bytes.prefix(bytes.count / 3), "damaged"),
    ]
    for (input, reason) in cases {
      let result = try FolioProcess.run(["--print", "-"], input: input)
      #expect(result.status == 1, "\(reason): \(result.standardError)")
      #expect(result.standardOutput.isEmpty)
      #expect(result.standardError.hasPrefix("folio: standard input: "), "\(result.standardError)")
      #expect(result.standardError.contains(reason), "\(result.standardError)")
      #expect(result.standardError.filter { $0 == "\n" }.count == 1)
    }
  }

  @Test(arguments: [FolioSession.Delivery.pipe, .redirect])
  func documentOnStandardInputOpensInTheViewerWithKeysFromTheTerminal(
    delivery: FolioSession.Delivery
  ) throws {
    let folio = try FolioSession(.numbered, delivery: delivery)
    try folio.expectStatus("1 / 40", "grid")
    // Every thumbnail of the first screen is drawn: the render threads read the document too.
    try folio.waitForStatus { !$0.contains("rendering") }
    try folio.press("l", "l")
    try folio.expectStatus("3 / 40")
    #expect(!(try folio.waitForStatus { !$0.contains("rendering") }).contains("rendering"))
    try folio.quit()
  }

  @Test func dashWithATerminalForInputIsAUsageError() throws {
    let tmux = try TmuxSession(
      command: [FolioProcess.executable, "-"].map(TmuxSession.quote).joined(separator: " "))
    let screen = try tmux.waitFor("[exited]")
    #expect(screen.contains { $0.contains("[exited] 2") }, "\(screen)")
    #expect(
      screen.contains { $0.contains("folio: - reads the PDF from standard input") }, "\(screen)")
  }
}
