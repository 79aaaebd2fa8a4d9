import FolioCore

/// The pictures in pixels a pixel layer asks for: its lane of the document's page work, so
/// they are drawn and encoded by the same worker processes as the block art, after the block
/// art that stands in for them. A picture whose render fails is not asked for again (its page
/// stays block art, where the failure shows), but once after a worker's failure worth
/// retrying (it crashed); the document's own failures (a page that cannot be drawn, a picture
/// too large to send) would only come again.
final class PictureQueue {
  private let queue: WorkQueue<PageJob, PageJobResult>
  private var failed: Set<PictureJob> = []
  private var retried: Set<PictureJob> = []

  /// Asks `work`'s workers.
  init(work: PageWork) { queue = work.queue }

  /// Asks for `jobs` (those not failed before), in place of what was asked before.
  func want(_ jobs: some Collection<PictureJob>) {
    queue.replaceWanted(
      jobs.filter { !failed.contains($0) }.map {
        (PageJob.picture($0), RenderPriority(tier: .visible, distance: 0))
      },
      inLane: PageWork.pictureLane)
  }

  /// The pictures that arrived in `letters`; those that failed are remembered.
  func receive(_ letters: [LoopInbox.Letter]) -> [(job: PictureJob, picture: EncodedPicture)] {
    let (outcomes, _) = queue.receive(letters, inLane: PageWork.pictureLane)
    return outcomes.compactMap { outcome in
      guard case .picture(let job) = outcome.request else { return nil }
      switch outcome.result {
      case .success(.picture(let picture)):
        return (job, picture)
      case .failure(let failure as WorkerFailure)
      where failure.isWorthRetrying && !retried.contains(job):
        retried.insert(job)
      default:
        failed.insert(job)
      }
      return nil
    }
  }

  /// Asks for nothing more.
  func stop() { want([]) }
}
