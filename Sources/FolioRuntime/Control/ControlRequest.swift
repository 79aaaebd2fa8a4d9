/// A command sent to a running viewer: one line of JSON in the style of mpv's IPC,
/// `{"command": ["goto", "xii"], "id": 1}`. The command's name comes first, then its arguments
/// (strings or numbers); the id, any JSON scalar, is optional and echoed in the reply. Nothing
/// in a request is ever run: the viewer reads its name and arguments as data.
public struct ControlRequest: Hashable, Sendable {
  /// The command's name (`goto`, `get`, `subscribe`…).
  public var name: String
  /// What follows the name.
  public var arguments: [ControlArgument]
  /// The id to echo in the reply, if the request had one.
  public var id: ControlID?

  /// The request `name` with `arguments` and `id`.
  public init(name: String, arguments: [ControlArgument] = [], id: ControlID? = nil) {
    self.name = name
    self.arguments = arguments
    self.id = id
  }

  /// A line that is not a request: why (one line), and the id it had when it had one, for
  /// the error reply.
  public struct Malformed: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why the line is not a request.
    public let message: String
    /// The line's id, if it was an object with a scalar id.
    public let id: ControlID?

    /// The error reply that answers the line.
    public var reply: ControlReply { .failure(message, id: id) }

    public var description: String { message }
  }

  /// The request `line` holds (without its newline), or why it holds none.
  public static func parse(_ line: some Collection<UInt8>) -> Result<ControlRequest, Malformed> {
    guard let object = ControlValue.foundationObject(parsing: line) else {
      return .failure(Malformed(message: "not JSON", id: nil))
    }
    guard let members = object as? [String: Any] else {
      return .failure(Malformed(message: "not a JSON object", id: nil))
    }
    var id: ControlID?
    if let rawID = members["id"] {
      guard let scalar = ControlID(foundation: rawID) else {
        return .failure(Malformed(message: "\"id\" is not a JSON scalar", id: nil))
      }
      id = scalar
    }
    guard let command = members["command"] else {
      return .failure(Malformed(message: "no \"command\"", id: id))
    }
    guard let parts = command as? [Any] else {
      return .failure(Malformed(message: "\"command\" is not an array", id: id))
    }
    guard let first = parts.first else {
      return .failure(Malformed(message: "\"command\" is empty", id: id))
    }
    guard let name = first as? String, !name.isEmpty else {
      return .failure(Malformed(message: "the command's name is not a string", id: id))
    }
    var arguments: [ControlArgument] = []
    for (index, part) in parts.dropFirst().enumerated() {
      switch ControlValue(foundation: part) {
      case .string(let text): arguments.append(.string(text))
      case .number(let number): arguments.append(.number(number))
      default:
        return .failure(
          Malformed(message: "argument \(index + 1) is not a string or a number", id: id))
      }
    }
    return .success(ControlRequest(name: name, arguments: arguments, id: id))
  }

  /// The request as one line of JSON, without the newline (keys sorted; the id as it came).
  public var json: String {
    var text = "{\"command\":"
    ControlValue.array([.string(name)] + arguments.map(\.value)).write(to: &text)
    if let id { text += ",\"id\":" + id.json }
    return text + "}"
  }
}
