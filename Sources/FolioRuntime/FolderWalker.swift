import Foundation
import Glibc

/// Walks folders for a `FolderWatcher` on a thread of its own (started with the first walk),
/// adding an inotify watch on each folder and each folder under it, so a folder of 10,000
/// files or a deep tree never holds up the loop. The folder of each watch is kept here, under
/// a lock the loop takes to look one up. The walker holds a duplicate of the inotify
/// descriptor, so the instance outlives the watcher while a walk ends.
final class FolderWalker: @unchecked Sendable {
  /// The most folders watched (each takes one of the user's inotify watches).
  static let folderLimit = 4096

  static let mask = UInt32(
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF
      | IN_MOVE_SELF | IN_ONLYDIR)

  private let condition = NSCondition()
  /// The walker's own descriptor of the inotify instance (closed when the walker goes).
  private let descriptor: Int32
  /// The folder of each watch.
  private var folders: [Int32: String] = [:]
  /// Folders to walk, and whether finding them should count as a change.
  private var waiting: [(folder: String, counts: Bool)] = []
  private var isWalking = false
  private var isStopped = false
  /// A walk that counts finished since the last `takeWalkedNewFolders()`.
  private var walkedNewFolders = false
  private var thread: JoinableThread?
  /// Wakes the loop when a walk that counts has finished.
  private let wake: @Sendable () -> Void

  /// A walker adding watches to the inotify instance `descriptor` (duplicated here).
  init(descriptor: Int32, wake: @escaping @Sendable () -> Void) throws(FileWatcherError) {
    let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
    guard copy >= 0 else { throw .systemCall("fcntl", subject: "", errno: errno) }
    self.descriptor = copy
    self.wake = wake
  }

  deinit { DescriptorCloser.close(descriptor) }

  /// Watches `folder` now, without walking it; false when it cannot be watched.
  func watch(_ folder: String) -> Bool {
    condition.withLock { addWatch(folder) }
  }

  /// The folder of `watch`, if it is one of ours.
  func folder(of watch: Int32) -> String? {
    condition.withLock { folders[watch] }
  }

  /// Forgets `watch` (the kernel ended it).
  func forget(_ watch: Int32) {
    condition.withLock { folders[watch] = nil }
  }

  /// How many folders are watched.
  var watchedCount: Int { condition.withLock { folders.count } }

  /// Walks `folder` and the folders under it in the background; when `counts`, its end is
  /// reported by `takeWalkedNewFolders()` (files may have landed in it before it was watched).
  func walk(_ folder: String, counts: Bool) {
    condition.withLock {
      guard !isStopped else { return }
      waiting.append((folder, counts))
      condition.broadcast()
      if thread == nil {
        thread = try? JoinableThread(name: "folio-folders") { [self] in run() }
        if thread == nil { waiting.removeAll() }  // No thread: the folders stay unwatched.
      }
    }
  }

  /// Whether a walk that counts has finished since the last call.
  func takeWalkedNewFolders() -> Bool {
    condition.withLock {
      defer { walkedNewFolders = false }
      return walkedNewFolders
    }
  }

  /// Waits until no walk is waiting or under way, at most `timeout`; returns whether so.
  func waitUntilIdle(timeout: Duration) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout.inSeconds)
    return condition.withLock {
      while isWalking || !waiting.isEmpty {
        if !condition.wait(until: deadline) { return !isWalking && waiting.isEmpty }
      }
      return true
    }
  }

  /// Ends the thread after the folder it is reading (it lets itself go).
  func stop() {
    condition.withLock {
      isStopped = true
      waiting.removeAll()
      condition.broadcast()
      thread?.detach()
      thread = nil
    }
  }

  private func run() {
    while true {
      condition.lock()
      while waiting.isEmpty && !isStopped { condition.wait() }
      guard !isStopped else {
        condition.unlock()
        return
      }
      let next = waiting.removeFirst()
      isWalking = true
      condition.unlock()
      walk(from: next.folder)
      condition.withLock {
        isWalking = false
        if next.counts { walkedNewFolders = true }
        condition.broadcast()
      }
      if next.counts { wake() }
    }
  }

  /// Watches `root` and every folder under it, a folder at a time (no recursion: a deep tree
  /// takes no stack). A folder reached through a link is not entered.
  private func walk(from root: String) {
    var stack = [root]
    while let folder = stack.popLast() {
      let isWatched: Bool = condition.withLock { !isStopped && addWatch(folder) }
      guard isWatched, let dir = opendir(folder) else { continue }
      defer { closedir(dir) }
      while let entry = readdir(dir) {
        // The entry itself (a link is DT_LNK: a folder behind a link is not entered); files
        // are passed over without a system call.
        let type = entry.pointee.d_type
        guard type == UInt8(DT_DIR) || type == UInt8(DT_UNKNOWN) else { continue }
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard name != ".", name != ".." else { continue }
        let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
        var status = stat()
        // Some file systems do not tell the type: the link itself is asked.
        if type == UInt8(DT_DIR)
          || (lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR)
        {
          stack.append(path)
        }
      }
    }
  }

  /// Adds a watch on `folder` (the lock held, so its events always find it); false when it
  /// cannot be watched or the limit is reached.
  private func addWatch(_ folder: String) -> Bool {
    guard folders.count < Self.folderLimit else { return false }
    let watch = inotify_add_watch(descriptor, folder, Self.mask)
    guard watch >= 0 else { return false }
    folders[watch] = folder
    return true
  }
}
