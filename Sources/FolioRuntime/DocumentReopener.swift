import FolioCore
import FolioUI

/// Opens the document again in the background when its file changed, so a slow or failing
/// open never holds up the viewer. Use from the loop's thread.
public final class DocumentReopener: LoopService {
  private let service: WorkQueue<ReopenRequest, ReopenedDocument>
  /// Opened versions not yet adopted, by version.
  private var opened: [DocumentVersion: ReopenedDocument] = [:]
  /// The version the next open makes.
  private var nextVersion: DocumentVersion

  /// How long an open may take before it is given up (a file Poppler loops on).
  private let timeLimit: Duration

  /// Creates a reopener that opens with `reopen` (on its own thread); versions count on from
  /// `current`. An open running longer than `timeLimit` is given up as failed.
  public init(
    current: DocumentVersion = .first, timeLimit: Duration = .seconds(20),
    inbox: LoopInbox? = nil,
    reopen: @escaping @Sendable (ReopenRequest) throws -> ReopenedDocument
  ) throws {
    nextVersion = current.next
    self.timeLimit = timeLimit
    service = try WorkQueue<ReopenRequest, ReopenedDocument>(
      workerCount: 1, name: "folio-reopen", inbox: inbox, makeWorker: { () }
    ) { _, request in try reopen(request) }
  }

  deinit { service.beginShutdown() }

  /// The descriptor that turns readable when an open has finished.
  public var wakeDescriptor: Int32 { service.wakeDescriptor }

  /// Starts opening the file again; `page` is the reader's page.
  public func reopen(around page: PageIndex) {
    let request = ReopenRequest(version: nextVersion, page: page)
    nextVersion = nextVersion.next
    _ = service.replaceWanted([(request, RenderPriority(tier: .visible, distance: 0))])
  }

  /// When the running open passes the time limit, if one runs.
  public var nextDeadline: ContinuousClock.Instant? {
    service.nextDeadline(forRunningLongerThan: timeLimit)
  }

  /// Gives up an open past the time limit.
  public func enforceDeadlines() {
    service.abandonRequests(runningLongerThan: timeLimit)
  }

  /// The opens finished (or given up) since the last call, from its own inbox (a reopener
  /// used on its own).
  public func takeEvents() -> [Event] {
    enforceDeadlines()
    return receive(service.inbox.take(for: service.address))
  }

  /// The opens finished (or given up) in `letters`, as events: a summary to adopt, or why
  /// not.
  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] {
    service.receive(letters).outcomes.map { outcome in
      switch outcome.result {
      case .success(let document):
        opened[document.summary.version] = document
        return .documentReopened(document.summary)
      case .failure(let error as DocumentError):
        return .reopenFailed(reason: error.reason)
      case .failure(let timeout as RenderTimeout):
        return .reopenFailed(reason: "opening \(timeout.description)")
      case .failure(let error):
        return .reopenFailed(reason: "\(error)")
      }
    }
  }

  /// Hands over an opened version to show, forgetting older ones.
  public func take(_ version: DocumentVersion) -> ReopenedDocument? {
    defer { opened = opened.filter { $0.key > version } }
    return opened[version]
  }
}
