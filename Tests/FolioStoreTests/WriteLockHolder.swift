import Foundation
import GRDB

/// Another connection holding the write lock of the SQLite file at a path, from its creation
/// until `release()` (or its end): how a second Folio writing at the same moment looks.
final class WriteLockHolder {
  private let release = DispatchSemaphore(value: 0)
  private let unlocked = DispatchSemaphore(value: 0)
  private var isReleased = false

  /// Takes the lock on another thread and returns once it is held (nil if it never was).
  init?(path: String) throws {
    let other = try DatabaseQueue(path: path)
    let locked = DispatchSemaphore(value: 0)
    let release = self.release
    let unlocked = self.unlocked
    DispatchQueue.global().async {
      try? other.writeWithoutTransaction { db in
        try db.inTransaction(.exclusive) {
          locked.signal()
          release.wait()
          return .commit
        }
      }
      unlocked.signal()
    }
    guard locked.wait(timeout: .now() + 10) == .success else {
      release.signal()
      return nil
    }
  }

  deinit { self.releaseLock() }

  /// Lets the lock go and waits until it is gone.
  func releaseLock() {
    guard !isReleased else { return }
    isReleased = true
    release.signal()
    _ = unlocked.wait(timeout: .now() + 10)
  }
}
