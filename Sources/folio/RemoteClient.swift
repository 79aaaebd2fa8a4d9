import FolioCore
import FolioRuntime
import Foundation

/// `folio --remote` and `folio --synctex-forward`'s way to a running viewer: finds its control
/// socket (named, the viewer showing a PDF, or the one running), sends one command and says
/// the answer. Exit status: 0 done, 1 refused, 2 no viewer.
enum RemoteClient {
  static let done: Int32 = 0
  static let refused: Int32 = 1
  static let noViewer: Int32 = 2

  /// How long asking a viewer which files it shows may take.
  static let askingTimeout = Duration.seconds(2)

  /// A viewer to talk to, or why there is none (one line).
  enum Found {
    case viewer(String)
    case none(String)
  }

  /// The viewer `target` names: a socket's path, or a PDF one viewer shows; without a
  /// target, the one running (the newest of several).
  static func viewer(for target: String?, environment: [String: String]) -> Found {
    if let target, isSocket(target) { return .viewer(target) }
    let folder: ControlSocketFolder?
    do {
      folder = try ControlSocketFolder.existing(environment: environment)
    } catch {
      return .none("\(error)")
    }
    let instances = folder.map { ControlClient.instances(in: $0) } ?? []
    guard let target else {
      guard let newest = instances.max(by: { started($0) < started($1) }) else {
        return .none("no viewer is running")
      }
      return .viewer(newest.path)
    }
    let wanted = canonical(target)
    for instance in instances.sorted(by: { started($0) > started($1) }) {
      let request = ControlRequest(name: "get", arguments: [.string("files")])
      guard let reply = try? ControlClient.send(request, to: instance.path, timeout: askingTimeout),
        case .success(.array(let files)) = reply.outcome
      else { continue }
      let shows = files.contains {
        if case .string(let file) = $0 { canonical(file) == wanted } else { false }
      }
      if shows { return .viewer(instance.path) }
    }
    return .none("no viewer shows \(TerminalText.sanitized(target))")
  }

  /// Sends `words` (a command and its arguments) to the viewer `target` names and prints the
  /// answer: a `subscribe` prints each event as a JSON line until the viewer goes.
  static func run(_ words: [String], to target: String?, environment: [String: String]) -> Int32 {
    guard let name = words.first else {
      say("--remote needs a command: folio --remote next-page, folio --remote get page…")
      return noViewer
    }
    let path: String
    switch viewer(for: target, environment: environment) {
    case .viewer(let found): path = found
    case .none(let why):
      say(why)
      return noViewer
    }
    var arguments = Array(words.dropFirst())
    if name == "open", let file = arguments.first {
      // The viewer runs elsewhere: the file as this folder names it.
      arguments[0] = Viewer.absolute(file)
    }
    let request = ControlRequest(name: name, arguments: arguments.map { .string($0) })
    do {
      if name == "subscribe" {
        var status = done
        try ControlClient.stream(request, to: path) { message in
          switch message {
          case .reply(let reply):
            if case .failure(let why) = reply.outcome {
              say(why)
              status = refused
              return false
            }
          case .event(let event):
            // A reader that went away (a closed pipe) ends the subscription.
            guard (try? StandardStreams.writeOutput(event.json + "\n")) != nil else {
              return false
            }
          }
          return true
        }
        return status
      }
      let reply = try ControlClient.send(request, to: path, timeout: timeout(for: name))
      switch reply.outcome {
      case .success(let data):
        if let text = printed(data) { try? StandardStreams.writeOutput(text + "\n") }
        return done
      case .failure(let why):
        say(why)
        return refused
      }
    } catch {
      say("\(error)")
      return noViewer
    }
  }

  /// A forward search of `target` in the viewer showing its PDF: 0 once it shows it, 1 when
  /// refused, nil when no viewer shows the PDF (`pane`: the editor's tmux pane, passed along).
  static func forward(_ target: ForwardTarget, pane: String?, environment: [String: String])
    -> Int32?
  {
    guard case .viewer(let path) = viewer(for: target.pdf, environment: environment) else {
      return nil
    }
    let arguments =
      [
        target.pdf, target.input, String(target.line), String(target.column),
      ] + [pane].compactMap { $0 }
    let request = ControlRequest(
      name: "synctex-forward", arguments: arguments.map { .string($0) })
    do {
      // The viewer answers once the PDF, if it is being rewritten, is read again.
      let reply = try ControlClient.send(
        request, to: path, timeout: ForwardSearchTimeout.seconds)
      if case .failure(let why) = reply.outcome {
        say(why)
        return refused
      }
      return done
    } catch {
      say("\(error)")
      return refused
    }
  }

  /// How long a forward search may wait for the viewer: longer than it waits for a PDF being
  /// rewritten.
  enum ForwardSearchTimeout {
    static let seconds = Duration.seconds(30)
  }

  /// How long `name` may take: a file opened or a forward search waits for the work.
  private static func timeout(for name: String) -> Duration {
    name == "open" || name == "synctex-forward"
      ? ForwardSearchTimeout.seconds : ControlClient.defaultTimeout
  }

  /// `data` as a script reads it: text as itself (its control characters gone), numbers
  /// and the rest as JSON, nothing for null.
  static func printed(_ data: ControlValue) -> String? {
    switch data {
    case .null: return nil
    case .string(let text): return TerminalText.sanitized(text)
    default: return data.json
    }
  }

  private static func say(_ line: String) {
    StandardStreams.writeError("folio: " + TerminalText.sanitized(line) + "\n")
  }

  private static func isSocket(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK
  }

  /// When a viewer's socket was made (its modification time), for "the newest".
  private static func started(_ instance: ControlInstance) -> Double {
    var status = stat()
    guard stat(instance.path, &status) == 0 else { return 0 }
    return Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
  }

  /// `path` with symbolic links and `..` resolved where it exists, else made absolute.
  static func canonical(_ path: String) -> String {
    if let resolved = realpath(path, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    return Viewer.absolute(path)
  }
}
