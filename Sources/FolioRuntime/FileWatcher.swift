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
  public let descriptor: Int32
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
  /// Room for many events at once; one event with the longest name takes 16 + 256 bytes.
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

  private static let mask = UInt32(
    IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_MOVED_TO | IN_CREATE | IN_DELETE
      | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
  private static let eventHeaderSize = MemoryLayout<inotify_event>.size

  /// Starts watching `path`, relative to the current directory unless absolute. The file
  /// itself need not exist; its directory must.
  public init(path: String) throws {
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, !bytes.contains(0), let absolute = WatchedPath.absolute(bytes),
      WatchedPath.split(absolute) != nil
    else { throw FileWatcherError.invalidPath(path) }
    self.path = path
    self.absolutePath = absolute
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else {
      throw FileWatcherError.systemCall("inotify_init1", subject: "", errno: errno)
    }
    self.descriptor = descriptor
    if let error = follow() { throw error }  // deinit closes the descriptor.
  }

  deinit {
    close(descriptor)
  }

  /// Reads every event waiting, without blocking, and tells what they said about the file.
  /// Empty when nothing concerned it; always holds `.watchEnded` once the watch has ended.
  public func takeChanges() -> FileChange {
    var change: FileChange = []
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }  // EAGAIN: all read.
      change.formUnion(parse(count: count))
    }
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

  /// What the first `count` bytes of the buffer say.
  private func parse(count: Int) -> FileChange {
    var change: FileChange = []
    buffer.withUnsafeBytes { bytes in
      var offset = 0
      while offset + Self.eventHeaderSize <= count {
        let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
        let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
        let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
        let nameStart = offset + Self.eventHeaderSize
        let nameEnd = min(nameStart + length, count)
        offset = nameStart + length
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
          change.insert(.overflowed)
          continue
        }
        guard let watched = names[watch] else { continue }  // A watch given up on.
        // A directory came or went in a watched one: the kernel does not always report the end
        // of a watch on a directory removed while it was being watched again.
        if mask & UInt32(IN_ISDIR) != 0 { sawDirectoryChange = true }
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT | IN_IGNORED) != 0 {
          end(watch, removedByKernel: mask & UInt32(IN_IGNORED) != 0)
          continue
        }
        let name = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
        guard !name.isEmpty, watched.contains(Array(name)) else { continue }
        change.formUnion(Self.change(for: mask))
      }
    }
    return change
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
