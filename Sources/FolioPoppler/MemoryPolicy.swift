import CPoppler

/// How the process gives memory back to the system after a burst of renders or a closed
/// document (docs/decisions.md).
public enum MemoryPolicy {
  /// Gives memory the heap holds but nothing uses back to the system (0.02–0.2 ms with a 70 MiB
  /// heap). Safe from any thread; meant for render threads when their queue runs dry or they
  /// end, not the interface thread.
  public static func releaseFreedMemory() {
    folio_release_freed_memory()
  }

  /// Sets the heap up for a process that passes pictures around (the viewer, page workers):
  /// a picture of 64 KiB or more is mapped on its own and given back when freed, and threads
  /// share at most two heaps, so memory freed on one thread is not stranded in another's.
  /// Call once, first thing.
  public static func limitHeapGrowth() {
    folio_limit_heap_growth(64 << 10, 2)
  }
}
