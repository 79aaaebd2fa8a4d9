import Glibc

/// An advisory lock (`flock`) on the state folder, held while a process opens the state file:
/// two Folios starting at once would otherwise race to create, migrate or set aside the same
/// file, and SQLite answers some of those races (switching a new file to WAL) with an
/// immediate "database is locked" that no busy timeout waits out. Released on deinit.
final class FolderLock {
  private let descriptor: Int32

  private init(descriptor: Int32) { self.descriptor = descriptor }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// What trying to take the lock came to.
  enum Outcome {
    case acquired(FolderLock)
    /// Another process held it for the whole timeout.
    case timedOut
    /// The folder cannot be locked (a file system without `flock`, say): go on without.
    case unavailable
  }

  /// Takes the lock on `folder`, waiting at most `timeout` for another process to let go.
  static func acquire(_ folder: String, timeout: Duration) -> Outcome {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return .unavailable }
    let deadline = ContinuousClock.now + timeout
    while true {
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
        return .acquired(FolderLock(descriptor: descriptor))
      }
      let code = errno
      guard code == EWOULDBLOCK || code == EINTR else {
        close(descriptor)
        return .unavailable
      }
      guard ContinuousClock.now < deadline else {
        close(descriptor)
        return .timedOut
      }
      usleep(2_000)
    }
  }
}
