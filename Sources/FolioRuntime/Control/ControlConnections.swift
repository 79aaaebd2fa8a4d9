import Glibc

/// The control server's thread: accepts clients on the listening socket, refuses one of
/// another user before reading anything it sent (`SO_PEERCRED`), reads lines with `poll`, hands
/// each request to the loop (`post`) and answers a malformed line itself, and writes what the
/// loop queued when a socket takes it. Used on that thread only.
final class ControlConnections: @unchecked Sendable {
  /// A connected client.
  private struct Connection {
    let id: Int
    let descriptor: Int32
    /// Bytes read and not yet a whole line.
    var buffer: [UInt8] = []
    /// The client shut its side: nothing more to read, replies still owed.
    var readEnded = false
    /// It is closed once its queue is sent (a line too long): what it sends is discarded.
    var closesAfterFlush = false
  }

  /// The most clients at once; one more is told so and closed.
  static let clientLimit = 64
  private static let readSize = 64 * 1024

  private let listener: Int32
  private let lineLimit: Int
  private let outboxes: ControlOutboxes
  private let post: (Int, ControlRequest) -> Void
  private var connections: [Connection] = []
  private var nextID = 0
  private var acceptPaused = false
  private var chunk = [UInt8](repeating: 0, count: ControlConnections.readSize)

  /// Connections of `listener` (non-blocking, listening), lines of at most `lineLimit` bytes,
  /// requests handed to `post` with their client's number.
  init(
    listener: Int32, lineLimit: Int, outboxes: ControlOutboxes,
    post: @escaping (Int, ControlRequest) -> Void
  ) {
    self.listener = listener
    self.lineLimit = lineLimit
    self.outboxes = outboxes
    self.post = post
  }

  /// Serves until the outboxes are stopped, then sends what is queued (without blocking) and
  /// closes every client.
  func run() {
    while !outboxes.isStopping {
      var entries = [
        pollfd(fd: outboxes.wake.readDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: acceptPaused ? -1 : listener, events: Int16(POLLIN), revents: 0),
      ]
      for connection in connections {
        var events: Int32 = 0
        if !connection.readEnded { events |= POLLIN }
        if outboxes.status(of: connection.id).hasOutput { events |= POLLOUT }
        entries.append(pollfd(fd: connection.descriptor, events: Int16(events), revents: 0))
      }
      let count = poll(&entries, nfds_t(entries.count), -1)
      guard count >= 0 || errno == EINTR else { break }
      guard count > 0 else { continue }
      if entries[0].revents != 0 { outboxes.wake.drain() }
      if entries[1].revents != 0 { acceptClients() }
      var closing: Set<Int> = []
      for (index, entry) in entries.dropFirst(2).enumerated() where entry.revents != 0 {
        if !serve(at: index, events: Int32(entry.revents)) { closing.insert(index) }
      }
      for index in connections.indices where !closing.contains(index) {
        if isFinished(connections[index]) { closing.insert(index) }
      }
      for index in closing.sorted(by: >) { closeConnection(at: index) }
    }
    // What is queued (a `quit`'s reply, queued just before the stop) goes out as far as the
    // sockets take it without waiting, then every client is closed.
    for index in connections.indices.reversed() {
      let connection = connections[index]
      if outboxes.status(of: connection.id).hasOutput {
        _ = outboxes.flush(connection.id, to: connection.descriptor)
      }
      closeConnection(at: index)
    }
  }

  /// Reads and writes what `events` allow for the connection at `index`; false when it is to
  /// be closed.
  private func serve(at index: Int, events: Int32) -> Bool {
    let connection = connections[index]
    if events & POLLOUT != 0, !outboxes.flush(connection.id, to: connection.descriptor) {
      return false
    }
    if events & (POLLIN | POLLHUP | POLLERR) != 0, !connection.readEnded {
      guard read(at: index) else { return false }
    }
    // Both sides closed (POLLHUP) or an error: nobody is left to answer.
    return events & (POLLHUP | POLLERR) == 0
  }

