import Glibc

/// Why the control socket's folder, server or client could not do what was asked: one line
/// each, naming the path.
public enum ControlError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The sockets' folder is not a private folder of ours (a symlink, not a folder, another
  /// user's, or a mode other than 0700), or could not be made: the path and why.
  case unsafeFolder(String, String)
  /// The socket's path does not fit an `AF_UNIX` address (107 bytes).
  case pathTooLong(String)
  /// No socket at the path: no viewer made it, or it ended.
  case noSuchSocket(String)
  /// A socket file is there but nobody listens (a viewer that ended without removing it).
  case refused(String)
  /// The socket cannot be reached for lack of permission.
  case permissionDenied(String)
  /// Something other than a socket is at the path, so it is left alone.
  case notASocket(String)
  /// Another viewer answers at the path.
  case inUse(String)
  /// No reply came before the deadline.
  case timedOut(String)
  /// The viewer closed the connection before replying.
  case closed(String)
  /// The viewer sent a line that is not a reply or an event.
  case malformedReply(String)
  /// A system call failed: its name, `errno` and the path.
  case systemCall(String, Int32, String)

  public var description: String {
    switch self {
    case .unsafeFolder(let path, let reason): "control folder \(path) refused: \(reason)"
    case .pathTooLong(let path): "control socket path too long (over 107 bytes): \(path)"
    case .noSuchSocket(let path): "no viewer at \(path): no such socket"
    case .refused(let path): "no viewer at \(path): connection refused"
    case .permissionDenied(let path): "cannot reach \(path): permission denied"
    case .notASocket(let path): "\(path) is not a socket: left alone"
    case .inUse(let path): "another viewer answers at \(path)"
    case .timedOut(let path): "no reply from \(path) in time"
    case .closed(let path): "\(path) closed the connection before replying"
    case .malformedReply(let path): "\(path) sent a line that is not a reply"
    case .systemCall(let call, let code, let path):
      "\(call) failed for \(path): \(String(cString: strerror(code)))"
    }
  }
}
