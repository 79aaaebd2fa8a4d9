/// An edit written as the writer process's arguments, and read back from them:
///
///     highlight|underline|strike-out --page N --color RRGGBB --line L,T,R,B… [--note TEXT]
///     note --page N --at X,Y --color RRGGBB --note TEXT
///     remove --page N --kind KIND --box L,T,R,B [--contents TEXT] [--name NM]
///     edit-note --page N --kind KIND --box L,T,R,B [--contents TEXT] [--name NM] --note TEXT
///
/// Pages count from 1 here (as people and `--annotations --list` count them); `--line` comes
/// once a line; numbers are PDF points from the page's top-left corner.
extension AnnotationEdit {
  /// Why arguments are not an edit: one line.
  public struct ArgumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The line.
    public var description: String
  }

  /// The edit as arguments.
  public var arguments: [String] {
    switch self {
    case .markUp(let kind, let page, let lines, let color, let note):
      [kind.rawValue, "--page", String(page + 1), "--color", color.hex]
        + lines.flatMap { ["--line", Self.numbers([$0.left, $0.top, $0.right, $0.bottom])] }
        + (note.map { ["--note", $0] } ?? [])
    case .addNote(let page, let x, let y, let color, let text):
      [
        "note", "--page", String(page + 1), "--at", Self.numbers([x, y]), "--color", color.hex,
        "--note", text,
      ]
    case .remove(let identity):
      ["remove"] + Self.arguments(of: identity)
    case .editNote(let identity, let text):
      ["edit-note"] + Self.arguments(of: identity) + ["--note", text]
    }
  }

  /// The edit `arguments` write; throws a one-line reason when they are not one.
  public init(arguments: [String]) throws(ArgumentError) {
    guard let action = arguments.first else { throw ArgumentError(description: "no edit given") }
    guard Self.actions.contains(action) else {
      throw ArgumentError(description: "unknown edit \(action)")
    }
    var options: [String: [String]] = [:]
    var rest = arguments.dropFirst()
    while let option = rest.popFirst() {
      guard option.hasPrefix("--"), let value = rest.popFirst() else {
        throw ArgumentError(description: "\(option) is not an option with a value")
      }
      options[String(option.dropFirst(2)), default: []].append(value)
    }
    func one(_ name: String) throws(ArgumentError) -> String {
      guard let values = options[name], values.count == 1 else {
        throw ArgumentError(description: "\(action) needs one --\(name)")
      }
      return values[0]
    }
    let pageText = try one("page")
    guard let number = Int(pageText), number >= 1 else {
      throw ArgumentError(description: "--page is a page number from 1, not \(pageText)")
    }
    let page = number - 1
    func color() throws(ArgumentError) -> AnnotationColor {
      let text = try one("color")
      guard let color = AnnotationColor(hex: text) else {
        throw ArgumentError(description: "--color is RRGGBB, not \(text)")
      }
      return color
    }
    func identity() throws(ArgumentError) -> AnnotationIdentity {
      let kindText = try one("kind")
      guard let kind = AnnotationEdit.Kind(rawValue: kindText) else {
        throw ArgumentError(description: "unknown annotation kind \(kindText)")
      }
      return AnnotationIdentity(
        page: page, kind: kind, box: try Self.box(try one("box"), option: "--box"),
        contents: options["contents"]?.last ?? "", name: options["name"]?.last)
    }
    switch action {
    case "note":
      let point = try Self.parts(try one("at"), count: 2, option: "--at")
      self = .addNote(
        page: page, x: point[0], y: point[1], color: try color(), text: try one("note"))
    case "remove":
      self = .remove(try identity())
    case "edit-note":
      self = .editNote(try identity(), text: try one("note"))
    default:
      guard let kind = AnnotationEdit.Kind(rawValue: action), kind.marksText else {
        throw ArgumentError(description: "unknown edit \(action)")
      }
      var lines: [AnnotationBox] = []
      for text in options["line", default: []] {
        lines.append(try Self.box(text, option: "--line"))
      }
      guard !lines.isEmpty else { throw ArgumentError(description: "\(action) needs a --line") }
      self = .markUp(
        kind, page: page, lines: lines, color: try color(), note: options["note"]?.last)
    }
  }

  /// The edits' names, the first argument.
  static let actions: Set<String> = [
    "highlight", "underline", "strike-out", "note", "remove", "edit-note",
  ]

  private static func arguments(of identity: AnnotationIdentity) -> [String] {
    let box = identity.box
    return [
      "--page", String(identity.page + 1), "--kind", identity.kind.rawValue, "--box",
      numbers([box.left, box.top, box.right, box.bottom]), "--contents", identity.contents,
    ] + (identity.name.map { ["--name", $0] } ?? [])
  }

  static func numbers(_ values: [Double]) -> String {
    values.map { String($0) }.joined(separator: ",")
  }

  private static func parts(_ text: String, count: Int, option: String) throws(ArgumentError)
    -> [Double]
  {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).compactMap {
      Double($0)
    }
    guard parts.count == count, parts.allSatisfy(\.isFinite) else {
      throw ArgumentError(description: "\(option) is \(count) numbers apart by commas: \(text)")
    }
    return parts
  }

  private static func box(_ text: String, option: String) throws(ArgumentError) -> AnnotationBox {
    let edges = try parts(text, count: 4, option: option)
    let box = AnnotationBox(left: edges[0], top: edges[1], right: edges[2], bottom: edges[3])
    guard box.isUsable else {
      throw ArgumentError(description: "\(option) \(text) is not a box (left,top,right,bottom)")
    }
    return box
  }
}
