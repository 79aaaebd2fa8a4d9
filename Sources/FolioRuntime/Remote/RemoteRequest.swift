import FolioCore
import FolioUI

/// A command of the control socket, read from its words (`["next-page", "3"]`,
/// `["goto", "xii"]`): what the loop does with it. Nothing in it ever runs a program.
enum RemoteRequest: Equatable {
  /// One of the keymap's actions (`--list-actions`), `count` times.
  case act(Action, count: Int?)
  /// Goes to a page number or label.
  case goTo(String)
  /// Opens a file (at a page number or label).
  case open(path: String, page: String?)
  /// Searches for text (an empty text stops the search).
  case find(String)
  /// Reads a property of the viewer.
  case get(RemoteProperty)
  /// Sends events when these change (all of them when none is named).
  case subscribe(Set<RemoteTopic>)
  /// Ends the viewer (its place saved).
  case quit
  /// A SyncTeX forward search: the boxes of `input`'s `line` in `pdf` shown and marked.
  case forwardSearch(pdf: String, input: String, line: Int, column: Int, pane: String?)

  /// The most a count may be.
  static let largestCount = 100_000

  /// The request `words` make, or why they make none (one line).
  static func read(_ words: [String]) -> Result<RemoteRequest, RemoteRefusal> {
    guard let name = words.first else { return .failure("an empty command") }
    let arguments = Array(words.dropFirst())
    func argument(_ what: String) -> Result<String, RemoteRefusal> {
      guard arguments.count == 1 else { return .failure("\(name) takes \(what)") }
      return .success(arguments[0])
    }
    switch name {
    case "goto": return argument("a page number or label").map { .goTo($0) }
    case "find": return .success(.find(arguments.joined(separator: " ")))
    case "quit": return arguments.isEmpty ? .success(.quit) : .failure("quit takes nothing")
    case "open" where !arguments.isEmpty:
      // With no file, `open` is the action Enter does (open the page).
      guard arguments.count <= 2, !arguments[0].isEmpty else {
        return .failure("open takes a file and, if you like, a page")
      }
      return .success(.open(path: arguments[0], page: arguments.count == 2 ? arguments[1] : nil))
    case "get":
      return argument("one of " + RemoteProperty.allCases.map(\.rawValue).joined(separator: ", "))
        .flatMap { word in
          RemoteProperty(rawValue: word).map { .success(.get($0)) }
            ?? .failure(
              RemoteRefusal("no property \(Self.quoted(word)): get knows " + RemoteProperty.names))
        }
    case "subscribe":
      var topics = Set<RemoteTopic>()
      for word in arguments {
        guard let topic = RemoteTopic(rawValue: word) else {
          return .failure(
            RemoteRefusal("no event \(Self.quoted(word)): subscribe knows " + RemoteTopic.names))
        }
        topics.insert(topic)
      }
      return .success(.subscribe(topics.isEmpty ? Set(RemoteTopic.allCases) : topics))
    case "synctex-forward":
      // PDF, input, line, column and (when the client ran in tmux) the editor's pane.
      guard (4...5).contains(arguments.count), let line = Int(arguments[2]), line > 0,
        let column = Int(arguments[3])
      else { return .failure("synctex-forward takes PDF TEXFILE LINE COLUMN [PANE]") }
      return .success(
        .forwardSearch(
          pdf: arguments[0], input: arguments[1], line: line, column: column,
          pane: arguments.count == 5 ? arguments[4] : nil))
    default:
      guard let action = Action(named: name) else {
        return .failure(
          "no command \(Self.quoted(name)) (folio --list-actions lists the actions)")
      }
      guard arguments.count <= 1 else { return .failure("\(name) takes at most a count") }
      guard let count = arguments.first else { return .success(.act(action, count: nil)) }
      guard let number = Int(count), (1...largestCount).contains(number) else {
        return .failure("\(name): a count is a whole number from 1 to \(largestCount)")
      }
      return .success(.act(action, count: number))
    }
  }

  /// `word` quoted for a refusal, its control characters gone and its length cut.
  static func quoted(_ word: String) -> String {
    let clean = TerminalText.sanitized(word)
    return "'" + (clean.count > 40 ? String(clean.prefix(40)) + "…" : clean) + "'"
  }
}

/// Why a request was refused: one line for the client.
struct RemoteRefusal: Error, Equatable, ExpressibleByStringLiteral, ExpressibleByStringInterpolation
{
  var reason: String

  init(_ reason: String) { self.reason = reason }
  init(stringLiteral value: String) { reason = value }
}

/// What `get` reads.
enum RemoteProperty: String, CaseIterable {
  case file, files, page, label, pages, view, zoom, selection, hits, section, all

  static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// What `subscribe` follows: an event each time it changes.
enum RemoteTopic: String, CaseIterable, Hashable {
  case page, file, view, hits, selection

  static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
