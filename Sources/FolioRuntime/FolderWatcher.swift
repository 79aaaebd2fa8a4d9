import Glibc

/// Watches a library's folders for PDFs added, removed, renamed or rewritten, in them and in
/// the folders under them (a folder reached through a link is not entered, as the library does
/// not enter it): inotify on each folder, new folders watched as they come. Any event on a
/// name ending `.pdf` (any case) or on a folder counts. For `FileWatch`, as `FileWatcher` is
/// for one file.
///
/// Only the roots are watched at once; the folders under them, and each new folder, are walked
/// by a `FolderWalker` on a thread of its own, so the loop never waits for a large tree. A new
/// folder counts once when it appears and once more when it has been walked (files may have
/// landed in it before it was watched): `wake` is called then, for the loop to ask again.
public final class FolderWatcher: ChangeWatcher {
  public var descriptor: Int32 { inotify.descriptor }
  private let inotify: InotifyReader
  private let roots: [String]
  private let walker: FolderWalker
  private var isWatching = true

  /// Starts watching `roots` and, in the background, every folder under them. `wake` is
  /// called from the walker's thread when a new folder has been walked.
  public init(roots: [String], wake: @escaping @Sendable () -> Void = {}) throws {
    inotify = try InotifyReader()
    self.roots = roots
    walker = try FolderWalker(descriptor: inotify.descriptor, wake: wake)
    let watched = roots.filter { walker.watch($0) }
    guard !watched.isEmpty else { throw FileWatcherError.invalidPath(roots.first ?? "") }
    for root in watched { walker.walk(root, counts: false) }
  }

  deinit { walker.stop() }

  public func takeChanges() -> FileChange {
    var change: FileChange = []
    inotify.readEvents { change.formUnion(take($0)) }
    if walker.takeWalkedNewFolders() { change.insert(.replaced) }
    if !isWatching { change.insert(.watchEnded) }
    return change
  }

  /// Waits until the folders asked for so far are watched, at most `timeout` (tests, the
  /// bench); returns whether they are.
  func waitUntilWalked(timeout: Duration) -> Bool {
    walker.waitUntilIdle(timeout: timeout)
  }

  /// How many folders are watched.
  var watchedFolderCount: Int { walker.watchedCount }

  /// What one event says.
  private func take(_ event: InotifyEvent) -> FileChange {
    var change: FileChange = []
    if event.has(IN_Q_OVERFLOW) { change.insert(.overflowed) }
    if event.has(IN_DELETE_SELF | IN_MOVE_SELF), let folder = walker.folder(of: event.watch) {
      if roots.contains(folder) { isWatching = false }
      return change.union(.removed)
    }
    if event.has(IN_IGNORED) {
      walker.forget(event.watch)
      return change
    }
    let isFolder = event.has(IN_ISDIR)
    if isFolder, event.has(IN_CREATE | IN_MOVED_TO), let parent = walker.folder(of: event.watch) {
      walker.walk(parent + "/" + String(decoding: event.name, as: UTF8.self), counts: true)
    }
    guard isFolder || event.name.endsInPDF else { return change }
    if event.has(IN_CLOSE_WRITE) { change.insert(.modified) }
    if event.has(IN_CREATE | IN_MOVED_TO) { change.insert(.replaced) }
    if event.has(IN_DELETE | IN_MOVED_FROM) { change.insert(.removed) }
    return change
  }
}
