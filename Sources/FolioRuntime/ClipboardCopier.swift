import FolioCore
import FolioUI

/// Runs the part of a copy to the clipboard that may block (`tmux set-buffer` inside tmux, which
/// a stopped tmux server never answers) on a thread of its own, started with the first copy, so
/// the loop never waits for it; the job keeps its own deadline. A copy that failed or timed out
/// comes back as one line for the status line. A newer copy replaces one not yet started. Use
/// from the loop's thread.
public final class ClipboardCopier: LoopService {
  private struct Copy: Hashable, Sendable {
    var number: Int
    var job: ClipboardJob

    static func == (lhs: Copy, rhs: Copy) -> Bool { lhs.number == rhs.number }
    func hash(into hasher: inout Hasher) { hasher.combine(number) }
  }

  /// A copy's failure: the job's line.
  private struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let service: WorkQueue<Copy, Void>
  private var copies = 0

  /// A copier posting to `inbox` (a private one when nil).
  public init(inbox: LoopInbox? = nil) throws {
    service = try WorkQueue<Copy, Void>(
      workerCount: 1, name: "folio-clipboard", inbox: inbox, makeWorker: {}
    ) { _, copy in
      if let problem = copy.job() { throw Failure(description: problem) }
    }
  }

  deinit { service.beginShutdown() }

  /// Runs `job` in the background and returns at once.
  public func copy(_ job: @escaping ClipboardJob) {
    copies += 1
    _ = service.replaceWanted([
      (Copy(number: copies, job: job), RenderPriority(tier: .visible, distance: 0))
    ])
  }

  /// The copies that failed in `letters`, as lines for the status line.
  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] {
    service.receive(letters).outcomes.compactMap { outcome in
      guard case .failure(let error) = outcome.result else { return nil }
      return .problem(TerminalText.sanitized("\(error)"))
    }
  }

  /// The failures of copies finished since the last call, from its own inbox (a copier used on
  /// its own).
  public func takeProblems() -> [Event] {
    receive(service.inbox.take(for: service.address))
  }
}
