/// How `folio --remote` talks to a running viewer: one request over a fresh connection to its
/// socket, answered by the reply with the request's id (events before it skipped), within a
/// deadline; or, for `subscribe`, the reply and then every event until the viewer closes the
/// connection. Errors say which: no such socket, refused (nobody listens), timed out, closed.
public enum ControlClient {
  /// How long a request waits for its reply by default.
  public static let defaultTimeout: Duration = .seconds(5)

  /// Sends `request` to the viewer at `path` and returns its reply, waiting at most `timeout`
  /// in all. A request without an id is sent with id 1.
  public static func send(
    _ request: ControlRequest, to path: String, timeout: Duration = defaultTimeout
  ) throws(ControlError) -> ControlReply {
    var reply: ControlReply?
    try stream(request, to: path, timeout: timeout) { message in
      guard case .reply(let answer) = message else { return true }
      reply = answer
      return false
    }
    guard let reply else { throw .closed(path) }
    return reply
  }

  /// Sends `request` to the viewer at `path` and hands `handle` its reply (which must come
  /// within `timeout`), then each event as it comes, with no deadline, until the viewer closes
  /// the connection or `handle` returns false. Events that come before the reply are handed
  /// over too. A request without an id is sent with id 1.
  public static func stream(
    _ request: ControlRequest, to path: String, timeout: Duration = defaultTimeout,
    handle: (ControlMessage) -> Bool
  ) throws(ControlError) {
    let deadline = ContinuousClock.now + timeout
    var request = request
    if request.id == nil { request.id = ControlID(1) }
    let connection = try ControlConnection(path: path, deadline: deadline)
    try connection.write(request.json, deadline: deadline)
    var replied = false
    while let message = try connection.readMessage(deadline: replied ? nil : deadline) {
      if case .reply(let reply) = message {
        // A reply without an id answers a line the viewer could not read: ours.
        guard reply.id == request.id || reply.id == nil else { continue }
        replied = true
      }
      guard handle(message) else { return }
    }
    if !replied { throw .closed(path) }
  }

  /// The viewers answering in `folder`, by process id; socket files nobody answers whose
  /// viewer has ended are removed on the way.
  public static func instances(in folder: ControlSocketFolder) -> [ControlInstance] {
    ControlInstance.live(in: folder)
  }
}
