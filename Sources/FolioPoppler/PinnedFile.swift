import FolioCore
import Glibc

/// A file held open for as long as a version of a document lives, so that every instance of
/// that version (one per render thread, the page reader) reads the same file whatever happens
/// to its path: `path` (`/proc/self/fd/N`) opens the very file that was there when it was
/// pinned, even once another is renamed over it or it is deleted. Closed when the last
/// instance's opener lets go of it.
public final class PinnedFile: Sendable {
  /// The path that opens the pinned file.
  public let path: String
  private let descriptor: Int32

  /// Pins the file at `path` as it is now.
  public init(_ path: String) throws(DocumentError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw DocumentError.notFound }
      throw DocumentError.unreadable(reason: String(cString: strerror(code)))
    }
    self.descriptor = descriptor
    self.path = "/proc/self/fd/\(descriptor)"
  }

  deinit { close(descriptor) }
}
