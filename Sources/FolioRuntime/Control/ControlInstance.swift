import Glibc

/// A running viewer found in the sockets' folder: its process id and its socket.
public struct ControlInstance: Hashable, Sendable {
  /// The viewer's process id (from the socket's name, `<pid>.sock`).
  public let pid: Int32
  /// Its socket's path.
  public let path: String

  /// The sockets in `folder` that answer, by pid. A socket file that nobody answers and whose
  /// process has ended (a viewer that crashed) is removed; one whose process still runs is
  /// left (it may be a viewer starting). Anything else in the folder is left alone.
  static func live(in folder: ControlSocketFolder) -> [ControlInstance] {
    var found: [ControlInstance] = []
    for name in names(in: folder.path) where name.hasSuffix(".sock") {
      let path = folder.path + "/" + name
      guard let pid = Int32(name.dropLast(".sock".count)), pid > 0,
        UnixSocket.isSocket(path)
      else { continue }
      switch UnixSocket.liveness(of: path) {
      case .answers: found.append(ControlInstance(pid: pid, path: path))
      case .refused:
        if !isRunning(pid) { unlink(path) }
      case .missing, .failed: continue
      }
    }
    return found.sorted { $0.pid < $1.pid }
  }

  /// Whether a process `pid` exists (one of another user counts).
  static func isRunning(_ pid: Int32) -> Bool {
    kill(pid, 0) == 0 || errno == EPERM
  }

  /// The names of the entries of the folder at `path` (none if it cannot be read).
  private static func names(in path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }
}
