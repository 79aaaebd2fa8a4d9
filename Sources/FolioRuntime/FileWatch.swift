import Glibc

/// What watches for changes: a file (`FileWatcher`) or a library's folders (`FolderWatcher`).
public protocol ChangeWatcher: AnyObject {
  /// The descriptor to poll for `POLLIN`.
  var descriptor: Int32 { get }
  /// Reads the events waiting (a bounded number: the rest at the next call), without
  /// blocking, and tells what they said.
  func takeChanges() -> FileChange
}

extension FileWatcher: ChangeWatcher {}

/// The loop's watch on the document's file: a `FileWatcher` while it watches, and when the
/// watch ended (its folder, or a symlink target's folder, went away) or could not start (no
/// inotify instance left), a check every two seconds (a stat, no more) for the path to lead to
/// a file again; that counts as a change unless it is the same file as when the watch was lost
/// (same inode, size and modification time).
final class FileWatch {
  /// How often a lost watch is tried again.
  static var rewatchInterval: Duration { .seconds(2) }

  private let path: String
  private var watcher: (any ChangeWatcher)?
  /// Makes a watcher (tests make the first attempt fail).
  private let makeWatcher: (String) throws -> any ChangeWatcher
  /// How long a lost watch waits before it is tried again.
  private let retryDelay: Duration
  /// When to try watching again.
  private var rewatchAt: ContinuousClock.Instant?
  /// The file as it was when the watch was lost (or could not start), if it was there.
  private var lastSeen: FileIdentity?

  /// Starts watching `path` (or schedules a retry if it cannot be watched yet).
  init(
    path: String, retryDelay: Duration = rewatchInterval,
    makeWatcher: @escaping (String) throws -> any ChangeWatcher = { try FileWatcher(path: $0) }
  ) {
    self.path = path
    self.retryDelay = retryDelay
    self.makeWatcher = makeWatcher
    watcher = try? makeWatcher(path)
    if watcher == nil {
      rewatchAt = .now + retryDelay
      lastSeen = FileIdentity(path: path)
    }
  }

  /// The descriptor to poll while watching.
  var descriptor: Int32? { watcher?.descriptor }

  /// When the loop should wake to try watching again, if the watch is lost.
  var nextCheck: ContinuousClock.Instant? { rewatchAt }

  /// Whether the file changed since the last call (or the watch came back).
  func takeChange() -> Bool {
    if let watcher {
      let change = watcher.takeChanges()
      guard change.isWatchAlive else {
        self.watcher = nil
        rewatchAt = .now + retryDelay
        lastSeen = nil
        return true
      }
      return change.fileDidChange
    }
    guard let due = rewatchAt, ContinuousClock.now >= due else { return false }
    var info = stat()
    guard stat(path, &info) == 0, let watcher = try? makeWatcher(path) else {
      rewatchAt = .now + retryDelay
      return false
    }
    self.watcher = watcher
    rewatchAt = nil
    defer { lastSeen = nil }
    return lastSeen == nil || FileIdentity(path: path) != lastSeen
  }
}

/// What tells one file from another at a path: its device and inode, size and modification
/// time.
struct FileIdentity: Hashable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: Int
  var modifiedNanoseconds: Int

  /// The file at `path` now, if there is one.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    modified = Int(info.st_mtim.tv_sec)
    modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
  }
}
