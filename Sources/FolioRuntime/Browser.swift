import FolioCore
import FolioLayout
import FolioRaster
import FolioUI
import Foundation

/// The event loop, thin: one `poll` over the terminal (keys, mouse, resizes, signals), the one
/// inbox every background service posts to, the watched file, and the nearest timer. What it
/// notices becomes `Event`s in one queue; each is applied by `AppState.update`, its effects are
/// carried out in order, the state's demands are met, and answers go to the back of the
/// queue; one frame is presented per batch. It never writes the state itself, and nothing
/// that can block (Poppler, SQLite, hashing, waiting for a process) runs on its thread.
public final class Browser<Terminal: TerminalBackend> {
  /// The app state (readable for tests and `--print`).
  public private(set) var state: AppState
  let terminal: Terminal
  private let view: AppView
  /// Where every background service posts what it finished.
  public let inbox: LoopInbox
  /// The pictures.
  public let board: PictureBoard
  private var pageReader: PageReader?
  /// The workers started ahead for the current version, until the unclaimed ones are let go.
  private var unclaimedWorkers: DocumentHandoff?
  private let readsAllPageFacts: Bool
  private var timers = TimerSchedule()
  private let reopener: DocumentReopener?
  private let releaseFreedMemory: @Sendable () -> Void
  private var fileWatch: FileWatch?
  private let places: PlaceKeeper?
  /// Runs what may block of a copy to the clipboard (tmux), off the loop's thread.
  private let clipboard: ClipboardCopier
  /// Searching the document's text, when it can be searched.
  var searcher: (any PageSearcher)?
  /// The outline and links of the version shown, read when asked.
  private var navigation: NavigationReader
  /// Pages as images, when the terminal shows them (`showPagesAsImages`).
  var pixels: (any PagePixels)?
  /// Where the pixel layer's cells are measured, for a new version's layer.
  var pixelCellSize: PixelSize?
  /// Which pixels the pages are drawn with.
  var pixelKind = PagePixelsKind.kitty(.placements)

