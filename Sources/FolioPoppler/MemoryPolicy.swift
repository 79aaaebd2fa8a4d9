import CPoppler
import Synchronization

/// How the process gives memory back to the system after a burst of renders or a closed
/// document (docs/decisions.md).
public enum MemoryPolicy {
  /// Gives memory the heap holds but nothing uses back to the system, at most four times a
  /// second (calls in between return at once). Safe from any thread; meant for render threads
  /// when their queue runs dry, never the interface thread.
  public static func releaseFreedMemory() {
    let now = ContinuousClock.now
    let due = lastRelease.withLock { last in
      guard last.map({ now - $0 >= .milliseconds(250) }) ?? true else { return false }
      last = now
      return true
    }
    if due { folio_release_freed_memory() }
  }

  private static let lastRelease = Mutex<ContinuousClock.Instant?>(nil)
}
