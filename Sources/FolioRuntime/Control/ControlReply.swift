/// The viewer's answer to one request: `{"data": …, "id": 1, "ok": true}` or
/// `{"error": "message", "id": 1, "ok": false}`, the request's id echoed (left out when the
/// request had none or could not be read).
public struct ControlReply: Hashable, Sendable {
  /// What the request came to.
  public enum Outcome: Hashable, Sendable {
    /// Done, with what it gives (`null` when nothing).
    case success(ControlValue)
    /// Refused, and why (one line).
    case failure(String)
  }

  /// The id of the request it answers.
  public var id: ControlID?
  /// Done or refused.
  public var outcome: Outcome

  /// A reply to the request with `id`.
  public init(id: ControlID?, outcome: Outcome) {
    self.id = id
    self.outcome = outcome
  }

  /// A reply saying the request was done, with `data`.
  public static func success(_ data: ControlValue = .null, id: ControlID?) -> ControlReply {
    ControlReply(id: id, outcome: .success(data))
  }

  /// A reply saying the request was refused, and why.
  public static func failure(_ message: String, id: ControlID?) -> ControlReply {
    ControlReply(id: id, outcome: .failure(message))
  }

  /// Whether the request was done.
  public var isSuccess: Bool {
    if case .success = outcome { return true }
    return false
  }

  /// The reply as one line of JSON, without the newline (keys sorted).
  public var json: String {
    var text = "{"
    switch outcome {
    case .success(let data):
      text += "\"data\":"
      data.write(to: &text)
      text += ","
    case .failure(let message):
      text += "\"error\":"
      ControlValue.writeString(message, to: &text)
      text += ","
    }
    if let id { text += "\"id\":" + id.json + "," }
    return text + "\"ok\":" + (isSuccess ? "true" : "false") + "}"
  }

  /// The reply a server's line holds, read from its JSON object's members, or nil when they
  /// are not a reply.
  init?(members: [String: Any]) {
    guard let ok = members["ok"].flatMap({ ControlValue(foundation: $0) }),
      case .bool(let isSuccess) = ok
    else { return nil }
    var id: ControlID?
    if let rawID = members["id"] {
      guard let scalar = ControlID(foundation: rawID) else { return nil }
      id = scalar
    }
    if isSuccess {
      let data = members["data"].flatMap { ControlValue(foundation: $0) } ?? .null
      self.init(id: id, outcome: .success(data))
    } else {
      guard case .string(let message) = members["error"].flatMap({ ControlValue(foundation: $0) })
      else { return nil }
      self.init(id: id, outcome: .failure(message))
    }
  }
}
