import Foundation

/// Runs the built `folio` on fuzz inputs: each input written to a scratch file and shown with
/// `folio --print`, in a UTF-8 locale, with its state, cache and config folders in scratch
/// (never the real home), killed when it runs past the time limit.
public struct FolioRunner: Sendable {
  /// The folio executable.
  public var executable: String
  /// How long a run may take before it is killed and counted as a hang.
  public var timeLimit: Duration
  /// Seconds passed as `--render-timeout`, when this folio has the option (nil otherwise).
  public var renderTimeout: Int?
  /// Where input files and the XDG folders go.
  public var scratch: String
  private var environment: [String: String]

  /// A runner for `executable`, asking its `--help` whether it takes `--render-timeout`.
  public init(
    executable: String, timeLimit: Duration, renderTimeoutSeconds: Int = 5, scratch: String
  ) throws {
    self.executable = executable
    self.timeLimit = timeLimit
    self.scratch = scratch
    var environment = ["LANG": "C.UTF-8", "HOME": scratch + "/home"]
    for folder in ["XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR"] {
      environment[folder] = scratch + "/" + folder.lowercased()
    }
    for path in environment.values where path.hasPrefix(scratch) {
      // Private, as a login's runtime folder is (the control socket refuses another's).
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    // The crash report names the crash site; sanitizer settings pass through.
    environment["SWIFT_BACKTRACE"] = "enable=yes,interactive=no,color=no"
    for (name, value) in ProcessInfo.processInfo.environment
    where name == "PATH" || name.hasPrefix("ASAN_") || name.hasPrefix("UBSAN_") {
      environment[name] = value
    }
    self.environment = environment
    let help = try ChildProcess.run(
      executable, ["--help"], environment: environment, timeLimit: .seconds(30))
    renderTimeout = help.outputText.contains("--render-timeout") ? renderTimeoutSeconds : nil
  }

  /// The command line that shows `input` from `file`.
  public func commandLine(for input: FuzzInput, file: String) -> [String] {
    [executable] + input.arguments.commandLine(file: file, renderTimeout: renderTimeout)
  }

  /// Writes `input` to a scratch file, runs folio on it and removes the file.
  public func run(_ input: FuzzInput) throws -> ChildProcess.Result {
    let file = scratch + "/input-\(input.index)\(input.mutations.isEmpty ? "-replay" : "").pdf"
    guard FileManager.default.createFile(atPath: file, contents: Data(input.bytes)) else {
      throw FixtureError(description: "cannot write \(file)")
    }
    defer { unlink(file) }
    let command = commandLine(for: input, file: file)
    return try ChildProcess.run(
      command[0], Array(command.dropFirst()), environment: environment, timeLimit: timeLimit)
  }
}
