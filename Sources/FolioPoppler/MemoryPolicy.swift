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
}
