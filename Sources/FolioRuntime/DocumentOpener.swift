import FolioCore
import FolioUI

/// Opens documents of the shelf on a thread of its own, so the shelf keeps drawing while a
/// long PDF, its remembered place and its workers are opened: what the executable's `open`
/// makes comes back as a `DocumentLaunch` for the loop to show in one frame. Use from the
/// loop's thread.
public final class DocumentOpener: LoopService {
  /// A document to open.
  public struct Request: Hashable, Sendable {
    /// The id it will have in the session.
    public var id: DocumentID
    /// Its file.
    public var path: String
    /// The search it starts with (on its first hit, or on a hit picked on the shelf).
    public var find: FindRequest?
    /// The password typed for it, after it asked for one.
    public var password: String?
    /// The screen's size as it was asked for.
    public var screenSize: CellSize
  }

  /// What opening gave.
  public enum Outcome: Sendable {
    /// It is open, ready to show.
    case opened(DocumentLaunch)
    /// It is encrypted: a password is needed (typed on the loop's thread, then opened again).
    case needsPassword
    /// It cannot be shown, and why (one line).
    case failed(String)
  }

  private let service: WorkQueue<Request, Outcome>
  private let timeLimit: Duration

  /// Creates an opener running `open` on its own thread; an open running longer than
  /// `timeLimit` is given up.
  public init(
    timeLimit: Duration = .seconds(20), inbox: LoopInbox,
    open: @escaping @Sendable (Request) -> Outcome
  ) throws {
    self.timeLimit = timeLimit
    service = try WorkQueue<Request, Outcome>(
      workerCount: 1, name: "folio-open", inbox: inbox, makeWorker: { () }
    ) { _, request in open(request) }
  }

  deinit { service.beginShutdown() }

  /// Starts opening `request`'s document; one asked for before and not begun is dropped.
  public func open(_ request: Request) {
    _ = service.replaceWanted([(request, RenderPriority(tier: .visible, distance: 0))])
  }

  public var nextDeadline: ContinuousClock.Instant? {
    service.nextDeadline(forRunningLongerThan: timeLimit)
  }

  public func enforceDeadlines() {
    service.abandonRequests(runningLongerThan: timeLimit)
  }

  /// The opener makes no events of its own: the loop takes its outcomes (`takeOutcomes`).
  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] { [] }

  /// The opens finished (or given up) in `letters`.
  func outcomes(in letters: [LoopInbox.Letter]) -> [(request: Request, outcome: Outcome)] {
    service.receive(letters).outcomes.map { outcome in
      switch outcome.result {
      case .success(let opened): (outcome.request, opened)
      case .failure(let timeout as RenderTimeout):
        (outcome.request, .failed("\(outcome.request.path): opening \(timeout.description)"))
      case .failure(let error): (outcome.request, .failed("\(outcome.request.path): \(error)"))
      }
    }
  }
}
