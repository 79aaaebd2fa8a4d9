import FolioCore
import Foundation
import Glibc
import Testing

@testable import FolioRuntime

/// A control server and clients over real sockets in a temporary folder, answered by a
/// stand-in loop (`ControlTestLoop`).
@Suite struct ControlServerTests {
  private let folder: TemporaryDirectory

  init() throws { folder = try TemporaryDirectory() }

  private func startLoop(
    queueLimit: Int = ControlServer.defaultQueueLimit
  ) throws -> ControlTestLoop {
    try ControlTestLoop(path: folder("\(getpid()).sock"), queueLimit: queueLimit)
  }

  @Test func requestsAreAnsweredWithTheirIds() throws {
    let loop = try startLoop()
    defer { loop.stop() }
    let numbered = try ControlClient.send(
      ControlRequest(name: "echo", arguments: [.string("xii"), .number(3)], id: ControlID(5)),
      to: loop.path)
    #expect(numbered == .success(.array([.string("xii"), .number(3)]), id: ControlID(5)))
    let named = try ControlClient.send(
      ControlRequest(name: "nope", id: ControlID(.string("a\"b"))), to: loop.path)
    #expect(named == .failure("unknown command nope", id: ControlID(.string("a\"b"))))
    let unnumbered = try ControlClient.send(ControlRequest(name: "echo"), to: loop.path)
    #expect(unnumbered == .success(.array([]), id: ControlID(1)))
    #expect(loop.requestNames == ["echo", "nope", "echo"])
  }

  @Test func severalRequestsOnOneConnectionAreAnsweredInOrder() throws {
    let loop = try startLoop()
    defer { loop.stop() }
    let deadline = ContinuousClock.now + .seconds(10)
    let connection = try ControlConnection(path: loop.path, deadline: deadline)
    let lines = (1...20).map {
      ControlRequest(name: "echo", arguments: [.number(Double($0))], id: ControlID($0)).json
    }
    try connection.write(lines.joined(separator: "\n"), deadline: deadline)
    for number in 1...20 {
      let message = try connection.readMessage(deadline: deadline)
      #expect(message == .reply(.success(.array([.number(Double(number))]), id: ControlID(number))))
    }
  }

  @Test func eventsArriveInOrderAfterTheReply() throws {
    let loop = try startLoop()
    defer { loop.stop() }
    var messages: [ControlMessage] = []
    try ControlClient.stream(
      ControlRequest(name: "subscribe", arguments: [.number(500)]), to: loop.path
    ) { message in
      messages.append(message)
      return messages.count < 501
    }
    #expect(messages.first == .reply(.success(id: ControlID(1))))
    let ticks = (0..<500).map {
      ControlMessage.event(ControlEvent(name: "tick", data: .number(Double($0))))
    }
    #expect(Array(messages.dropFirst()) == ticks)
  }

