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

/// A render thread's document, opened anew every `renderLimit` renders: Poppler keeps every
/// page it has loaded for the life of a document, so paging through a 15,000-page file would
/// otherwise grow each thread's memory without bound.
struct RecyclingDocument {
  /// Renders between reopenings.
  static let renderLimit = Int(ProcessInfo.processInfo.environment["FOLIO_RENDER_LIMIT"] ?? "1500") ?? 1500

  private(set) var document: any DocumentSource
  let open: @Sendable () throws -> any DocumentSource
  private var renders = 0

  init(document: any DocumentSource, open: @escaping @Sendable () throws -> any DocumentSource) {
    self.document = document
    self.open = open
  }

  /// Counts a render and reopens the document when the limit is reached.
  mutating func noteRender() throws {
    renders += 1
    if renders >= Self.renderLimit {
      document = try open()
      renders = 0
      // Give the freed pages back to the system rather than keeping them in malloc's arenas.
      _ = releaseFreeMemory(0)
    }
  }
}

/// glibc's malloc_trim (malloc.h is not part of the Glibc module).
@_silgen_name("malloc_trim")
private func releaseFreeMemory(_ pad: Int) -> Int32
