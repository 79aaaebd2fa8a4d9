import FolioFixtures
import FolioPoppler
import Foundation
import Testing

/// The annotation writer never damages the file: it refuses a file changed since it was read,
/// a read-only file or folder and an encrypted file in one line, writing nothing; a writer
/// killed just before its rename leaves the original byte for byte, and the next writer
/// removes the temporary file it left.
@Suite struct AnnotationSafetyTests {
  static func highlight(_ document: AnnotatedDocument) throws -> AnnotationEdit {
    .markUp(
      .highlight, page: 0, lines: [try document.box(of: "beta")], color: .yellow, note: nil)
  }

  static func refusal(_ outcome: AnnotationSaver.Outcome) -> String? {
    if case .refused(let reason) = outcome { return reason }
    return nil
  }

  @Test func refusesAFileChangedSinceItWasRead() throws {
    let document = try AnnotatedDocument()
    let read = document.version
    // Another program writes a new version of the same size over it (as LaTeX does).
    var bytes = document.bytes
    bytes[bytes.count - 2] = UInt8(ascii: " ")
    try bytes.write(to: URL(fileURLWithPath: document.path), options: .atomic)
    let reason = Self.refusal(document.save(try Self.highlight(document), expecting: read))
    #expect(reason?.contains("changed on disk") == true)
    #expect(reason?.contains("\n") == false)
    #expect(document.bytes == bytes)
    #expect(try document.annotations().isEmpty)
    #expect(document.leftovers.isEmpty)
  }

  @Test func refusesReadOnlyFilesAndFolders() throws {
    let document = try AnnotatedDocument()
    let original = document.bytes
    chmod(document.path, 0o444)
    let file = Self.refusal(document.save(try Self.highlight(document)))
    #expect(file?.contains("is read-only") == true)
    #expect(document.bytes == original)
    chmod(document.path, 0o644)
    chmod(document.scratch.path, 0o555)
    defer { chmod(document.scratch.path, 0o755) }
    let folder = Self.refusal(document.save(try Self.highlight(document)))
    #expect(folder?.contains("folder") == true && folder?.contains("read-only") == true)
    #expect(document.bytes == original)
    #expect(document.leftovers.isEmpty)
  }

  /// Whether this machine lets a test mount in a namespace of its own (unshare, as root in
  /// a user namespace).
  static let mountsInANamespace: Bool = {
    let result = try? ChildProcess.run(
      "unshare", ["--mount", "--map-root-user", "true"], timeLimit: .seconds(20))
    return result?.status == 0
  }()

