import Foundation

/// Runs the built `folio` executable and collects what it printed.
struct FolioProcess {
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String
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
  /// that delivers `input` and then closes.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], input: Data? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["LANG"] = "C.UTF-8"
    env.merge(environment) { $1 }
    process.environment = env
    // Both streams go to files: no pipe can fill up and block the child.
    let base = NSTemporaryDirectory() + "folio-run-\(UUID().uuidString)"
    FileManager.default.createFile(atPath: base + ".out", contents: nil)
    FileManager.default.createFile(atPath: base + ".err", contents: nil)
    defer {
      try? FileManager.default.removeItem(atPath: base + ".out")
      try? FileManager.default.removeItem(atPath: base + ".err")
    }
    process.standardOutput = FileHandle(forWritingAtPath: base + ".out")
    process.standardError = FileHandle(forWritingAtPath: base + ".err")
    let pipe = input.map { _ in Pipe() }
    if let pipe {
      // Only folio may hold the write end's twin: a child another test spawns must not, or
      // folio would never see the end of its input.
      _ = fcntl(pipe.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
    }
    process.standardInput = pipe ?? FileHandle(forReadingAtPath: "/dev/null")
    try process.run()
    if let pipe, let input {
      // Written while folio reads; a folio that stops reading early closes its end, which
      // must not kill the test (SIGPIPE is ignored and the write error dropped).
      signal(SIGPIPE, SIG_IGN)
      let writer = Thread {
        try? pipe.fileHandleForWriting.write(contentsOf: input)
        try? pipe.fileHandleForWriting.close()
      }
      writer.start()
    }
    process.waitUntilExit()
    let outData = FileManager.default.contents(atPath: base + ".out") ?? Data()
    let errData = FileManager.default.contents(atPath: base + ".err") ?? Data()
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outData, as: UTF8.self),
      standardError: String(decoding: errData, as: UTF8.self))
  }
}
