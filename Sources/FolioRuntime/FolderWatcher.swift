import Glibc

/// Watches a library's folders for PDFs added, removed, renamed or rewritten, in them and in
/// the folders under them (a folder reached through a link is not entered, as the library does
/// not enter it): inotify on each folder, new folders watched as they come. Any event on a
/// name ending `.pdf` (any case) or on a folder counts. For `FileWatch`, as `FileWatcher` is
/// for one file.
public final class FolderWatcher: ChangeWatcher {
  public let descriptor: Int32
  private let roots: [String]
  /// The folder of each watch.
  private var folders: [Int32: String] = [:]
  private var buffer = [UInt8](repeating: 0, count: 64 * 1024)
  private var isWatching = true

  /// The most folders watched (each takes one of the user's inotify watches).
  static let folderLimit = 4096

  private static let mask = UInt32(
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF
      | IN_MOVE_SELF | IN_ONLYDIR)
  private static let eventHeaderSize = MemoryLayout<inotify_event>.size

  /// Starts watching `roots` and every folder under them.
  public init(roots: [String]) throws {
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else {
      throw FileWatcherError.systemCall("inotify_init1", subject: "", errno: errno)
    }
    self.descriptor = descriptor
    self.roots = roots
    for root in roots { add(root) }
    guard !folders.isEmpty else {
      close(descriptor)
      throw FileWatcherError.invalidPath(roots.first ?? "")
    }
  }

  deinit { close(descriptor) }

  public func takeChanges() -> FileChange {
    var change: FileChange = []
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      change.formUnion(parse(count: count))
    }
    if !isWatching { change.insert(.watchEnded) }
    return change
  }

  /// Watches `folder` and the folders under it.
  private func add(_ folder: String) {
    guard folders.count < Self.folderLimit else { return }
    let watch = inotify_add_watch(descriptor, folder, Self.mask)
    guard watch >= 0 else { return }
    folders[watch] = folder
    guard let dir = opendir(folder) else { return }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != ".", name != ".." else { continue }
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      var status = stat()
      // The link itself: a folder behind a link is not entered.
      if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { add(path) }
    }
  }

  /// What the first `count` bytes of the buffer say.
  private func parse(count: Int) -> FileChange {
    var change: FileChange = []
    var offset = 0
    while offset + Self.eventHeaderSize <= count {
      let (watch, mask, length) = buffer.withUnsafeBytes { raw in
        let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
        return (event.wd, event.mask, Int(event.len))
      }
      let nameStart = offset + Self.eventHeaderSize
      let name = String(
        decoding: buffer[nameStart..<min(count, nameStart + length)].prefix { $0 != 0 },
        as: UTF8.self)
      offset = nameStart + length
      if mask & UInt32(IN_Q_OVERFLOW) != 0 { change.insert(.overflowed) }
      if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0, let folder = folders[watch] {
        if roots.contains(folder) { isWatching = false }
        change.insert(.removed)
        continue
      }
      if mask & UInt32(IN_IGNORED) != 0 {
        folders[watch] = nil
        continue
      }
      let isFolder = mask & UInt32(IN_ISDIR) != 0
      if isFolder, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, let parent = folders[watch] {
        add(parent + "/" + name)
      }
      guard isFolder || (name.count > 4 && name.lowercased().hasSuffix(".pdf")) else { continue }
      if mask & UInt32(IN_CLOSE_WRITE) != 0 { change.insert(.modified) }
      if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { change.insert(.replaced) }
      if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { change.insert(.removed) }
    }
    return change
  }
}
