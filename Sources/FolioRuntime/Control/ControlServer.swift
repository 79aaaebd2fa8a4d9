import FolioUI
import Glibc

/// A running viewer's control socket: listens at a path (`ControlSocketFolder`'s
/// `<pid>.sock`), accepts clients of the same user only, and reads their JSON lines on a
/// thread of its own. Each request goes to the loop's `LoopInbox` as a letter; the loop takes
/// them (`requests(in:)` with the letters it took, or `takeRequests()`) and answers with
/// `reply(_:to:)` and `send(event:to:)`, which queue the line and return at once: the
/// server's thread writes it when the client's socket takes it, and drops a client whose
/// queue passes `queueLimit` (one that does not read). A malformed line is answered by the
/// server itself; a line longer than `lineLimit` is answered and its connection closed.
/// Nothing read is ever run. `stop()` (also at deinit) closes everything and removes the
/// socket file. Use from the loop's thread.
public final class ControlServer: LoopService {
  /// A connected client, as long as the server runs (numbers are never reused).
  public struct ClientID: Hashable, Sendable, Comparable, CustomStringConvertible {
    let rawValue: Int

    public static func < (lhs: ClientID, rhs: ClientID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "client \(rawValue)" }
  }

  /// A request read from a client.
  public struct Incoming: Hashable, Sendable {
    /// Who sent it: where its reply goes.
    public let client: ClientID
    /// What it asks.
    public let request: ControlRequest
  }

  /// The longest line read, 64 KiB.
  public static let defaultLineLimit = 64 * 1024
  /// The most bytes kept for a client that does not read, 4 MiB.
  public static let defaultQueueLimit = 4 * 1024 * 1024

  /// The socket's path.
  public let path: String
  private let inbox: LoopInbox
  private let address: LoopInbox.Address
  private let outboxes: ControlOutboxes
  private let listener: Int32
  private let boundFile: (device: UInt, inode: UInt)
  private var thread: JoinableThread?

  /// Listens at `path` and starts the server's thread, posting requests to `inbox`. A socket
  /// file already at `path` that nobody answers (a viewer that crashed) is replaced; one that
  /// answers, or anything that is not a socket, is left alone and refused.
  public init(
    path: String, inbox: LoopInbox, lineLimit: Int = ControlServer.defaultLineLimit,
    queueLimit: Int = ControlServer.defaultQueueLimit
  ) throws(ControlError) {
    self.path = path
    self.inbox = inbox
    address = inbox.makeAddress()
    do {
      outboxes = try ControlOutboxes(limit: queueLimit)
    } catch {
      throw .systemCall("pipe", errno, path)
    }
    listener = try Self.listen(at: path)
    var status = stat()
    guard lstat(path, &status) == 0 else {
      let code = errno
      close(listener)
      throw .systemCall("lstat", code, path)
    }
    boundFile = (UInt(status.st_dev), UInt(status.st_ino))
    let connections = ControlConnections(
      listener: listener, lineLimit: lineLimit, outboxes: outboxes
    ) { [inbox, address] client, request in
      inbox.post(Incoming(client: ClientID(rawValue: client), request: request), to: address)
    }
    do {
      thread = try JoinableThread(name: "folio-control") { connections.run() }
    } catch {
      close(listener)
      unlink(path)
      throw .systemCall("pthread_create", EAGAIN, path)
    }
  }

  /// Listens at this process's socket in `folder` (`<pid>.sock`), posting requests to `inbox`.
  public convenience init(in folder: ControlSocketFolder, inbox: LoopInbox) throws(ControlError) {
    try self.init(path: folder.ownSocketPath, inbox: inbox)
  }

  deinit { stop() }

  /// The requests in `letters` (the loop's, from `LoopInbox.takeAll()`), oldest first;
  /// letters for others are ignored.
  public func requests(in letters: [LoopInbox.Letter]) -> [Incoming] {
    letters.compactMap { letter in
      letter.address == address ? letter.content as? Incoming : nil
    }
  }

  /// The requests waiting in the inbox, taken from it (a server used on its own: tests,
  /// scripts).
  public func takeRequests() -> [Incoming] { requests(in: inbox.take(for: address)) }

  /// The server makes no events: the loop takes its requests (`requests(in:)`).
  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] { [] }

  /// Queues `reply` for `client` and returns at once; false when the client is gone or was
  /// dropped (its queue passed the limit: it is dropped now).
  @discardableResult
  public func reply(_ reply: ControlReply, to client: ClientID) -> Bool {
    outboxes.enqueue(reply.json, to: client.rawValue, answers: true)
  }

  /// Queues `event` for `client` and returns at once; false when the client is gone or was
  /// dropped (a subscription to end).
  @discardableResult
  public func send(event: ControlEvent, to client: ClientID) -> Bool {
    outboxes.enqueue(event.json, to: client.rawValue, answers: false)
  }

  /// Whether `client` is still connected.
  public func isConnected(_ client: ClientID) -> Bool { outboxes.isOpen(client.rawValue) }

  /// Closes every client and the listener, waits for the server's thread and removes the
  /// socket file (if it is still the one bound). Later calls do nothing.
  public func stop() {
    guard let thread else { return }
    self.thread = nil
    outboxes.stop()
    thread.join()
    var status = stat()
    if lstat(path, &status) == 0, UInt(status.st_dev) == boundFile.device,
      UInt(status.st_ino) == boundFile.inode
    {
      unlink(path)
    }
    close(listener)
  }

  /// A non-blocking socket listening at `path`. A socket file in the way that nobody answers
  /// is removed first.
  private static func listen(at path: String) throws(ControlError) -> Int32 {
    let address = try UnixSocket.address(path)
    let descriptor = try UnixSocket.make(nonBlocking: true, path: path)
    var result = UnixSocket.withSockaddr(address) { bind(descriptor, $0, $1) }
    if result != 0, errno == EADDRINUSE {
      guard UnixSocket.isSocket(path) else {
        close(descriptor)
        throw .notASocket(path)
      }
      switch UnixSocket.liveness(of: path) {
      case .refused, .missing: unlink(path)
      case .answers:
        close(descriptor)
        throw .inUse(path)
      case .failed(let code):
        close(descriptor)
        throw .systemCall("connect", code, path)
      }
      result = UnixSocket.withSockaddr(address) { bind(descriptor, $0, $1) }
    }
    guard result == 0 else {
      let code = errno
      close(descriptor)
      throw code == EACCES ? .permissionDenied(path) : .systemCall("bind", code, path)
    }
    guard Glibc.listen(descriptor, 16) == 0 else {
      let code = errno
      close(descriptor)
      unlink(path)
      throw .systemCall("listen", code, path)
    }
    return descriptor
  }
}