  @Test func aMalformedLineIsAnsweredAndTheConnectionStaysUsable() throws {
    let loop = try startLoop()
    defer { loop.stop() }
    let deadline = ContinuousClock.now + .seconds(10)
    let connection = try ControlConnection(path: loop.path, deadline: deadline)
    try connection.write("{this is not json", deadline: deadline)
    #expect(try connection.readMessage(deadline: deadline) == .reply(.failure("not JSON", id: nil)))
    try connection.write(#"{"command": [], "id": 9}"#, deadline: deadline)
    #expect(
      try connection.readMessage(deadline: deadline)
        == .reply(.failure("\"command\" is empty", id: ControlID(9))))
    try connection.write("", deadline: deadline)  // A blank line is skipped.
    try connection.write(ControlRequest(name: "echo", id: ControlID(10)).json, deadline: deadline)
    #expect(
      try connection.readMessage(deadline: deadline)
        == .reply(.success(.array([]), id: ControlID(10))))
    #expect(loop.requestNames == ["echo"])
  }

  @Test func aHugeLineIsRefusedAndTheServerServesOthers() throws {
    let loop = try startLoop()
    defer { loop.stop() }
    let descriptor = try rawConnection(to: loop.path)
    defer { close(descriptor) }
    // 1 MiB without a newline; the server stops reading it past 64 KiB, so the send may fail.
    let huge = #"{"command": ["echo", ""# + String(repeating: "x", count: 1 << 20)
    let deadline = ContinuousClock.now + .seconds(10)
    var sent = 0
    let bytes = Array(huge.utf8)
    while sent < bytes.count, ContinuousClock.now < deadline {
      let count = bytes[sent...].withUnsafeBytes { UnixSocket.send(descriptor, $0) }
      guard let count else { break }
      sent += count
      var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      _ = poll(&entry, 1, 100)
    }
    let answer = try #require(readUntilClosed(descriptor), "the connection was not closed")
    #expect(
      ControlMessage.parse(answer.dropLast())
        == .reply(.failure("line longer than 65536 bytes: connection closed", id: nil)))
    let reply = try ControlClient.send(ControlRequest(name: "echo"), to: loop.path)
    #expect(reply.isSuccess)
    #expect(loop.requestNames == ["echo"])
  }

  @Test func aClientLeavingMidLineIsDroppedQuietly() throws {
    let loop = try startLoop()
    defer { loop.stop() }
    let halfClosing = try rawConnection(to: loop.path)
    defer { close(halfClosing) }
    let partial = Array(
      (ControlRequest(name: "echo", id: ControlID(1)).json + "\n" + #"{"command": ["partial"]}"#)
        .utf8)
    #expect(partial.withUnsafeBytes { UnixSocket.send(halfClosing, $0) } == partial.count)
    shutdown(halfClosing, Int32(SHUT_WR))
    // The whole line is answered; the last one, never ended by a newline, is dropped even
    // though it reads as a request; then the server closes.
    let answer = try #require(readUntilClosed(halfClosing), "the connection was not closed")
    #expect(
      ControlMessage.parse(answer.dropLast()) == .reply(.success(.array([]), id: ControlID(1))))
    let closing = try rawConnection(to: loop.path)
    let unfinished = Array(#"{"command": ["partial", 1]}"#.utf8)
    _ = unfinished.withUnsafeBytes { UnixSocket.send(closing, $0) }
    close(closing)
    let reply = try ControlClient.send(ControlRequest(name: "echo"), to: loop.path)
    #expect(reply.isSuccess)
    #expect(loop.requestNames == ["echo", "echo"])
  }

  @Test func aClientThatNeverReadsIsDroppedWhileOthersAreServed() throws {
    let loop = try startLoop(queueLimit: 256 * 1024)
    defer { loop.stop() }
    let stuck = try rawConnection(to: loop.path)
    defer { close(stuck) }
    // Asks for 40 replies of 32 KiB and reads none of them: over 1 MiB, past the limit once
    // the socket's own buffer is full.
    let asks = Array(
      String(
        repeating: ControlRequest(name: "blob", arguments: [.number(32 * 1024)]).json + "\n",
        count: 40
      ).utf8)
    #expect(asks.withUnsafeBytes { UnixSocket.send(stuck, $0) } == asks.count)
    #expect(waitUntil { loop.requestNames.count == 40 })
    let reply = try ControlClient.send(
      ControlRequest(name: "echo", arguments: [.string("still here")]), to: loop.path)
    #expect(reply == .success(.array([.string("still here")]), id: ControlID(1)))
    // Dropped: what the socket held can still be read, then the end.
    let held = try #require(readUntilClosed(stuck), "the stuck client was not dropped")
    #expect(held.count < 40 * 32 * 1024)
  }

  @Test func aReplyLongerThanTheQueueLimitReachesAClientThatReads() throws {
    let loop = try startLoop(queueLimit: 64 * 1024)
    defer { loop.stop() }
    let reply = try ControlClient.send(
      ControlRequest(name: "blob", arguments: [.number(300 * 1024)]), to: loop.path)
    #expect(reply == .success(.string(String(repeating: "x", count: 300 * 1024)), id: ControlID(1)))
  }

  @Test func stopClosesClientsAndRemovesTheSocket() throws {
    let loop = try startLoop()
    let deadline = ContinuousClock.now + .seconds(10)
    let connection = try ControlConnection(path: loop.path, deadline: deadline)
    try connection.write(ControlRequest(name: "echo", id: ControlID(1)).json, deadline: deadline)
    #expect(try connection.readMessage(deadline: deadline) != nil)
    #expect(UnixSocket.isSocket(loop.path))
    loop.stop()
    #expect(try connection.readLine(deadline: deadline) == nil)
    #expect(!UnixSocket.isSocket(loop.path))
    #expect(throws: ControlError.noSuchSocket(loop.path)) {
      try ControlClient.send(ControlRequest(name: "echo"), to: loop.path)
    }
  }

  @Test func aStaleSocketIsReplacedButALiveOneOrAFileIsNot() throws {
    let path = folder("\(getpid()).sock")
    try makeStaleSocket(at: path)
    #expect(throws: ControlError.refused(path)) {
      try ControlClient.send(ControlRequest(name: "echo"), to: path)
    }
    let loop = try ControlTestLoop(path: path)
    defer { loop.stop() }
    #expect(try ControlClient.send(ControlRequest(name: "echo"), to: path).isSuccess)
    let inbox = try LoopInbox()
    #expect(throws: ControlError.inUse(path)) { try ControlServer(path: path, inbox: inbox) }
    let file = folder("file.sock")
    try writeInPlace(file)
    #expect(throws: ControlError.notASocket(file)) { try ControlServer(path: file, inbox: inbox) }
    #expect(FileManager.default.fileExists(atPath: file))
  }

  @Test func aSilentViewerTimesOut() throws {
    let loop = try startLoop()
    defer { loop.stop() }
    #expect(throws: ControlError.timedOut(loop.path)) {
      try ControlClient.send(
        ControlRequest(name: "silent"), to: loop.path, timeout: .milliseconds(200))
    }
  }

  @Test func aPathTooLongIsOneLine() throws {
    let path = folder(String(repeating: "p", count: 120) + ".sock")
    #expect(throws: ControlError.pathTooLong(path)) {
      try ControlServer(path: path, inbox: try LoopInbox())
    }
    #expect(throws: ControlError.pathTooLong(path)) {
      try ControlClient.send(ControlRequest(name: "echo"), to: path)
    }
  }
}

/// Leaves a socket file at `path` that nobody listens on (a viewer that crashed).
func makeStaleSocket(at path: String) throws {
  let descriptor = try UnixSocket.make(nonBlocking: false, path: path)
  defer { close(descriptor) }
  let address = try UnixSocket.address(path)
  try check(UnixSocket.withSockaddr(address) { bind(descriptor, $0, $1) })
}
