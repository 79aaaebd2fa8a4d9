/// A line a client reads from a viewer's control socket: a reply or an event.
public enum ControlMessage: Hashable, Sendable {
  /// The answer to a request.
  case reply(ControlReply)
  /// An event of a subscription.
  case event(ControlEvent)

  /// The message `line` holds (without its newline), or nil when it holds none.
  public static func parse(_ line: some Collection<UInt8>) -> ControlMessage? {
    guard let members = ControlValue.foundationObject(parsing: line) as? [String: Any] else {
      return nil
    }
    if let event = ControlEvent(members: members) { return .event(event) }
    return ControlReply(members: members).map { .reply($0) }
  }
}
