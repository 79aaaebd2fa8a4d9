import FolioCore
import FolioUI
import Foundation

/// Where remembered places are written: the SQLite store in the app, a dictionary in tests.
/// Called on the keeper's own thread.
public protocol PlaceWriting: Sendable {
  /// Saves `place` for the document `identity` names; throws an error whose description is one
  /// line for the status line.
  func save(_ place: Place, for identity: DocumentIdentity) throws
}

/// Saves places in the background, so a store that is slow, locked or on a full disk never
/// holds up the viewer: the newest save replaces one still waiting, and a failure comes back
/// as one line for the status line (once per kind of failure). Use from the loop's thread.
public final class PlaceKeeper: LoopService {
  private struct Save: Hashable, Sendable {
    var number: Int
    var place: Place
    var identity: DocumentIdentity
  }

  private let service: WorkQueue<Save, Void>
  private var saves = 0
  private var lastProblem: String?
  /// The document the places are saved for (it changes when a reload changes the content;
  /// nil when the new content could not be fingerprinted: then nothing is saved).
  public var identity: DocumentIdentity?

  /// What a keeper is made from: the writer, the document, and a problem already shown.
  public struct Setup: Sendable {
    public var writer: any PlaceWriting
    public var identity: DocumentIdentity
    public var knownProblem: String?

    /// Creates a setup.
    public init(writer: any PlaceWriting, identity: DocumentIdentity, knownProblem: String? = nil) {
      self.writer = writer
      self.identity = identity
      self.knownProblem = knownProblem
    }
  }

  /// A keeper from `setup`, posting to `inbox`.
  public convenience init(_ setup: Setup, inbox: LoopInbox?) throws {
    try self.init(
      writer: setup.writer, identity: setup.identity, knownProblem: setup.knownProblem,
      inbox: inbox)
  }

  /// Creates a keeper writing with `writer` for `identity`. `knownProblem` is a line already
  /// shown (a store opened read-only), not to be shown again when a save fails the same way.
  public init(
    writer: any PlaceWriting, identity: DocumentIdentity, knownProblem: String? = nil,
    inbox: LoopInbox? = nil
  ) throws {
    self.identity = identity
    lastProblem = knownProblem
    service = try WorkQueue<Save, Void>(
      workerCount: 1, name: "folio-places", inbox: inbox, makeWorker: { writer }
    ) { writer, save in
      try writer.save(save.place, for: save.identity)
    }
  }

  deinit { service.beginShutdown() }

  /// The descriptor that turns readable when a save has finished.
  public var wakeDescriptor: Int32 { service.wakeDescriptor }

  /// Saves `place` in the background (replacing a save not yet started).
  public func save(_ place: Place) {
    guard let identity else { return }
    saves += 1
    _ = service.replaceWanted([
      (
        Save(number: saves, place: place, identity: identity),
        RenderPriority(tier: .visible, distance: 0)
      )
    ])
  }

  /// The problems of the saves finished since the last call, from its own inbox (a keeper
  /// used on its own), each new one once.
  public func takeProblems() -> [String] {
    problems(in: service.inbox.take(for: service.address))
  }

  /// The problems of the saves in `letters`, as events for the status line.
  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] {
    problems(in: letters).map { .problem($0) }
  }

  private func problems(in letters: [LoopInbox.Letter]) -> [String] {
    var problems: [String] = []
    for outcome in service.receive(letters).outcomes {
      guard case .failure(let error) = outcome.result else {
        lastProblem = nil
        continue
      }
      let line = TerminalText.sanitized("\(error)")
      if line != lastProblem { problems.append(line) }
      lastProblem = line
    }
    return problems
  }

  /// Waits for the saves asked for to finish, at most `timeout` (on the way out).
  @discardableResult
  public func finish(timeout: Duration) -> Bool {
    service.waitUntilIdle(timeout: timeout)
  }
}
