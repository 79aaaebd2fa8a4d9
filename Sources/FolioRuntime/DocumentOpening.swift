import FolioCore
import FolioRaster
import FolioStore
import FolioUI

/// How to get page workers for one version of the document, one per thread: workers made
/// ahead to hand to the first threads that need one, and a way to make more.
public struct DocumentOpening: Sendable {
  /// Workers made already, each taken at most once.
  public var handoff: DocumentHandoff
  /// Makes another worker (on the calling thread, for that thread).
  public var makeWorker: @Sendable () throws -> any PageWorker
  /// Whether the workers keep the render time limit themselves (worker processes are killed
  /// when a request runs over): the render service's own limit then only backs them up.
  public var keepsTimeLimit: Bool

  /// Creates an opening of workers.
  public init(
    handoff: DocumentHandoff = DocumentHandoff(), keepsTimeLimit: Bool,
    makeWorker: @escaping @Sendable () throws -> any PageWorker
  ) {
    self.handoff = handoff
    self.keepsTimeLimit = keepsTimeLimit
    self.makeWorker = makeWorker
  }

  /// Page work in this process, each thread with its own instance of the document from `open`
  /// (tests and measurements).
  public init(
    handoff: DocumentHandoff = DocumentHandoff(),
    open: @escaping @Sendable () throws -> any DocumentSource
  ) {
    self.init(handoff: handoff, keepsTimeLimit: false) { LocalPageWorker(try open()) }
  }

  /// Page work in worker processes started with `launch` under `limits`; `prestarted` of them
  /// start now, to be handed to the first render threads.
  public static func processes(
    _ document: WorkerDocument, launch: WorkerLaunch, limits: WorkerLimits, prestarted: Int
  ) -> DocumentOpening {
    let workers = (0..<max(0, prestarted)).map { _ in
      WorkerProcess(launch: launch, document: document, limits: limits)
    }
    return DocumentOpening(handoff: DocumentHandoff(workers: workers), keepsTimeLimit: true) {
      WorkerProcess(launch: launch, document: document, limits: limits)
    }
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
  /// How to search it, if it can be searched.
  public var search: SearchSetup?
  /// A shelf's files, cover by cover, when the document is a shelf made again.
  public var members: [String]?

  /// Creates a reopened document.
  public init(
    summary: DocumentSummary, opening: DocumentOpening, identity: DocumentIdentity?,
    search: SearchSetup? = nil, members: [String]? = nil
  ) {
    self.summary = summary
    self.opening = opening
    self.identity = identity
    self.search = search
    self.members = members
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
