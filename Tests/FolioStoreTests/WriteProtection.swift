import Foundation
import Glibc
import Testing

/// Makes files and folders unwritable for this process, even when it runs as root (as the
/// tests do here, where chmod stops nothing): `chattr +i`, the immutable attribute, which
/// root cannot write through either. When chattr cannot be used (not root, or a file system
/// without the attribute), falls back to chmod, which stops everyone else. Either way
/// `holds` checks by trying to write. `remove()` (also on deinit) undoes it; the protection
/// keeps its temporary folder alive until then, so the folder can always be removed.
final class WriteProtection {
  private let paths: [String]
  private let folder: TemporaryFolder
  private var immutable: [String] = []
  private var modes: [(String, mode_t)] = []

  init(_ paths: [String], in folder: TemporaryFolder) {
    self.paths = paths
    self.folder = folder
    for path in paths {
      if Self.chattr("+i", path) {
        immutable.append(path)
      } else {
        var status = stat()
        if stat(path, &status) == 0 {
          modes.append((path, status.st_mode & 0o7777))
          chmod(path, status.st_mode & 0o555)
        }
      }
    }
  }

  deinit { remove() }

  /// Whether every path really refuses writes: a file cannot be opened for writing, a folder
  /// cannot take a new file.
  var holds: Bool {
    paths.allSatisfy { path in
      var status = stat()
      guard stat(path, &status) == 0 else { return false }
      if (status.st_mode & S_IFMT) == S_IFDIR {
        let probe = path + "/.write-probe"
        let descriptor = open(probe, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return true }
        close(descriptor)
        unlink(probe)
        return false
      }
      let descriptor = open(path, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return true }
      close(descriptor)
      return false
    }
  }

  /// How the paths were protected, for messages.
  var method: String { immutable.isEmpty ? "chmod" : "chattr +i" }

  func remove() {
    for path in immutable.reversed() { _ = Self.chattr("-i", path) }
    immutable = []
    for (path, mode) in modes.reversed() { chmod(path, mode) }
    modes = []
  }

  private static func chattr(_ flag: String, _ path: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    process.arguments = [flag, path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return false
    }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