  /// What the services were asked for already.
  private var ledger = DemandLedger()
  /// Events waiting for `update`, oldest first, and whether they are being applied.
  private var queue: [Event] = []
  private var isApplying = false
  /// After a reload, frames wait (at most this long) for the new version's screen to be
  /// complete, so its placeholders do not flash over the old version's pictures.
  static var reloadHold: Duration { .milliseconds(300) }
  private var holdingFrameUntil: ContinuousClock.Instant?
  /// How the loop ended, once it has.
  public private(set) var ending: Ending?
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
    /// In a library: where to go next (nil: the program ends).
    public var move: LibraryMove? = nil
  }

  /// Creates the loop. `opening` gives each render thread its own instance of the document (the
  /// first may take the caller's, handed off); `readsAllPageFacts` starts a background reader
  /// of every page's size and label once the first screen is drawn. `reopen` opens the file
  /// again when the file at `watchedPath` changes (or on `R`); `places` saves the reader's place.
  /// `startup` (a remembered place, `--find`, `--pick`) is applied before anything is asked of
  /// the workers, so the first renders are those of the place shown.
  public init(
    state: AppState, terminal: Terminal, view: AppView, cacheBytes: Int, workerCount: Int = 2,
    renderTimeout: Duration = .seconds(20), readsAllPageFacts: Bool = true,
    opening: DocumentOpening, releaseFreedMemory: @escaping @Sendable () -> Void = {},
    reopen: (@Sendable (ReopenRequest) throws -> ReopenedDocument)? = nil,
    watching watchedPath: String? = nil, watchingFolders watchedFolders: [String] = [],
    places: PlaceKeeper.Setup? = nil,
    search: SearchSetup? = nil, startup: [Event] = []
  ) throws {
    self.state = state
    let inbox = try LoopInbox()
    self.inbox = inbox
    searcher = search.map { $0.makeSearcher(inbox: inbox) }
    self.terminal = terminal
    self.view = view
    self.readsAllPageFacts = readsAllPageFacts
    self.releaseFreedMemory = releaseFreedMemory
    fileWatch =
      watchedFolders.isEmpty
      ? watchedPath.map { FileWatch(path: $0) }
      : FileWatch(path: watchedFolders[0]) { [inbox] _ in
        try FolderWatcher(roots: watchedFolders) { inbox.wakeLoop() }
      }
    self.places = try places.map { try PlaceKeeper($0, inbox: inbox) }
    clipboard = try ClipboardCopier(inbox: inbox)
    board = try PictureBoard(
      opening: opening, version: state.document.version, cacheBytes: cacheBytes,
      workerCount: workerCount, renderTimeout: renderTimeout, width: view.width,
      releaseFreedMemory: releaseFreedMemory, inbox: inbox)
    navigation = NavigationReader(
      version: state.document.version, pageCount: state.document.pageCount, sharing: board.work)
    reopener = try reopen.map {
      try DocumentReopener(
        current: state.document.version, timeLimit: renderTimeout, inbox: inbox, reopen: $0)
    }
    pageReader = makePageReader(pageCount: state.document.pageCount)
    unclaimedWorkers = opening.handoff
    queue = startup
    applyQueue(meetingDemands: false)
    carryOut(state.startingEffects)
    meetDemands()
    applyQueue()
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

  private func makePageReader(pageCount: Int) -> PageReader? {
    guard readsAllPageFacts && pageCount > 1 else { return nil }
    return PageReader(pageCount: pageCount, sharing: board.work)
  }

  /// The services letters are for, and whose time limits the loop keeps.
  private var services: [any LoopService] {
    var services: [any LoopService] = [board, navigation, clipboard]
    if let pageReader { services.append(pageReader) }
    if let reopener { services.append(reopener) }
    if let places { services.append(places) }
    if let searcher { services.append(searcher) }
    if let pixels { services.append(pixels) }
    return services
  }

  /// Runs until `update` asks to quit; returns how. Saves asked for on the way out are waited
  /// for (at most two seconds). The terminal is restored by its owner.
  public func run() -> Ending {
    refresh()
    while ending == nil { turn() }
    deleteImages()
    places?.finish(timeout: .seconds(2))
    return ending ?? Ending(status: 0, output: nil)
  }

  /// Runs again after an ending (a library's shelf, back from one of its documents): the
  /// screen drawn whole, `events` applied first.
  public func resume(with events: [Event]) -> Ending {
    ending = nil
    terminal.invalidate()
    // The terminal may have been resized meanwhile, while another browser ran.
    let size = terminal.size
    send((size != state.terminal.size ? [.input(.resize(size))] : []) + events)
    return run()
  }

  /// One turn of the loop: waits (at most `longest`, else until the nearest deadline) for
  /// input, a letter in the inbox or a change of the watched file; applies everything typed
  /// meanwhile and everything the services posted; presents one frame. The time from waking
  /// to the frame is the turn's stall (`longestStall` keeps the longest).
  public func turn(waitingAtMost longest: Duration? = nil) {
    let now = ContinuousClock.now
    let deadlines =
      [timers.nextDeadline, holdingFrameUntil, fileWatch?.nextCheck, longest.map { now + $0 }]
      + services.map(\.nextDeadline)
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
    [inbox.wakeDescriptor] + (fileWatch?.descriptor.map { [$0] } ?? [])
  }

  /// Queues events and applies them in order, each update's effects carried out and the
  /// state's demands met before the next event; stops at a quit.
  public func send(_ events: [Event]) {
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
      carryOut(state.update(event))
      guard ending == nil else { break }
      board.isDocumentChanging = state.reload.phase != .idle
      // Input typed together is folded: only the screen after the last of it is asked of the
      // services, never those passed on the way.
      let isFolded = next < queue.count && event.isInput && queue[next].isInput
      if meetingDemands && !isFolded { meetDemands() }
    }
    queue.removeAll()
  }

  /// What the background services and the clock have to say: timers that ran out, a changed
  /// file, and every letter in the inbox (renders, page facts, text and matches, the outline
  /// and links, reopened documents, failed saves).
  func backgroundEvents() -> [Event] {
    var events: [Event] = timers.takeFired(now: .now).map { .timerFired($0) }
    if let fileWatch, fileWatch.takeChange() { events.append(.fileChanged) }
    for service in services { service.enforceDeadlines() }
    let letters = inbox.takeAll()
    events += board.receive(letters)
    if let pageReader {
      if !pageReader.hasStarted && board.pendingCount == 0 { pageReader.start() }
      events += pageReader.receive(letters)
      if pageReader.isFinished { self.pageReader = nil }
    }
    if board.pendingCount == 0, let unclaimed = unclaimedWorkers {
      // Workers started ahead that no page-work thread took (a document with fewer pages on
      // screen than threads): they are killed, and reaped off this thread.
      unclaimed.discardRemaining()
      unclaimedWorkers = nil
    }
    if let reopener { events += reopener.receive(letters) }
    if let places { events += places.receive(letters) }
    if let searcher { events += searcher.receive(letters) }
    if let pixels { events += pixels.receive(letters) }
    events += navigation.receive(letters)
    events += clipboard.receive(letters)
    let pending = board.pendingCount
    if pending != state.status.pendingRenders { events.append(.renderProgress(pending: pending)) }
    return events
  }

  /// Carries out effects in order; answers a service gives at once go to the back of the
  /// queue.
  private func carryOut(_ effects: [Effect]) {
    for effect in effects {
      switch effect {
      case .startTimer(let timer, let delay):
        timers.start(timer, after: delay, now: .now)
      case .cancelTimer(let timer):
        timers.cancel(timer)
      case .savePlace(let place):
        places?.save(place)
      case .reopenDocument(let page):
        if let reopener {
          reopener.reopen(around: page)
        } else {
          queue.append(.reopenFailed(reason: "the document cannot be opened again"))
        }
      case .adoptDocument(let version):
        adopt(version)
      case .search(let request):
        if let searcher {
          searcher.search(request)
          queue += searcher.receive([])
        } else if !request.query.isEmpty {
          queue += SearchResults.ending(
            request, pageCount: request.pageCount, because: "this document cannot be searched")
        }
      case .copyToClipboard(let text):
        if let job = terminal.copyToClipboard(text) { clipboard.copy(job) }
      case .suspend:
        // A stopped process saves nothing, and may be killed while stopped.
        places?.finish(timeout: .milliseconds(500))
        deleteImages()
        terminal.suspend()
        terminal.invalidate()
      case .quit(let status, let output):
        ending = Ending(status: status, output: output)
        return
      case .leave(let move):
        ending = Ending(status: 0, output: nil, move: move)
        return
      }
    }
  }

  /// Asks the services for what the state needs now and did not need before; what they know
  /// already comes back at once, queued.
  private func meetDemands() {
    ledger.meet(
      state.demands,
      services: DemandedServices(board: board, navigation: navigation, searcher: searcher))
    queue += navigation.receive([])
    if let searcher { queue += searcher.receive([]) }
  }

  private func adopt(_ version: DocumentVersion) {
    guard let document = reopener?.take(version) else { return }
    do {
      try board.replaceDocument(with: document.opening, version: version)
      pageReader = makePageReader(pageCount: document.summary.pageCount)
      unclaimedWorkers = document.opening.handoff
      try replacePixels(with: document.opening)
    } catch {
      queue.append(.problem("cannot start rendering the new version (\(error))"))
    }
    places?.identity = document.identity
    searcher = document.search.map { $0.makeSearcher(inbox: inbox) }
    navigation = NavigationReader(
      version: version, pageCount: document.summary.pageCount, sharing: board.work)
    ledger.forgetServices()
    // Reloads in quick succession do not push the hold back: frames come at least every 300 ms.
    holdingFrameUntil = holdingFrameUntil ?? .now + Self.reloadHold
  }

  /// Takes in finished work and draws a frame.
  public func refresh() {
    send(backgroundEvents())
    present()
  }

  /// Presents the frame, unless a reload's new screen is still being drawn (for a moment).
  private func present() {
    if let hold = holdingFrameUntil {
      if !board.isScreenComplete && ContinuousClock.now < hold { return }
      holdingFrameUntil = nil
    }
    if let pixels {
      pixels.present(frame, of: state, on: terminal)
    } else {
      terminal.present(frame)
    }
    if let report = viewReport { report.write(state.visiblePageRegions) }
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
    send([.renderProgress(pending: 0)])
  }

  /// The frame as it stands.
  public var frame: ScreenBuffer {
    view.draw(state, main: board.mainTiles, shelf: board.filmstripTiles)
  }
}
