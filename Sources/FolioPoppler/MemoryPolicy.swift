import CPoppler
import Foundation
import Synchronization

/// How the process's allocator treats the large, short-lived buffers of page rendering and the
/// memory freed when a document or a burst of renders goes away.
public enum MemoryPolicy {
  /// Makes allocations of 128 KiB and more (page bitmaps, cairo surfaces) come from the system
  /// and go back to it when freed, so resident memory follows what is live instead of the
  /// largest burst of renders (docs/decisions.md). Process-wide; call once at start-up.
  public static func returnLargeAllocationsToSystem() {
    _ = folio_return_large_allocations_to_system()
  }

  /// Gives memory the heap holds but nothing uses back to the system, at most four times a second
  /// (calls in between return at once). Safe from any thread; meant for render
  /// threads when their queue runs dry, never the interface thread.
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
