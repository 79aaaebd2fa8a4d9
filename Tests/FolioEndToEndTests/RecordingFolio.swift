import FolioFixtures
import Foundation
import Testing

/// A `folio` first on PATH that runs the one under test and keeps the arguments and output of
/// its last run, so a test can check that a file manager shows exactly what folio printed.
final class RecordingFolio {
  /// The folder put first on PATH.
  let folder: String
  private let arguments: String
  private let output: String

  init(in scratch: ScratchFolder) throws {
    folder = scratch.path + "/bin"
    arguments = scratch.path + "/folio-arguments"
    output = scratch.path + "/folio-output"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let quote = TmuxSession.quote
    // Each run writes beside the record and renames into it, so a reader sees whole runs.
    let script = """
      #!/bin/sh
      \(quote(FolioProcess.executable)) "$@" > \(quote(output)).$$
      status=$?
      cat \(quote(output)).$$
      printf '%s\\n' "$@" > \(quote(arguments)).$$
      mv \(quote(output)).$$ \(quote(output))
      mv \(quote(arguments)).$$ \(quote(arguments))
      exit $status

      """
    let path = folder + "/folio"
    // Written through a descriptor closed on exec: a program another test starts meanwhile
    // must not keep it open, or starting the script fails with "Text file busy".
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
    let bytes = Array(script.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
  }

  /// The full path of `tool` on PATH, if there is one.
  static func onPath(_ tool: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(tool)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The environment for a file manager in tmux: this folio first on PATH, and the scratch
  /// folder's state, cache and config.
  func environment(_ scratch: ScratchFolder) -> [String: String] {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return scratch.environment.merging(["PATH": folder + ":" + path]) { $1 }
  }

  /// The last run's arguments and its printed lines without their styles, trailing blanks
  /// trimmed; nil before the first run.
  func lastRun() -> (arguments: [String], lines: [String])? {
    guard let arguments = try? String(contentsOfFile: arguments, encoding: .utf8),
      let output = try? String(contentsOfFile: output, encoding: .utf8)
    else { return nil }
    let plain = output.replacingOccurrences(
      of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    var lines = plain.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return (
      arguments.split(separator: "\n").map(String.init),
      lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    )
  }

  /// Waits until the last run previewed `file` (at `page`, when given) and the tmux pane shows
  /// every line it printed, and that those fit the size it was given.
  func expectShown(
    in session: TmuxSession, file: String, page: String?, pane: String = "0",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var problem = "no preview of \(file) yet"
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      problem = check(session, file: file, page: page, pane: pane) ?? ""
      if problem.isEmpty { return }
      usleep(50_000)
    }
    let screen =
      (try? session.run(["capture-pane", "-p", "-t", "\(session.name):0.\(pane)"])) ?? ""
    Issue.record("\(problem)\n\(screen)", sourceLocation: sourceLocation)
  }

  /// What is still wrong, or nil when the pane shows the last run's preview of `file`.
  private func check(_ session: TmuxSession, file: String, page: String?, pane: String)
    -> String?
  {
    guard let run = lastRun(), let at = run.arguments.firstIndex(of: "--preview"),
      run.arguments.count > at + 3, run.arguments[at + 1] == file,
      let width = Int(run.arguments[at + 2]), let height = Int(run.arguments[at + 3])
    else { return "no preview of \(file) yet" }
    if let page, !run.arguments.joined(separator: " ").contains("--page \(page)") {
      return "the last preview is not of page \(page): \(run.arguments)"
    }
    let inked = run.lines.filter { !$0.isEmpty }
    guard inked.count >= 3 else { return "folio printed almost nothing: \(run.lines)" }
    // A pane narrower than this is a file manager asking for less than it shows.
    guard width >= 30 else { return "a preview only \(width) columns wide" }
    guard run.lines.count <= height, run.lines.allSatisfy({ $0.count <= width }) else {
      return "more than \(width) x \(height): \(run.lines.count) lines"
    }
    guard
      let screen = try? session.run(["capture-pane", "-p", "-t", "\(session.name):0.\(pane)"])
    else { return "no pane \(pane)" }
    let rows = screen.components(separatedBy: "\n")
    let missing = inked.filter { line in !rows.contains { $0.contains(line) } }
    return missing.isEmpty ? nil : "\(missing.count) of \(inked.count) lines not on screen"
  }
}
