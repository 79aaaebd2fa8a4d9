import FolioCore
import FolioUI

/// Reads every page's size and label in the background, in batches, with a page worker of its
/// own, once the first screen is drawn (the first frame must not share the CPU). Use
/// from the loop's thread.
public final class PageReader: LoopService {
  private let service: WorkQueue<Range<Int>, [PageFact]>
  /// Batches not yet handed to the thread.
  private var waitingBatches: [(Range<Int>, RenderPriority)]
  /// Whether every batch has been read and taken.
  public private(set) var isFinished = false

  /// Pages per batch.
  static var batchSize: Int { 500 }

  /// Creates a reader of `pageCount` pages; nothing is read before `start()`.
  public init(
    pageCount: Int, opening: DocumentOpening, inbox: LoopInbox? = nil,
    releaseFreedMemory: @escaping @Sendable () -> Void = {}
  ) throws {
    service = try WorkQueue<Range<Int>, [PageFact]>(
      workerCount: 1, name: "folio-pages", inbox: inbox,
      makeWorker: {
        lowerThreadPriority()
        // A worker started ahead that no render thread needed, if any.
        return try opening.handoff.take() ?? opening.makeWorker()
      },
      whenDrained: releaseFreedMemory
    ) { worker, range in
      try worker.facts(of: range)
    }
    waitingBatches = stride(from: 0, to: pageCount, by: Self.batchSize).map { start in
      (
        start..<min(pageCount, start + Self.batchSize),
        RenderPriority(tier: .behind, distance: start)
      )
    }
  }

  deinit { service.beginShutdown() }

  /// The descriptor that turns readable when a batch is read.
  public var wakeDescriptor: Int32 { service.wakeDescriptor }

  /// Whether reading has started.
  public var hasStarted: Bool { waitingBatches.isEmpty }

  /// Starts reading (once).
  public func start() {
    guard !waitingBatches.isEmpty else { return }
    _ = service.replaceWanted(waitingBatches)
    waitingBatches = []
  }

  /// Takes the facts read since the last call from its own inbox (a reader used on its own).
  public func take() -> [PageFact] { facts(in: service.inbox.take(for: service.address)) }

  /// The facts read, as one `pagesRead` event.
  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] {
    let facts = facts(in: letters)
    return facts.isEmpty ? [] : [.pagesRead(facts)]
  }

  /// The facts in `letters`. Finished once nothing was pending as the last batch was taken
  /// (the taking and that question are one step): then its thread ends, and with it its
  /// document and Poppler's cache of every page.
  private func facts(in letters: [LoopInbox.Letter]) -> [PageFact] {
    guard hasStarted, !isFinished else { return [] }
    let (outcomes, pendingWhenDrained) = service.receive(letters)
    var facts: [PageFact] = []
    for outcome in outcomes {
      if case .success(let batch) = outcome.result { facts += batch }
    }
    if pendingWhenDrained == 0 {
      isFinished = true
      service.beginShutdown()
    }
    return facts
  }
}
