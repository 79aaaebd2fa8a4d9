import FolioCore
import FolioUI

/// Reads every page's size and label in the background, in batches, once the first screen is
/// drawn (the first frame must not share the CPU): the lowest lane of the version's page
/// workers, so it reads while they have nothing to draw. Use from the loop's thread.
public final class PageReader: LoopService {
  private let work: PageWork
  private var queue: WorkQueue<PageJob, PageJobResult> { work.queue }
  /// Batches not yet handed to the workers.
  private var waitingBatches: [(PageJob, RenderPriority)]
  /// Whether every batch has been read and taken.
  public private(set) var isFinished = false

  /// Pages per batch.
  static var batchSize: Int { 500 }

  /// A reader of `pageCount` pages with the version's page workers; nothing is read before
  /// `start()`.
  public init(pageCount: Int, sharing work: PageWork) {
    self.work = work
    waitingBatches = stride(from: 0, to: pageCount, by: Self.batchSize).map { start in
      (
        .facts(start..<min(pageCount, start + Self.batchSize)),
        RenderPriority(tier: .behind, distance: start)
      )
    }
  }

  /// A reader with a worker of its own (from `opening`), for a reader used on its own.
  public convenience init(
    pageCount: Int, opening: DocumentOpening, inbox: LoopInbox? = nil,
    releaseFreedMemory: @escaping @Sendable () -> Void = {}
  ) throws {
    let work = try PageWork(
      opening: opening, version: .first, workerCount: 1, inbox: inbox, name: "folio-pages",
      whenDrained: releaseFreedMemory)
    self.init(pageCount: pageCount, sharing: work)
  }

  /// The descriptor that turns readable when a batch is read.
  public var wakeDescriptor: Int32 { queue.wakeDescriptor }

  /// Whether reading has started.
  public var hasStarted: Bool { waitingBatches.isEmpty }

  /// Starts reading (once).
  public func start() {
    guard !waitingBatches.isEmpty else { return }
    queue.replaceWanted(waitingBatches, inLane: PageWork.factsLane)
    waitingBatches = []
  }

  /// Takes the facts read since the last call from its own inbox (a reader used on its own).
  public func take() -> [PageFact] { facts(in: queue.inbox.take(for: queue.address)) }

  /// The facts read, as one `pagesRead` event.
  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] {
    let facts = facts(in: letters)
    return facts.isEmpty ? [] : [.pagesRead(facts)]
  }

  /// The facts in `letters`. Finished once nothing of its lane was pending as the last batch
  /// was taken (the taking and that question are one step).
  private func facts(in letters: [LoopInbox.Letter]) -> [PageFact] {
    guard hasStarted, !isFinished else { return [] }
    let (outcomes, pendingWhenDrained) = queue.receive(letters, inLane: PageWork.factsLane)
    var facts: [PageFact] = []
    for outcome in outcomes {
      if case .success(.facts(let batch)) = outcome.result { facts += batch }
    }
    if pendingWhenDrained == 0 { isFinished = true }
    return facts
  }
}
