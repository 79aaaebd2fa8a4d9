import FolioFixtures
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `folio --remote` aimed at the viewer of a session: run with the session's XDG_RUNTIME_DIR
/// (where its control socket is), and what it answers read back.
extension FolioSession {
  /// The viewer's control sockets' folder.
  var controlFolder: String { tmux.runtimeFolder + "/folio" }

  /// The viewer's control socket (named after its process id).
  var controlSocket: String { controlFolder + "/\(pid).sock" }

  /// Runs `folio --remote WORDS…` (after `--to TARGET` when given) against this session's
  /// runtime folder; a client still running after 20 s is killed (the result says so).
  func remote(_ words: String..., to target: String? = nil) throws -> FolioProcess.Result {
    try remote(words, to: target)
  }

  /// `remote` with the words in an array.
  func remote(_ words: [String], to target: String? = nil) throws -> FolioProcess.Result {
    let options = ["--remote"] + (target.map { ["--to", $0] } ?? [])
    return try FolioProcess.run(
      options + words, environment: ["XDG_RUNTIME_DIR": tmux.runtimeFolder],
      timeLimit: .seconds(20))
  }

  /// What `folio --remote get PROPERTY` prints (without its newline); records an issue and
  /// returns "" when it fails.
  func get(_ property: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try remote("get", property)
    #expect(
      result.status == 0, "get \(property): \(result.status) \(result.standardError)",
      sourceLocation: sourceLocation)
    return result.standardOutput.trimmingCharacters(in: .newlines)
  }

  /// Polls `get PROPERTY` until `condition` holds (or the deadline passes); returns the last
  /// answer.
  @discardableResult
  func waitForGet(
    _ property: String, timeout: Double = deadline,
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var answer = try get(property, sourceLocation: sourceLocation)
    while !condition(answer) && Date() < deadline {
      usleep(30_000)
      answer = try get(property, sourceLocation: sourceLocation)
    }
    return answer
  }

  /// Waits until `get PROPERTY` answers `expected`.
  func expectGet(
    _ property: String, _ expected: String, timeout: Double = deadline,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let answer = try waitForGet(property, timeout: timeout, sourceLocation: sourceLocation) {
      $0 == expected
    }
    #expect(
      answer == expected, "get \(property): “\(answer)”, expected “\(expected)”",
      sourceLocation: sourceLocation)
  }

  /// Waits until folio has exited (the pane's shell says so) and returns its status line.
  @discardableResult
  func expectExit(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let screen = try tmux.waitFor("[exited]")
    let line = screen.first { $0.contains("[exited]") } ?? ""
    #expect(line.contains("[exited] 0"), "\(screen)", sourceLocation: sourceLocation)
    return line
  }
}
