import FolioCore
import FolioLayout
import FolioRaster
import FolioUI
import Foundation

/// The event loop, thin: one `poll` over the terminal (keys, mouse, resizes, signals), the one
/// inbox every background service posts to, the watched files, and the nearest timer. What it
/// notices becomes `SessionEvent`s in one queue; each is applied by `Session.update`, its
/// effects are carried out in order by the services of the document they belong to
/// (`DocumentEngine`), the front document's demands are met, and answers go to the back of
/// the queue; one frame of the front document is presented per batch. It never writes the
/// state itself, and nothing that can block (Poppler, SQLite, hashing, waiting for a process)
/// runs on its thread.
public final class Browser<Terminal: TerminalBackend> {
  /// The session: every document's state, one in front.
  public private(set) var session: Session
  let terminal: Terminal
  let view: AppView
  /// Where every background service posts what it finished.
  public let inbox: LoopInbox
  /// The services of each document of the session.
  var engines: [DocumentID: DocumentEngine] = [:]
  /// Documents gone from the session whose place is still being written.
  var retiring: [DocumentEngine] = []
  /// The document whose frame is on the screen (its images there).
  var shown: DocumentID
  /// Runs what may block of a copy to the clipboard (tmux), off the loop's thread.
  let clipboard: ClipboardCopier
  /// A library's files and order.
  let library: LibraryHooks?
  /// How other documents are opened.
  let documents: DocumentHooks?
  let opener: DocumentOpener?
  /// What the shelf says once it is made again in its next order (`O`).
  var orderNotice: String?
  /// Where the pixel layers' cells are measured, once pages are shown as images.
  var pixelCellSize: PixelSize?
  /// Whether `pixelCellSize` is the terminal's own (else a guess: kitty scales pictures to
  /// their cells).
  var pixelCellSizeIsKnown = true
  /// The largest picture a painted pixel layer sends (the terminal's limit), nil when none.
  var pixelLargestImage: PixelSize?
  /// Which pixels the pages are drawn with.
  var pixelKind = PagePixelsKind.kitty(.placements)
  /// SyncTeX lookups, where the executable gives a reader.
  let sources: SourceFinder?
  /// Marks written into PDFs, where the executable gives a writer.
  let marks: MarkWriter?
  /// Inverse searches asked for, by answer number: the document that asked.
  var inverseSearches: [Int: DocumentID] = [:]
  /// Forward searches being looked up, by answer number, and those waiting for their PDF to
  /// be read again.
  var forwardSearches: [Int: (DocumentID, ForwardSearch)] = [:]
  var waitingForwardSearches: [ForwardSearch] = []
  /// The tmux pane the editor runs in, as the last forward search said.
  var editorPane: String?
  /// The control socket, when it could be made.
  let control: ControlServer?
  /// Its requests taken from the inbox, carried out after the turn's other events.
  var controlRequests: [ControlServer.Incoming] = []
  /// The clients following changes, and what each heard last.
  var subscribers: [ControlServer.ClientID: Subscription] = [:]
  /// `get`s of the section waiting for the outline to be read.
  var waitingForOutline: [(RemoteProperty, (ControlReply.Outcome) -> Void)] = []
  /// Clients waiting for a file they asked for to open, by the document's id.
  var openReplies: [DocumentID: (ControlReply.Outcome) -> Void] = [:]

  /// Events waiting for `update`, oldest first, and whether they are being applied.
  var queue: [SessionEvent] = []
  private var isApplying = false
  /// How the loop ended, once it has.
  public internal(set) var ending: Ending?
  /// In-process key-to-screen latencies (input read to frame presented), newest last.
  public private(set) var latencies: [Duration] = []
  /// The longest the loop went between two polls (its longest stall), since the start or the
  /// last `resetLongestStall()`.
  public private(set) var longestStall: Duration = .zero

  /// How the loop ended: the exit status and what to write to standard output.
  public struct Ending: Sendable, Equatable {
    /// The exit status.
    public var status: Int32
    /// Output for standard output, if any.
    public var output: String?
  }

