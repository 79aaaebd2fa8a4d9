/// Something the viewer tells a client that subscribed to it, unasked: `{"data": …, "event":
/// "page"}`.
public struct ControlEvent: Hashable, Sendable {
  /// What happened (`page`, `file`, `hits`, `selection`…).
  public var name: String
  /// What it is now.
  public var data: ControlValue

  /// The event `name` with `data`.
  public init(name: String, data: ControlValue = .null) {
    self.name = name
    self.data = data
  }

  /// The event as one line of JSON, without the newline (keys sorted).
  public var json: String {
    ControlValue.object(["event": .string(name), "data": data]).json
  }

  /// The event a server's line holds, read from its JSON object's members, or nil when they
  /// are not an event.
  init?(members: [String: Any]) {
    guard case .string(let name) = members["event"].flatMap({ ControlValue(foundation: $0) })
    else { return nil }
    self.init(name: name, data: members["data"].flatMap { ControlValue(foundation: $0) } ?? .null)
  }
}