  @Test(.enabled(if: mountsInANamespace))
  func refusesAReadOnlyFilesystem() throws {
    let document = try AnnotatedDocument()
    let original = document.bytes
    // The scratch folder bound read-only over itself, in a mount namespace of the writer's own.
    let script = #"mount --bind "$1" "$1" && mount -o remount,ro,bind "$1" && shift && exec "$@""#
    let result = try ChildProcess.run(
      "unshare",
      [
        "--mount", "--map-root-user", "sh", "-c", script, "sh", document.scratch.path,
        FolioProcess.executable, "--internal-annotate", "--file", document.path, "--expect",
        document.version.description,
      ] + (try Self.highlight(document)).arguments, timeLimit: .seconds(60))
    #expect(result.status == 1)
    #expect(
      result.outputText
        == "error\t\(document.path) is on a read-only filesystem: nothing written\n")
    #expect(document.bytes == original)
  }

  @Test func badRequestsGetOneLine() throws {
    let document = try AnnotatedDocument()
    let original = document.bytes
    let edit = try Self.highlight(document).arguments
    let version = document.version.description
    let cases: [([String], String)] = [
      ([], "usage: folio --internal-annotate --file PDF --expect VERSION EDIT…"),
      (["--file", document.path, "--expect", "yesterday"] + edit, "--expect is DEVICE:INODE:"),
      (["--file", document.path, "--expect", version, "ink"], "unknown edit ink"),
      (
        ["--file", document.scratch.path + "/missing.pdf", "--expect", version] + edit,
        "cannot read \(document.scratch.path)/missing.pdf: No such file or directory"
      ),
      (["--file", document.scratch.path, "--expect", version] + edit, "is not a regular file"),
    ]
    for (arguments, reason) in cases {
      let result = try FolioProcess.run(
        ["--internal-annotate"] + arguments, timeLimit: .seconds(60))
      #expect(result.status == 1)
      let lines = result.standardOutput.split(separator: "\n")
      #expect(
        lines.count == 1 && lines.first?.hasPrefix("error\t") == true
          && lines.first?.contains(reason) == true, "\(lines)")
    }
    #expect(document.bytes == original)
    #expect(document.leftovers.isEmpty)
  }

  @Test func keepsTheFileMode() throws {
    let document = try AnnotatedDocument()
    chmod(document.path, 0o640)
    guard case .saved = document.save(try Self.highlight(document)) else {
      Issue.record("not saved")
      return
    }
    var status = stat()
    stat(document.path, &status)
    #expect(status.st_mode & 0o7777 == 0o640)
  }

  @Test func refusesEncryptedFiles() throws {
    let document = try AnnotatedDocument()
    // A user password, and an owner password alone (opens without asking for one).
    for user in ["secret", ""] {
      let locked = document.scratch.path + "/locked-\(user.count).pdf"
      let made = try ChildProcess.run(
        "qpdf", ["--encrypt", user, "owner", "256", "--", document.path, locked],
        timeLimit: .seconds(30))
      try #require(made.status == 0)
      let before = try Data(contentsOf: URL(fileURLWithPath: locked))
      let outcome = AnnotationSaver.save(
        try Self.highlight(document), to: locked, expecting: FileVersion(path: locked)!,
        executable: FolioProcess.executable)
      #expect(Self.refusal(outcome)?.contains("encrypted") == true)
      #expect(try Data(contentsOf: URL(fileURLWithPath: locked)) == before)
    }
    #expect(document.leftovers.isEmpty)
  }

  @Test func aWriterKilledBeforeItsRenameLeavesTheOriginalWhole() throws {
    let document = try AnnotatedDocument()
    let original = document.bytes
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: FolioProcess.executable)
    writer.arguments =
      ["--internal-annotate", "--file", document.path, "--expect", document.version.description]
      + (try Self.highlight(document)).arguments
    var environment = ProcessInfo.processInfo.environment
    environment["FOLIO_TEST_ANNOTATE_PAUSE"] = "before-rename"
    writer.environment = environment
    writer.standardOutput = FileHandle.nullDevice
    try writer.run()
    // Wait (with a deadline) until it has stopped itself with its new version written.
    let deadline = ContinuousClock.now + .seconds(60)
    while Self.state(of: writer.processIdentifier) != "T" && ContinuousClock.now < deadline {
      usleep(20_000)
    }
    #expect(Self.state(of: writer.processIdentifier) == "T")
    let left = document.leftovers
    #expect(left.count == 1)
    if let temporary = left.first {
      // The new version is complete (synced) beside the untouched original.
      let written = try Data(
        contentsOf: URL(fileURLWithPath: document.scratch.path + "/" + temporary))
      #expect(written.starts(with: original) && written.count > original.count)
    }
    kill(writer.processIdentifier, SIGKILL)
    writer.waitUntilExit()
    #expect(document.bytes == original)
    #expect(try document.annotations().isEmpty)
    #expect(document.leftovers == left)
    // The next writer removes the leftover once it is a minute old, not before.
    guard let leftover = left.first else { return }
    let stale = document.scratch.path + "/" + leftover
    let young = document.scratch.path + "/.marked.pdf.folio-young1"
    FileManager.default.createFile(atPath: young, contents: Data("x".utf8))
    guard case .saved = document.save(try Self.highlight(document)) else {
      Issue.record("not saved after the kill")
      return
    }
    #expect(FileManager.default.fileExists(atPath: stale))
    var times = [
      timeval(tv_sec: time(nil) - 120, tv_usec: 0), timeval(tv_sec: time(nil) - 120, tv_usec: 0),
    ]
    utimes(stale, &times)
    guard case .saved = document.save(try Self.highlight(document)) else {
      Issue.record("not saved a second time")
      return
    }
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(FileManager.default.fileExists(atPath: young))
    #expect(try document.annotations().count == 2)
  }

  /// Starts a writer making `edit` on `document` at `version`, stopping before its rename
  /// when `pausing`; its standard output goes to `output`.
  static func startWriter(
    _ edit: AnnotationEdit, on document: AnnotatedDocument, at version: FileVersion,
    pausing: Bool, output: Pipe
  ) throws -> Process {
    let writer = Process()
    writer.executableURL = URL(fileURLWithPath: FolioProcess.executable)
    writer.arguments =
      ["--internal-annotate", "--file", document.path, "--expect", version.description]
      + edit.arguments
    var environment = ProcessInfo.processInfo.environment
    if pausing { environment["FOLIO_TEST_ANNOTATE_PAUSE"] = "before-rename" }
    writer.environment = environment
    writer.standardOutput = output
    try writer.run()
    return writer
  }

  /// Waits until `condition` holds, at most a minute; whether it did.
  static func waitUntil(_ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
      if ContinuousClock.now > deadline { return false }
      usleep(10_000)
    }
    return true
  }

  /// The system call a process is blocked in (/proc's first field of `syscall`), if any.
  static func systemCall(of process: Int32) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(process)/syscall", encoding: .utf8)
    else { return nil }
    return text.split(separator: " ").first.flatMap { Int($0) }
  }

  #if arch(x86_64)
    static let flockCall = 73
  #else
    static let flockCall = 32
  #endif

  @Test func aSecondWriterOnTheSameVersionWaitsAndThenRefuses() throws {
    let document = try AnnotatedDocument()
    let version = document.version
    let firstOutput = Pipe()
    let secondOutput = Pipe()
    let first = try Self.startWriter(
      try Self.highlight(document), on: document, at: version, pausing: true,
      output: firstOutput)
    #expect(Self.waitUntil { Self.state(of: first.processIdentifier) == "T" })
    let second = try Self.startWriter(
      .addNote(page: 0, x: 10, y: 10, color: .yellow, text: "second"), on: document,
      at: version, pausing: false, output: secondOutput)
    // The second waits for the first's lock (it is in flock, not finished).
    #expect(
      Self.waitUntil {
        !second.isRunning || Self.systemCall(of: second.processIdentifier) == Self.flockCall
      })
    #expect(second.isRunning)
    kill(first.processIdentifier, SIGCONT)
    first.waitUntilExit()
    second.waitUntilExit()
    #expect(first.terminationStatus == 0)
    #expect(second.terminationStatus == 1)
    let answer = String(
      decoding: secondOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(answer.contains("changed on disk since it was read: nothing written"))
    // The first's edit is in the file, the second's is not.
    #expect(try document.annotations().map(\.subtype) == ["Highlight"])
    #expect(document.leftovers.isEmpty)
  }

  /// The state letter /proc gives a process (R, S, T for stopped, …); nil when it is gone.
  static func state(of process: Int32) -> String? {
    guard let stat = try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    return stat[stat.index(close, offsetBy: 2)...].first.map(String.init)
  }
}