  /// Creates the loop showing `launch`'s document (with `library`, the shelf of a library, in
  /// front); `documents` opens other files (the library's hooks' when nil), `sourceLookup`
  /// reads SyncTeX. Its startup events (a remembered place, `--find`, `--pick`) are applied
  /// before anything is asked of the workers, so the first renders are those of the place
  /// shown.
  public init(
    _ launch: DocumentLaunch, terminal: Terminal, view: AppView, library: LibraryHooks? = nil,
    documents: DocumentHooks? = nil, sourceLookup: SourceLookup? = nil,
    markWriting: MarkWriting? = nil,
    control makeControl: ((LoopInbox) throws -> ControlServer)? = nil
  ) throws {
    session =
      library.map { Session(shelf: launch.state, files: $0.files) }
      ?? Session(document: launch.state)
    shown = session.front
    let inbox = try LoopInbox()
    self.inbox = inbox
    self.terminal = terminal
    self.view = view
    self.library = library
    clipboard = try ClipboardCopier(inbox: inbox)
    let documents = documents ?? library?.documents
    self.documents = documents
    opener = try documents.map {
      try DocumentOpener(timeLimit: launch.renderTimeout, inbox: inbox, open: $0.open)
    }
    sources = try sourceLookup.map { try SourceFinder(lookup: $0, inbox: inbox) }
    marks = try markWriting.map { try MarkWriter(writing: $0, inbox: inbox) }
    var controlProblem: String?
    do {
      control = try makeControl?(inbox)
    } catch {
      control = nil
      controlProblem = "no control socket: \(error)"
    }
    engines[.first] = try DocumentEngine(launch, width: view.width, inbox: inbox)
    queue = launch.startup.map { .document(.first, $0) }
    if let controlProblem { queue.append(.document(.first, .problem(controlProblem))) }
    applyQueue(meetingDemands: false)
    carryOut(launch.state.startingEffects.map { .document(.first, $0) })
    meetDemands()
    applyQueue()
  }

  /// The loop of one document: `state` drawn by `opening`'s workers; `reopen` opens the file
  /// again when the file at `watchedPath` changes (or on `R`); `places` saves the reader's
  /// place; `startup` is applied first.
  public convenience init(
    state: AppState, terminal: Terminal, view: AppView, cacheBytes: Int, workerCount: Int = 2,
    renderTimeout: Duration = .seconds(20), readsAllPageFacts: Bool = true,
    opening: DocumentOpening, releaseFreedMemory: @escaping @Sendable () -> Void = {},
    reopen: (@Sendable (ReopenRequest) throws -> ReopenedDocument)? = nil,
    watching watchedPath: String? = nil, watchingFolders watchedFolders: [String] = [],
    places: PlaceKeeper.Setup? = nil,
    search: SearchSetup? = nil, startup: [Event] = []
  ) throws {
    var launch = DocumentLaunch(state: state, opening: opening, cacheBytes: cacheBytes)
    launch.workerCount = workerCount
    launch.renderTimeout = renderTimeout
    launch.readsAllPageFacts = readsAllPageFacts
    launch.releaseFreedMemory = releaseFreedMemory
    launch.reopen = reopen
    launch.watching = watchedPath
    launch.watchingFolders = watchedFolders
    launch.places = places
    launch.search = search
    launch.startup = startup
    try self.init(launch, terminal: terminal, view: view)
  }

  /// The loop with one way of opening the document, optionally a handed-off instance, and no
  /// reloading or remembered place (tests and the bench).
  public convenience init(
    state: AppState, terminal: Terminal, view: AppView, cacheBytes: Int, workerCount: Int = 2,
    renderTimeout: Duration = .seconds(20), readsAllPageFacts: Bool = true,
    handoff: DocumentHandoff = DocumentHandoff(),
    releaseFreedMemory: @escaping @Sendable () -> Void = {},
    openDocument: @escaping @Sendable () throws -> any DocumentSource
  ) throws {
    try self.init(
      state: state, terminal: terminal, view: view, cacheBytes: cacheBytes,
      workerCount: workerCount, renderTimeout: renderTimeout, readsAllPageFacts: readsAllPageFacts,
      opening: DocumentOpening(handoff: handoff, open: openDocument),
      releaseFreedMemory: releaseFreedMemory)
  }

