import FolioCore
import FolioUI

/// Everything the loop needs to show one document of the session: its state, the workers that
/// draw it, and the services around it (reloading, the remembered place, search, pixels), with
/// the events applied before its first frame. Made by the executable, on the loop's thread for
/// the first document, on the opener's thread for a document opened from the shelf.
public struct DocumentLaunch: Sendable {
  /// Its state, ready to show.
  public var state: AppState
  /// Its page workers: each render thread gets its own (the first may be handed off).
  public var opening: DocumentOpening
  /// How much its pictures may hold in memory.
  public var cacheBytes: Int
  /// How many render threads draw it.
  public var workerCount = 2
  /// How long a render may take before it is given up.
  public var renderTimeout = Duration.seconds(20)
  /// Whether every page's size and label is read in the background once the first screen is
  /// drawn.
  public var readsAllPageFacts = true
  /// Gives memory freed by the picture cache back to the system.
  public var releaseFreedMemory: @Sendable () -> Void = {}
  /// Opens the file again (a changed file, `R`), if it can be.
  public var reopen: (@Sendable (ReopenRequest) throws -> ReopenedDocument)?
  /// The file whose changes reload it.
  public var watching: String?
  /// The document's file (SyncTeX reads beside it, the control socket names it); nil for a
  /// shelf or standard input.
  public var path: String?
  /// The folders a shelf follows (instead of one file).
  public var watchingFolders: [String] = []
  /// Where its place is remembered.
  public var places: PlaceKeeper.Setup?
  /// How it is searched.
  public var search: SearchSetup?
  /// What is applied before anything is asked of the workers: a remembered place, `--find`,
  /// `--pick`, problems to say.
  public var startup: [Event] = []
  /// Whether its pages are shown as images (the terminal shows them): its page workers draw
  /// them too.
  public var showsPixels = false

  /// Creates a launch of `state` drawn by `opening`'s workers.
  public init(state: AppState, opening: DocumentOpening, cacheBytes: Int) {
    self.state = state
    self.opening = opening
    self.cacheBytes = cacheBytes
  }
}
