import FolioFixtures
import Foundation

/// Runs the built `folio` executable and collects what it printed.
struct FolioProcess {
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
    var wasKilledForTime = false
  }

  /// The executable next to the test bundle (or $FOLIO_BINARY).
  static var executable: String {
    if let explicit = ProcessInfo.processInfo.environment["FOLIO_BINARY"] { return explicit }
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let beside = bundle.appendingPathComponent("folio").path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    // swift-testing may run from the .xctest bundle's folder or from the build folder itself.
    return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("folio").path
  }

  /// Runs folio with `arguments` and waits for it: standard input is /dev/null, or a pipe
  /// that delivers `input` and then closes. With `timeLimit`, a folio still running then is
  /// killed, which the result's `wasKilledForTime` says (a hang fails a test, not the run).
  static func run(
    _ arguments: [String], environment: [String: String] = [:], input: Data? = nil,
    timeLimit: Duration? = nil
  ) throws -> Result {
    var env = ProcessInfo.processInfo.environment
    env["LANG"] = "C.UTF-8"
    // Never the real home.
    for (variable, folder) in [
      ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache"), ("XDG_CONFIG_HOME", "config"),
      ("XDG_RUNTIME_DIR", "runtime"),
    ] {
      env[variable] = NSTemporaryDirectory() + "folio-tests-\(getpid())/" + folder
    }
    if let runtime = env["XDG_RUNTIME_DIR"] {
      try? FileManager.default.createDirectory(
        atPath: runtime, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    }
    env.merge(environment) { $1 }
    let result = try ChildProcess.run(
      executable, arguments, environment: env, input: input.map { .bytes($0) } ?? .nothing,
      timeLimit: timeLimit)
    return Result(
      status: result.status, standardOutput: result.outputText, standardError: result.errorText,
      wasKilledForTime: result.wasKilledForTime)
  }
}
