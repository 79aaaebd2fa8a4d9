import Glibc

/// The loop's watch on the document's file: a `FileWatcher` while it watches, and when the
/// watch ended (its folder, or a symlink target's folder, went away) or could not start, a
/// check every two seconds (a stat, no more) for the path to lead to a file again, which
/// counts as a change.
final class FileWatch {
  /// How often a lost watch is tried again.
  static var rewatchInterval: Duration { .seconds(2) }

  private let path: String
  private var watcher: FileWatcher?
  /// When to try watching again.
  private var rewatchAt: ContinuousClock.Instant?

  /// Starts watching `path` (or schedules a retry if it cannot be watched yet).
  init(path: String) {
    self.path = path
    watcher = try? FileWatcher(path: path)
    if watcher == nil { rewatchAt = .now + Self.rewatchInterval }
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
        rewatchAt = .now + Self.rewatchInterval
        return true
      }
      return change.fileDidChange
    }
    guard let due = rewatchAt, ContinuousClock.now >= due else { return false }
    var info = stat()
    guard stat(path, &info) == 0, let watcher = try? FileWatcher(path: path) else {
      rewatchAt = .now + Self.rewatchInterval
      return false
    }
    self.watcher = watcher
    rewatchAt = nil
    return true
  }
}
