import FolioCore
import Glibc

/// A client's connection to a viewer's control socket: lines written and read with deadlines,
/// never blocking past them, never raising SIGPIPE. `ControlClient` uses one per request.
public final class ControlConnection {
  /// The longest line read from a viewer, 64 MiB (an outline of 100,000 entries fits).
  static let lineLimit = 64 * 1024 * 1024

  /// The socket's path.
  public let path: String
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  /// Where the next line starts in `buffer`.
  private var start = 0
  private var isClosed = false

  /// Connects to the socket at `path`, waiting at most until `deadline` for the viewer to
  /// accept.
  public init(path: String, deadline: ContinuousClock.Instant) throws(ControlError) {
    self.path = path
    descriptor = try UnixSocket.connect(to: path, deadline: deadline)
  }

  deinit { close(descriptor) }

  /// Writes `line` and a newline, by `deadline`.
  public func write(_ line: String, deadline: ContinuousClock.Instant) throws(ControlError) {
    let bytes = Array((line + "\n").utf8)
    var sent = 0
    while sent < bytes.count {
      try wait(for: POLLOUT, until: deadline)
      let count = bytes[sent...].withUnsafeBytes { UnixSocket.send(descriptor, $0) }
      guard let count else { throw .closed(path) }
      sent += count
    }
  }

  /// The next line read (without its newline), waiting at most until `deadline` (for ever
  /// when nil); nil once the viewer closed the connection.
  public func readLine(deadline: ContinuousClock.Instant?) throws(ControlError) -> [UInt8]? {
    while true {
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(buffer[start..<newline])
        start = newline + 1
        if start > 64 * 1024, start * 2 > buffer.count {
          buffer.removeFirst(start)
          start = 0
        }
        return line
      }
      guard !isClosed else { return nil }
      guard buffer.count - start <= Self.lineLimit else { throw .malformedReply(path) }
      try wait(for: POLLIN, until: deadline)
      var chunk = [UInt8](repeating: 0, count: 64 * 1024)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        // Closed (or reset): a last line without its newline is not a message.
        isClosed = true
      }
    }
  }

  /// The next message read (lines that are not messages are refused), nil once the viewer
  /// closed the connection.
  public func readMessage(deadline: ContinuousClock.Instant?) throws(ControlError)
    -> ControlMessage?
  {
    guard let line = try readLine(deadline: deadline) else { return nil }
    guard let message = ControlMessage.parse(line) else { throw .malformedReply(path) }
    return message
  }

  /// Waits until the socket is ready for `events` (or closed), at most until `deadline`.
  private func wait(for events: Int32, until deadline: ContinuousClock.Instant?)
    throws(ControlError)
  {
    while true {
      var timeout: Int32 = -1
      if let deadline {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { throw .timedOut(path) }
        timeout = Int32(clamping: remaining.wholeMilliseconds &+ 1)
      }
      var entry = pollfd(fd: descriptor, events: Int16(events), revents: 0)
      let ready = poll(&entry, 1, timeout)
      if ready > 0 { return }
      if ready < 0, errno != EINTR { throw .systemCall("poll", errno, path) }
    }
  }
}
