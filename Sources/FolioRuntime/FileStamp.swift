import Glibc

/// What tells one version of a file from the next: its device, inode, size and modification
/// time, as `stat` gives them (a rebuild that writes the file anew, or renames another over
/// it, changes one of them).
struct FileStamp: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modified: timespec

  /// The file at `path` as it is now; nil when it cannot be read.
  init?(path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    modified = status.st_mtim
  }

  static func == (lhs: FileStamp, rhs: FileStamp) -> Bool {
    lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
      && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(inode)
    hasher.combine(size)
    hasher.combine(modified.tv_sec)
  }
}
