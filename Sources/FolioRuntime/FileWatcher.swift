import Glibc

/// Watches one file for changes, so a viewer can reload it.
///
/// It watches the file's directory with inotify rather than the file itself: editors and LaTeX
/// replace a file by renaming a new one over it, other tools write in place, and a file may be
/// deleted and made again, and a watch on the file would follow the old inode away. Events of
/// other files in the same directory do not count. When the path is a symbolic link, the
/// directory of its target (and of each further link's) is watched too, and changes of the
/// target count; the chain is followed again when one of its names is replaced or removed.
///
/// Poll `descriptor` for `POLLIN` in the event loop and call `takeChanges()` when it is
/// readable. A write of a large file comes as many events: the caller decides how long to wait
/// for quiet before reloading. One thread at a time.
public final class FileWatcher {
  /// The inotify descriptor: non-blocking and close-on-exec. Readable while events wait.
  public var descriptor: Int32 { inotify.descriptor }
  private let inotify: InotifyReader
  /// The path as given.
  public let path: String
  /// Whether the watcher still sees every change of the path; false for good once a watched
  /// directory was deleted, moved or unmounted.
  public private(set) var isWatching = true
  /// A directory was created, removed or moved in a watched directory since the last follow.
  private var sawDirectoryChange = false

  private let absolutePath: [UInt8]
  /// The names that count, by watch descriptor.
  private var names: [Int32: Set<[UInt8]>] = [:]

  private static let mask = UInt32(
    IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_MOVED_TO | IN_CREATE | IN_DELETE
      | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

  /// Starts watching `path`, relative to the current directory unless absolute. The file
  /// itself need not exist; its directory must.
  public init(path: String) throws {
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, !bytes.contains(0), let absolute = WatchedPath.absolute(bytes),
      WatchedPath.split(absolute) != nil
    else { throw FileWatcherError.invalidPath(path) }
    self.path = path
    self.absolutePath = absolute
    inotify = try InotifyReader()
    if let error = follow() { throw error }  // The reader closes its descriptor.
  }

  /// Reads the events waiting (at most `InotifyReader.bytesPerTake` bytes: the rest at the
  /// next call), without blocking, and tells what they said about the file.
  /// Empty when nothing concerned it; always holds `.watchEnded` once the watch has ended.
  public func takeChanges() -> FileChange {
    var change: FileChange = []
    inotify.readEvents { change.formUnion(take($0)) }
    // A name of the chain came or went (a link may point elsewhere now), or a directory did
    // (one the chain passes through may be gone): follow the chain again.
    let chainMayHaveChanged =
      sawDirectoryChange || !change.isDisjoint(with: [.replaced, .removed, .overflowed])
    sawDirectoryChange = false
    if isWatching, chainMayHaveChanged, follow() != nil {
      isWatching = false
    }
    if !isWatching { change.insert(.watchEnded) }
    return change
  }

  /// What one event says about the file.
  private func take(_ event: InotifyEvent) -> FileChange {
    if event.has(IN_Q_OVERFLOW) { return .overflowed }
    guard let watched = names[event.watch] else { return [] }  // A watch given up on.
    // A directory came or went in a watched one: the kernel does not always report the end
    // of a watch on a directory removed while it was being watched again.
    if event.has(IN_ISDIR) { sawDirectoryChange = true }
    if event.has(IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT | IN_IGNORED) {
      end(event.watch, removedByKernel: event.has(IN_IGNORED))
      return []
    }
    guard !event.name.isEmpty, watched.contains(Array(event.name)) else { return [] }
    return Self.change(for: event.mask)
  }

  /// What an event's mask means for a watched name.
  private static func change(for mask: UInt32) -> FileChange {
    var change: FileChange = []
    if mask & UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB) != 0 { change.insert(.modified) }
    if mask & UInt32(IN_MOVED_TO | IN_CREATE) != 0 { change.insert(.replaced) }
    if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { change.insert(.removed) }
    return change
  }

  /// Marks the watch as ended after its directory went away.
  private func end(_ watch: Int32, removedByKernel: Bool) {
    isWatching = false
    names[watch] = nil
    // A moved directory is still watched where it went; its events no longer concern the path.
    if !removedByKernel { inotify_rm_watch(descriptor, watch) }
  }

  /// Watches the directories of the path and of the links it leads through, and forgets the
  /// ones it no longer leads through. Returns the error when the path's own directory cannot be
  /// watched; a link target's directory that cannot be watched (it went away) ends the watch,
  /// since changes there would go unseen: the caller makes a new watcher once it is back.
  private func follow() -> FileWatcherError? {
    var followed: [Int32: Set<[UInt8]>] = [:]
    for (index, name) in WatchedPath.chain(from: absolutePath).enumerated() {
      let watch = inotify_add_watch(descriptor, WatchedPath.cString(name.directory), Self.mask)
      guard watch >= 0 else {
        guard index == 0 else {
          isWatching = false
          continue
        }
        return .systemCall(
          "inotify_add_watch", subject: WatchedPath.display(name.directory), errno: errno)
      }
      followed[watch, default: []].insert(name.name)
    }
    for watch in names.keys where followed[watch] == nil {
      inotify_rm_watch(descriptor, watch)  // Its IN_IGNORED then finds no names and is skipped.
    }
    names = followed
    return nil
  }
}