  /// The state of the document in front (tests and `--print` read it).
  public var state: AppState { session.frontState }

  /// The services of the document in front.
  var front: DocumentEngine {
    guard let engine = engines[session.front] else {
      preconditionFailure("the front document has no services")
    }
    return engine
  }

  /// The front document's pictures.
  public var board: PictureBoard { front.board }

  /// Searching the front document's text, when it can be searched.
  var searcher: (any PageSearcher)? { front.searcher }

  /// The front document's pages as images, when the terminal shows them.
  var pixels: (any PagePixels)? { front.pixels }

  /// Runs until `update` asks to quit; returns how. Saves asked for on the way out are waited
  /// for (at most two seconds). The terminal is restored by its owner.
  public func run() -> Ending {
    refresh()
    while ending == nil { turn() }
    // The last replies (a `quit`'s) are sent and the socket file goes.
    control?.stop()
    deleteImages()
    for engine in engines.values + retiring { engine.places?.finish(timeout: .seconds(2)) }
    return ending ?? Ending(status: 0, output: nil)
  }

  /// One turn of the loop: waits (at most `longest`, else until the nearest deadline) for
  /// input, a letter in the inbox or a change of a watched file; applies everything typed
  /// meanwhile and everything the services posted; presents one frame. The time from waking
  /// to the frame is the turn's stall (`longestStall` keeps the longest).
  public func turn(waitingAtMost longest: Duration? = nil) {
    let now = ContinuousClock.now
    var deadlines = [longest.map { now + $0 }, clipboard.nextDeadline, opener?.nextDeadline]
    deadlines += waitingForwardSearches.map(\.waitsUntil)
    deadlines += engines.values.map(\.nextDeadline)
    let timeout = deadlines.compactMap { $0 }.min().map {
      max(0, ($0 - now).wholeMilliseconds + 1)
    }
    let first = terminal.nextEvent(timeout: timeout ?? -1, wakeDescriptors: wakeDescriptors)
    let started = ContinuousClock.now
    var inputs: [InputEvent] = first.map { [$0] } ?? []
    // Everything already typed (a key held down, a storm of resizes) makes one frame.
    while inputs.count < 512, let more = terminal.nextEvent(timeout: 0, wakeDescriptors: []) {
      inputs.append(more)
    }
    send(InputEvent.coalescing(inputs).map { .input($0) })
    if ending == nil { send(backgroundEvents()) }
    if ending == nil { answerControlRequests() }
    if ending == nil { startWaitingForwardSearches() }
    guard ending == nil else { return }
    present()
    let finished = ContinuousClock.now
    longestStall = max(longestStall, finished - started)
    if !inputs.isEmpty {
      latencies.append(finished - started)
      if latencies.count > 4096 { latencies.removeFirst(2048) }
    }
  }

  /// Forgets the longest stall so far (benchmarks measure one stretch at a time).
  public func resetLongestStall() { longestStall = .zero }

  private var wakeDescriptors: [Int32] {
    [inbox.wakeDescriptor] + engines.values.compactMap { $0.fileWatch?.descriptor }
  }

  /// Queues events for the front document and applies them in order, each update's effects
  /// carried out and the state's demands met before the next event; stops at a quit.
  public func send(_ events: [Event]) {
    send(events.map { .document(nil, $0) })
  }

  /// Queues session events and applies them in order.
  public func send(_ events: [SessionEvent]) {
    queue += events
    applyQueue()
  }

