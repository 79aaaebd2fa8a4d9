import FolioConfig
import FolioCore
import FolioRuntime
import FolioSystem
import Foundation

/// `folio --synctex-forward`: the viewer showing the PDF goes to the source line; with none,
/// one opens — here when this has a terminal (the caller goes on to open it), else in a new
/// tmux pane beside the editor's when run inside tmux, else exit 2.
enum ForwardSearchCommand {
  /// What to do once no running viewer took the search.
  enum Outcome {
    /// Exit with this status (the search was shown, refused, or a pane was opened).
    case exit(Int32)
    /// Open the viewer here, on the target.
    case openHere(ForwardTarget)
  }

  /// Carries out `spec` (with `file` as the PDF when it names none).
  static func run(
    _ spec: String, file: String?, opening: TmuxOpening, configPath: String?,
    environment: [String: String]
  ) throws -> Outcome {
    guard var target = ForwardTarget.parse(spec, file: file) else {
      throw Failure(
        path: nil,
        reason:
          "--synctex-forward takes LINE:COLUMN:TEXFILE and the PDF, or PDF#TEXFILE:LINE:COLUMN",
        status: 2)
    }
    target.pdf = Viewer.absolute(target.pdf)
    // A source named relative to here, when it is here (an editor's working folder); else as
    // written, which SyncTeX takes relative to the PDF's folder.
    let here = Viewer.absolute(target.input)
    if FileManager.default.fileExists(atPath: here) { target.input = here }
    guard FileManager.default.fileExists(atPath: target.pdf) else {
      throw Failure(path: target.pdf, reason: "no such file", status: 1)
    }
    let pane = environment["TMUX_PANE"]
    if let status = RemoteClient.forward(target, pane: pane, environment: environment) {
      return .exit(status)
    }
    if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 { return .openHere(target) }
    guard !(environment["TMUX"] ?? "").isEmpty else {
      throw Failure(
        path: target.pdf, reason: "no viewer shows it, and no terminal to open one in",
        status: 2)
    }
    return .exit(try openPane(for: target, beside: pane, opening: opening, configPath: configPath))
  }

  /// Opens a viewer on `target` in a new tmux pane (or window) beside `pane`, without taking
  /// the focus from the editor; the viewer knows the editor's pane for inverse searches.
  static func openPane(
    for target: ForwardTarget, beside pane: String?, opening: TmuxOpening, configPath: String?
  ) throws -> Int32 {
    var arguments = ["tmux"]
    switch opening {
    case .split: arguments += ["split-window", "-d", "-h"]
    case .window:
      // Named after the PDF, as a person would name it.
      let name = TerminalText.sanitized(URL(fileURLWithPath: target.pdf).lastPathComponent)
      arguments += ["new-window", "-d", "-a", "-n", name]
    }
    if let pane {
      // A split goes beside the editor's pane; a window after the current one (new-window
      // takes no pane).
      if opening == .split { arguments += ["-t", pane] }
      arguments += ["-e", "FOLIO_EDITOR_PANE=" + pane]
    }
    // The viewer's command as words: tmux runs them without a shell.
    arguments += [executablePath, "--synctex-forward"]
    arguments += ["\(target.line):\(target.column):\(target.input)", target.pdf]
    if let configPath { arguments += ["--config", configPath] }
    let outcome = ChildRun.run(arguments, deadline: .seconds(5))
    if let problem = outcome.problem(running: "tmux") {
      throw Failure(path: target.pdf, reason: "no viewer shows it, and " + problem, status: 2)
    }
    return RemoteClient.done
  }

  /// This program's own path (`/proc/self/exe`), else how it was called.
  static var executablePath: String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