  /// Whether the connection is done: dropped, or with nothing more to send after a line too
  /// long or after its client shut its side and every request was answered.
  private func isFinished(_ connection: Connection) -> Bool {
    let status = outboxes.status(of: connection.id)
    if status.isDropped { return true }
    if connection.closesAfterFlush { return !status.hasOutput }
    return connection.readEnded && !status.hasOutput && !status.awaitsReplies
  }

  /// Accepts every waiting client: one of another user, or past `clientLimit`, is told why and
  /// closed before anything it sent is read.
  private func acceptClients() {
    while true {
      let descriptor = UnixSocket.accept(listener)
      guard descriptor >= 0 else {
        // Out of descriptors: stop polling the listener until a client leaves.
        if errno == EMFILE || errno == ENFILE { acceptPaused = true }
        if errno == EINTR || errno == ECONNABORTED { continue }
        return
      }
      if let refusal = refusal(of: descriptor) {
        let line = ControlReply.failure(refusal, id: nil).json + "\n"
        _ = Array(line.utf8).withUnsafeBytes { UnixSocket.send(descriptor, $0) }
        close(descriptor)
        continue
      }
      nextID += 1
      outboxes.open(nextID)
      connections.append(Connection(id: nextID, descriptor: descriptor))
    }
  }

  /// Why the client at `descriptor` is refused, or nil if it is served.
  private func refusal(of descriptor: Int32) -> String? {
    guard let uid = UnixSocket.peerUID(descriptor) else { return "who you are is unknown" }
    guard uid == geteuid() else { return "permission denied: another user's viewer" }
    guard connections.count < Self.clientLimit else {
      return "too many clients (at most \(Self.clientLimit))"
    }
    return nil
  }

  /// Reads what the connection at `index` sent and handles its whole lines; false when it is
  /// to be closed at once (a read error, or its client left with nothing owed).
  private func read(at index: Int) -> Bool {
    let descriptor = connections[index].descriptor
    let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 { return errno == EINTR || errno == EAGAIN }
    if count == 0 {
      // The client shut its side. A line it left unfinished is dropped quietly; whole lines
      // are still answered.
      connections[index].readEnded = true
      connections[index].buffer = []
      return true
    }
    guard !connections[index].closesAfterFlush else { return true }  // Discarded.
    connections[index].buffer.append(contentsOf: chunk[0..<count])
    takeLines(at: index)
    return true
  }

  /// Handles each whole line of the connection at `index`; a line longer than `lineLimit` is
  /// answered with an error and the connection closed once it is sent.
  private func takeLines(at index: Int) {
    var buffer = connections[index].buffer
    connections[index].buffer = []
    let id = connections[index].id
    var start = buffer.startIndex
    while let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
      guard newline - start <= lineLimit else { return refuseLongLine(at: index) }
      handle(buffer[start..<newline], from: id)
      start = newline + 1
    }
    buffer.removeFirst(start)
    guard buffer.count <= lineLimit else { return refuseLongLine(at: index) }
    connections[index].buffer = buffer
  }

  private func refuseLongLine(at index: Int) {
    let message = "line longer than \(lineLimit) bytes: connection closed"
    _ = outboxes.enqueue(
      ControlReply.failure(message, id: nil).json, to: connections[index].id, answers: false)
    connections[index].closesAfterFlush = true
    connections[index].buffer = []
  }

  /// Hands the request in `line` to the loop, or answers why it is none; a blank line is
  /// skipped.
  private func handle(_ line: ArraySlice<UInt8>, from client: Int) {
    var line = line
    if line.last == UInt8(ascii: "\r") { line.removeLast() }
    guard line.contains(where: { ![9, 10, 13, 32].contains($0) }) else { return }
    switch ControlRequest.parse(line) {
    case .success(let request):
      outboxes.countRequest(of: client)
      post(client, request)
    case .failure(let malformed):
      _ = outboxes.enqueue(malformed.reply.json, to: client, answers: false)
    }
  }

  private func closeConnection(at index: Int) {
    let connection = connections.remove(at: index)
    outboxes.close(connection.id)
    close(connection.descriptor)
    acceptPaused = false
  }
}