  /// Applies the queued events (answers queued meanwhile go to the back of the queue), meeting
  /// the demands after each unless told not to; input followed by more input is folded into
  /// it (the demands are met after the last).
  private func applyQueue(meetingDemands: Bool = true) {
    guard !isApplying else { return }
    isApplying = true
    defer { isApplying = false }
    var next = 0
    while next < queue.count, ending == nil {
      let event = queue[next]
      next += 1
      carryOut(session.update(event))
      guard ending == nil else { break }
      for (id, engine) in engines {
        engine.board.isDocumentChanging =
          session.state(of: id).map { $0.reload.phase != .idle } ?? false
      }
      // Input typed together is folded: only the screen after the last of it is asked of the
      // services, never those passed on the way.
      let isFolded = next < queue.count && event.isInput && queue[next].isInput
      if meetingDemands && !isFolded { meetDemands() }
    }
    queue.removeAll()
  }

  /// What the background services and the clock have to say, for the document each belongs
  /// to: timers that ran out, changed files, and every letter in the inbox (renders, page
  /// facts, text and matches, the outline and links, reopened and opened documents, failed
  /// saves and copies).
  func backgroundEvents() -> [SessionEvent] {
    clipboard.enforceDeadlines()
    opener?.enforceDeadlines()
    for engine in engines.values { for service in engine.services { service.enforceDeadlines() } }
    let letters = inbox.takeAll()
    var events: [SessionEvent] = []
    for (id, engine) in engines.sorted(by: { $0.key < $1.key }) {
      let shown = session.state(of: id)?.status.pendingRenders ?? 0
      events += engine.events(from: letters, pendingShown: shown).map { .document(id, $0) }
    }
    events += clipboard.receive(letters).map { .document(nil, $0) }
    for (request, outcome) in opener?.outcomes(in: letters) ?? [] {
      events += take(outcome, of: request)
    }
    events += sourceEvents(from: letters)
    events += (marks?.lines(in: letters) ?? []).map { .document($0.0, .problem($0.1)) }
    controlRequests += control?.requests(in: letters) ?? []
    // A document gone from the session goes once its place is written.
    retiring.removeAll { $0.places?.finish(timeout: .zero) ?? true }
    return events
  }

  /// Asks the front document's services for what its state needs now and did not need
  /// before; what they know already comes back at once, queued.
  private func meetDemands() {
    let id = session.front
    queue += front.meet(state.demands).map { .document(id, $0) }
  }

  /// Takes in finished work and draws a frame.
  public func refresh() {
    send(backgroundEvents())
    present()
  }

  /// Presents the front document's frame, unless a reload's new screen is still being drawn
  /// (for a moment).
  private func present() {
    let front = self.front
    if let hold = front.holdingFrameUntil {
      if !front.board.isScreenComplete && ContinuousClock.now < hold { return }
      front.holdingFrameUntil = nil
    }
    let frame = view.frame(state, main: front.board.mainTiles, shelf: front.board.filmstripTiles)
    if let pixels = front.pixels {
      pixels.present(frame, on: terminal)
    } else {
      terminal.present(frame.cells)
    }
    if let report = viewReport { report.write(state.visiblePageRegions) }
    notifySubscribers()
  }

  /// Where the part of each page on screen is written after each frame, when
  /// `FOLIO_VIEW_REPORT` names a file (for measuring the text layer against the pages).
  private let viewReport = ProcessInfo.processInfo.environment["FOLIO_VIEW_REPORT"].map(
    ViewReport.init)

  /// Waits up to `timeout` for background work (renders, text, search results), takes what
  /// finished and draws the frame: the loop's step without the terminal's input (benchmarks).
  public func pump(timeout: Duration) {
    let started = ContinuousClock.now
    waitForLetters(milliseconds: Int32(timeout.wholeMilliseconds))
    let woke = ContinuousClock.now
    send(backgroundEvents())
    present()
    longestStall = max(longestStall, ContinuousClock.now - max(woke, started))
  }

  /// Cancels the prefetch margin's waiting renders and forgets them in the status line: for a
  /// frame that is printed once, when nothing beyond the screen matters any more.
  public func stopPrefetching() {
    board.stopPrefetching()
    send([Event.renderProgress(pending: 0)])
  }

  /// The frame as it stands.
  public var frame: ScreenBuffer {
    view.draw(state, main: front.board.mainTiles, shelf: front.board.filmstripTiles)
  }
}
