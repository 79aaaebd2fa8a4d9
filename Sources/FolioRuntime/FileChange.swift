import Glibc

/// What the events read in one `FileWatcher.takeChanges()` said about the watched file. Empty
/// when nothing concerned it. Ask `fileDidChange` whether to reload and `isWatchAlive` whether
/// the watcher still covers the file.
public struct FileChange: OptionSet, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The file was written in place or its attributes changed (IN_MODIFY, IN_CLOSE_WRITE,
  /// IN_ATTRIB).
  public static let modified = FileChange(rawValue: 1 << 0)
  /// A file appeared under the name: renamed over it or created (IN_MOVED_TO, IN_CREATE).
  public static let replaced = FileChange(rawValue: 1 << 1)
  /// The name went away: deleted or renamed elsewhere (IN_DELETE, IN_MOVED_FROM).
  public static let removed = FileChange(rawValue: 1 << 2)
  /// The kernel's event queue overflowed and events were lost; the file may have changed.
  public static let overflowed = FileChange(rawValue: 1 << 3)
  /// A watched directory was deleted, moved or unmounted (IN_DELETE_SELF, IN_MOVE_SELF,
  /// IN_UNMOUNT, IN_IGNORED). Once set it stays set: the watcher no longer sees every change of
  /// the path, and a new `FileWatcher` is needed once the directory is back.
  public static let watchEnded = FileChange(rawValue: 1 << 4)

  /// Whether the file may differ from what was last read, so it is worth reloading.
  public var fileDidChange: Bool {
    !isDisjoint(with: [.modified, .replaced, .removed, .overflowed])
  }

  /// Whether the watcher still sees every change of the path.
  public var isWatchAlive: Bool { !contains(.watchEnded) }

  public var description: String {
    let names: [(FileChange, String)] = [
      (.modified, "modified"), (.replaced, "replaced"), (.removed, "removed"),
      (.overflowed, "overflowed"), (.watchEnded, "watchEnded"),
    ]
    return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
  }
}

/// Why a `FileWatcher` could not be made.
public enum FileWatcherError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The path cannot name a file: empty, containing NUL, or ending in `/`, `.` or `..`.
  case invalidPath(String)
  /// A system call failed with an errno value; `subject` is the path it was about, if any.
  case systemCall(String, subject: String, errno: Int32)

  public var description: String {
    switch self {
    case .invalidPath(let path):
      "cannot watch “\(path)”: not a file path"
    case .systemCall(let name, let subject, let code):
      "\(name)\(subject.isEmpty ? "" : " " + subject) failed: \(String(cString: strerror(code)))"
    }
  }
}
