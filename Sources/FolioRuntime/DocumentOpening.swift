import FolioCore
import FolioStore
import FolioUI

/// How to get instances of one version of the document, one per thread: a document already
/// opened to hand to the first thread that needs one, and a way to open more.
public struct DocumentOpening: Sendable {
  /// A document opened already, taken at most once.
  public var handoff: DocumentHandoff
  /// Opens another instance (on the calling thread, for that thread).
  public var open: @Sendable () throws -> any DocumentSource

  /// Creates an opening.
  public init(
    handoff: DocumentHandoff = DocumentHandoff(),
    open: @escaping @Sendable () throws -> any DocumentSource
  ) {
    self.handoff = handoff
    self.open = open
  }
}

/// A version of the document opened again after its file changed: what the app needs to show
/// it, how the runtime gets instances of it, and its identity for the remembered place.
public struct ReopenedDocument: Sendable {
  /// The version, its page count, title and the facts read while opening.
  public var summary: DocumentSummary
  /// Instances of it for render threads and the page reader.
  public var opening: DocumentOpening
  /// What identifies its content in the store of places, if it is remembered.
  public var identity: DocumentIdentity?

  /// Creates a reopened document.
  public init(summary: DocumentSummary, opening: DocumentOpening, identity: DocumentIdentity?) {
    self.summary = summary
    self.opening = opening
    self.identity = identity
  }
}

/// What to open again: the version it will be and the page the reader is on (whose size is
/// worth reading at once).
public struct ReopenRequest: Hashable, Sendable {
  /// The version the opened document becomes.
  public var version: DocumentVersion
  /// The page the reader is on.
  public var page: PageIndex

  /// Creates a request.
  public init(version: DocumentVersion, page: PageIndex) {
    self.version = version
    self.page = page
  }
}

/// A document's identity in the store of places: a fingerprint of its content, and its path as
/// a hint.
public struct DocumentIdentity: Hashable, Sendable {
  /// The content's fingerprint.
  public var fingerprint: DocumentFingerprint
  /// Where it was opened from.
  public var pathHint: String

  /// Creates an identity.
  public init(fingerprint: DocumentFingerprint, pathHint: String) {
    self.fingerprint = fingerprint
    self.pathHint = pathHint
  }
}
