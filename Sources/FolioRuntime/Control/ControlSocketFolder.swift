import FolioStore
import Glibc

/// Where the control sockets of the user's running viewers live: `$XDG_RUNTIME_DIR/folio/`,
/// or, when that variable is unset (or not an absolute path), `sockets/` in Folio's state
/// folder. Either is a folder of ours with mode 0700: one that is a symlink, not a folder,
/// another user's or open to others is refused (checked with `lstat`, never followed). Each
/// viewer's socket is `<pid>.sock` in it.
public struct ControlSocketFolder: Hashable, Sendable {
  /// The folder's path.
  public let path: String

  /// The folder's path for `environment`, not created or checked.
  public static func location(environment: [String: String]) -> String {
    if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
      return trimmingTrailingSlashes(runtime) + "/folio"
    }
    let state = FolioDirectory.resolve(
      "XDG_STATE_HOME", orHome: ".local/state", environment: environment)
    return state + "/sockets"
  }

  /// The folder for `environment`, made (mode 0700) if missing, for a viewer's server.
  public static func prepare(environment: [String: String]) throws(ControlError)
    -> ControlSocketFolder
  {
    let path = location(environment: environment)
    if environment["XDG_RUNTIME_DIR"]?.hasPrefix("/") != true {
      // The state folder's parents are made as the stores make them; the runtime folder is
      // the system's and is never made here.
      try makeParents(of: path)
    }
    if mkdir(path, 0o700) == 0 {
      // The mode asked for passes through the umask: set it exactly.
      guard chmod(path, 0o700) == 0 else { throw .systemCall("chmod", errno, path) }
    } else if errno != EEXIST {
      throw .unsafeFolder(path, "cannot be made: \(String(cString: strerror(errno)))")
    }
    return try ControlSocketFolder(checking: path)
  }

  /// The folder for `environment` if it exists (checked), nil if not: for a client, which
  /// makes nothing.
  public static func existing(environment: [String: String]) throws(ControlError)
    -> ControlSocketFolder?
  {
    let path = location(environment: environment)
    var status = stat()
    guard lstat(path, &status) == 0 || errno != ENOENT else { return nil }
    return try ControlSocketFolder(checking: path)
  }

  /// The folder at `path` once it is checked to be a folder of ours with mode 0700, not a
  /// symlink.
  public init(checking path: String) throws(ControlError) {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      throw .unsafeFolder(path, String(cString: strerror(errno)))
    }
    let type = status.st_mode & S_IFMT
    if type == S_IFLNK { throw .unsafeFolder(path, "it is a symbolic link") }
    guard type == S_IFDIR else { throw .unsafeFolder(path, "not a folder") }
    guard status.st_uid == geteuid() else {
      throw .unsafeFolder(path, "owned by uid \(status.st_uid), not \(geteuid())")
    }
    let mode = status.st_mode & 0o777
    guard mode == 0o700 else {
      throw .unsafeFolder(path, "mode \(String(mode, radix: 8)), not 700")
    }
    self.path = path
  }

  /// The socket of the viewer with process id `pid`.
  public func socketPath(for pid: Int32) -> String { path + "/\(pid).sock" }

  /// The socket of this process's viewer.
  public var ownSocketPath: String { socketPath(for: getpid()) }

  /// Makes the missing folders above `path`, each with mode 0700.
  private static func makeParents(of path: String) throws(ControlError) {
    var parents: [String] = []
    var current = parentPath(of: path)
    var status = stat()
    while current != "/", stat(current, &status) != 0 {
      parents.append(current)
      current = parentPath(of: current)
    }
    for parent in parents.reversed() where mkdir(parent, 0o700) != 0 && errno != EEXIST {
      throw .unsafeFolder(path, "cannot make \(parent): \(String(cString: strerror(errno)))")
    }
  }

  private static func parentPath(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  private static func trimmingTrailingSlashes(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    return String(trimmed)
  }
}
