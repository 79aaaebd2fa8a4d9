import Foundation
import Glibc
import Testing

@testable import FolioRuntime

/// The sockets' folder: made private, refused when it is not ours alone; live viewers listed,
/// crashed ones' sockets removed.
@Suite struct ControlSocketFolderTests {
  private let temporary: TemporaryDirectory

  init() throws { temporary = try TemporaryDirectory() }

  private func status(_ path: String) throws -> stat {
    var status = stat()
    try check(lstat(path, &status))
    return status
  }

  @Test func theRuntimeFolderIsMadePrivate() throws {
    let environment = ["XDG_RUNTIME_DIR": temporary.path + "/", "HOME": "/nonexistent"]
    #expect(try ControlSocketFolder.existing(environment: environment) == nil)
    let folder = try ControlSocketFolder.prepare(environment: environment)
    #expect(folder.path == temporary("folio"))
    let made = try status(folder.path)
    #expect(made.st_mode & S_IFMT == S_IFDIR)
    #expect(made.st_mode & 0o777 == 0o700)
    #expect(made.st_uid == geteuid())
    #expect(try ControlSocketFolder.prepare(environment: environment) == folder)
    #expect(try ControlSocketFolder.existing(environment: environment) == folder)
    #expect(folder.socketPath(for: 123) == temporary("folio/123.sock"))
  }

  @Test func withoutARuntimeFolderTheStateFolderHoldsThem() throws {
    for runtime in [nil, "relative/run"] {
      var environment = ["XDG_STATE_HOME": temporary("state"), "HOME": "/nonexistent"]
      environment["XDG_RUNTIME_DIR"] = runtime
      let folder = try ControlSocketFolder.prepare(environment: environment)
      #expect(folder.path == temporary("state/folio/sockets"))
      #expect(try status(folder.path).st_mode & 0o777 == 0o700)
      #expect(try status(temporary("state/folio")).st_mode & 0o777 == 0o700)
    }
  }

  @Test func aFolderOpenToOthersIsRefused() throws {
    try check(mkdir(temporary("folio"), 0o755))
    try check(chmod(temporary("folio"), 0o755))
    #expect(throws: ControlError.unsafeFolder(temporary("folio"), "mode 755, not 700")) {
      try ControlSocketFolder.prepare(environment: ["XDG_RUNTIME_DIR": temporary.path])
    }
  }

  @Test(.enabled(if: geteuid() == 0, "needs root to give a folder to uid 65534"))
  func anotherUsersFolderIsRefused() throws {
    try check(mkdir(temporary("folio"), 0o700))
    try check(chown(temporary("folio"), 65534, 65534))
    let owner = "owned by uid 65534, not \(geteuid())"
    #expect(throws: ControlError.unsafeFolder(temporary("folio"), owner)) {
      try ControlSocketFolder.existing(environment: ["XDG_RUNTIME_DIR": temporary.path])
    }
  }

  @Test func aSymlinkOrAFileIsRefused() throws {
    try check(mkdir(temporary("elsewhere"), 0o700))
    try check(symlink(temporary("elsewhere"), temporary("folio")))
    #expect(throws: ControlError.unsafeFolder(temporary("folio"), "it is a symbolic link")) {
      try ControlSocketFolder.prepare(environment: ["XDG_RUNTIME_DIR": temporary.path])
    }
    try check(unlink(temporary("folio")))
    try writeInPlace(temporary("folio"))
    #expect(throws: ControlError.unsafeFolder(temporary("folio"), "not a folder")) {
      try ControlSocketFolder.prepare(environment: ["XDG_RUNTIME_DIR": temporary.path])
    }
  }

  @Test func instancesAreTheSocketsThatAnswer() throws {
    let folder = try ControlSocketFolder.prepare(environment: ["XDG_RUNTIME_DIR": temporary.path])
    let inbox = try LoopInbox()
    let server = try ControlServer(in: folder, inbox: inbox)
    defer { server.stop() }
    #expect(server.path == folder.ownSocketPath)
    let ended = try endedProcessID()
    try makeStaleSocket(at: folder.socketPath(for: ended))
    // A socket nobody answers whose process runs (a viewer starting) is left alone.
    try makeStaleSocket(at: folder.socketPath(for: getppid()))
    try writeInPlace(folder.path + "/notes.sock")
    let instances = ControlClient.instances(in: folder)
    #expect(instances == [ControlInstance(pid: getpid(), path: folder.ownSocketPath)])
    #expect(!FileManager.default.fileExists(atPath: folder.socketPath(for: ended)))
    #expect(UnixSocket.isSocket(folder.socketPath(for: getppid())))
    #expect(FileManager.default.fileExists(atPath: folder.path + "/notes.sock"))
  }
}

/// The process id of a child that ran and was reaped.
func endedProcessID() throws -> Int32 {
  let child = Process()
  child.executableURL = URL(fileURLWithPath: "/bin/true")
  try child.run()
  child.waitUntilExit()
  #expect(!ControlInstance.isRunning(child.processIdentifier))
  return child.processIdentifier
}
