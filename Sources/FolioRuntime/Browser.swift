import FolioCore
import FolioLayout
import FolioRaster
import FolioUI
import Foundation

/// The event loop: one `poll` over the terminal (keys, mouse, resizes, signals), the wake pipes
/// of the background work (renders, page facts, reopening, saving places), the watched file,
/// and the nearest timer. Everything it notices becomes an `Event` for `AppState.update`; it
/// carries out the effects `update` returns, and presents one frame per batch of events. It
/// never writes the state itself and never waits for Poppler.
public final class Browser<Terminal: TerminalBackend> {
  /// The app state (readable for tests and `--print`).
  public private(set) var state: AppState
  private let terminal: Terminal
  private let view: AppView
  /// The pictures.
  public let board: PictureBoard
  private var pageReader: PageReader?
  /// The workers started ahead for the current version, until the unclaimed ones are let go.
  private var unclaimedWorkers: DocumentHandoff?
  private let readsAllPageFacts: Bool
  private var timers = TimerSchedule()
  private let reopener: DocumentReopener?
  /// The file watched for changes, if any.
  private let watchedPath: String?
  private var watcher: FileWatcher?
  /// When to try watching again, after the watch ended (its folder went away) or could not
  /// start.
  private var rewatchAt: ContinuousClock.Instant?
  /// How often a lost watch is tried again.
  static var rewatchInterval: Duration { .seconds(2) }
  private let places: PlaceKeeper?
  /// Searching the document's text, when it can be searched.
  private var searcher: DocumentSearcher?
  /// The outline and links of the version shown, read when asked.
  private var navigation: NavigationReader
  private let releaseFreedMemory: @Sendable () -> Void
  /// After a reload, frames wait (at most this long) for the new version's screen to be
  /// complete, so its placeholders do not flash over the old version's pictures.
  static var reloadHold: Duration { .milliseconds(300) }
  private var holdingFrameUntil: ContinuousClock.Instant?
  /// How the loop ended, once it has.
  public private(set) var ending: Ending?
  /// In-process key-to-screen latencies (input read to frame presented), newest last.
  public private(set) var latencies: [Duration] = []

  /// How the loop ended: the exit status and what to write to standard output.
  public struct Ending: Sendable, Equatable {
    /// The exit status.
    public var status: Int32
    /// Output for standard output, if any.
    public var output: String?
  }

  /// Creates the loop. `opening` gives each render thread its own instance of the document (the
  /// first may take the caller's, handed off); `readsAllPageFacts` starts a background reader
  /// of every page's size and label once the first screen is drawn. `reopen` opens the file
  /// again when the file at `watchedPath` changes (or on `R`); `places` saves the reader's place.
  public init(
    state: AppState, terminal: Terminal, view: AppView, cacheBytes: Int, workerCount: Int = 2,
    renderTimeout: Duration = .seconds(20), readsAllPageFacts: Bool = true,
    opening: DocumentOpening, releaseFreedMemory: @escaping @Sendable () -> Void = {},
    reopen: (@Sendable (ReopenRequest) throws -> ReopenedDocument)? = nil,
    watching watchedPath: String? = nil, places: PlaceKeeper? = nil,
    search: DocumentSearcher.Setup? = nil
  ) throws {
    self.state = state
    searcher = search.map { DocumentSearcher($0) }
    navigation = NavigationReader(
      version: state.documentVersion, pageCount: state.document.pageCount, opening: opening)
    self.terminal = terminal
    self.view = view
    self.readsAllPageFacts = readsAllPageFacts
    self.releaseFreedMemory = releaseFreedMemory
    self.watchedPath = watchedPath
    if let watchedPath {
      watcher = try? FileWatcher(path: watchedPath)
      if watcher == nil { rewatchAt = .now + Self.rewatchInterval }
    }
    self.places = places
    board = try PictureBoard(
      opening: opening, version: state.documentVersion, cacheBytes: cacheBytes,
      workerCount: workerCount, renderTimeout: renderTimeout, width: view.width,
      releaseFreedMemory: releaseFreedMemory)
    reopener = try reopen.map {
      try DocumentReopener(current: state.documentVersion, timeLimit: renderTimeout, reopen: $0)
    }
    pageReader = try makePageReader(pageCount: state.document.pageCount, opening: opening)
    unclaimedWorkers = opening.handoff
    execute(self.state.start())
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

  private func makePageReader(pageCount: Int, opening: DocumentOpening) throws -> PageReader? {
    guard readsAllPageFacts && pageCount > 1 else { return nil }
    return try PageReader(
      pageCount: pageCount, opening: opening, releaseFreedMemory: releaseFreedMemory)
  }

  /// Runs until `update` asks to quit; returns how. Saves asked for on the way out are waited
  /// for (at most two seconds). The terminal is restored by its owner.
  public func run() -> Ending {
    refresh()
    while ending == nil {
      let now = ContinuousClock.now
      let deadlines = [
        timers.nextDeadline, board.nextDeadline, holdingFrameUntil, rewatchAt,
        reopener?.nextDeadline,
      ].compactMap { $0 }
      let timeout = deadlines.min().map { max(0, ($0 - now).wholeMilliseconds + 1) } ?? -1
      let first = terminal.nextEvent(timeout: timeout, wakeDescriptors: wakeDescriptors)
      let started = ContinuousClock.now
      var inputs: [InputEvent] = first.map { [$0] } ?? []
      // Everything already typed (a key held down, a storm of resizes) makes one frame.
      while inputs.count < 512, let more = terminal.nextEvent(timeout: 0, wakeDescriptors: []) {
        inputs.append(more)
      }
      send(InputEvent.coalescing(inputs).map { .input($0) })
      if ending == nil { send(backgroundEvents()) }
      if ending != nil { break }
      present()
      if !inputs.isEmpty {
        latencies.append(ContinuousClock.now - started)
        if latencies.count > 4096 { latencies.removeFirst(2048) }
      }
    }
    places?.finish(timeout: .seconds(2))
    return ending ?? Ending(status: 0, output: nil)
  }

  private var wakeDescriptors: [Int32] {
    var descriptors = [board.wakeDescriptor]
    if let pageReader, pageReader.hasStarted, !pageReader.isFinished {
      descriptors.append(pageReader.wakeDescriptor)
    }
    if let reopener { descriptors.append(reopener.wakeDescriptor) }
    if let places { descriptors.append(places.wakeDescriptor) }
    if let watcher { descriptors.append(watcher.descriptor) }
    if let searcher { descriptors += searcher.wakeDescriptors }
    if let navigating = navigation.wakeDescriptor { descriptors.append(navigating) }
    return descriptors
  }

  /// Applies events in order and carries out their effects; stops at a quit.
  public func send(_ events: [Event]) {
    for event in events {
      guard ending == nil else { return }
      execute(state.update(event))
    }
    board.isDocumentChanging = state.reload.phase != .idle
  }

  /// What the background work and the clock have to say: timers that ran out, a changed file,
  /// finished renders, page facts, reopened documents, failed saves.
  private func backgroundEvents() -> [Event] {
    var events: [Event] = timers.takeFired(now: .now).map { .timerFired($0) }
    events += watchEvents()
    let (learned, _) = board.absorb()
    if !learned.isEmpty { events.append(.pagesRead(learned)) }
    if let pageReader {
      if !pageReader.hasStarted && board.pendingCount == 0 { pageReader.start() }
      let facts = pageReader.take()
      if !facts.isEmpty { events.append(.pagesRead(facts)) }
      if pageReader.isFinished { self.pageReader = nil }
    }
    if pageReader == nil && board.pendingCount == 0 {
      // Workers started ahead that neither a render thread nor the page reader took.
      unclaimedWorkers?.discardRemaining()
      unclaimedWorkers = nil
    }
    if let reopener { events += reopener.takeEvents() }
    if let places { events += places.takeProblems().map { .problem($0) } }
    if let searcher { events += searcher.takeEvents() }
    events += navigation.takeEvents()
    let pending = board.pendingCount
    if pending != state.pendingRenders { events.append(.renderProgress(pending: pending)) }
    return events
  }

  /// Whether the watched file changed. A watch that ended (its folder, or a symlink target's
  /// folder, went away) is made again once the path leads to a file again (checked every two
  /// seconds; a stat, no more), and that counts as a change.
  private func watchEvents() -> [Event] {
    if let watcher {
      let change = watcher.takeChanges()
      guard change.isWatchAlive else {
        self.watcher = nil
        rewatchAt = .now + Self.rewatchInterval
        return [.fileChanged]
      }
      return change.fileDidChange ? [.fileChanged] : []
    }
    guard let watchedPath, let due = rewatchAt, ContinuousClock.now >= due else { return [] }
    var info = stat()
    guard stat(watchedPath, &info) == 0, let watcher = try? FileWatcher(path: watchedPath) else {
      rewatchAt = .now + Self.rewatchInterval
      return []
    }
    self.watcher = watcher
    rewatchAt = nil
    return [.fileChanged]
  }

  /// Carries out effects in order; what the searcher and the navigation reader answered at
  /// once is sent after them (so the effects of one update are carried out before those of the
  /// next).
  func execute(_ effects: [Effect]) {
    var answersSearch = false
    var answersNavigation = false
    var answers: [Event] = []
    defer {
      if answersSearch, let searcher { answers += searcher.takeEvents() }
      if answersNavigation { answers += navigation.takeEvents() }
      if ending == nil && !answers.isEmpty { send(answers) }
    }
    for effect in effects {
      switch effect {
      case .want(let wants):
        board.want(wants, facts: state.document)
      case .startTimer(let timer, let delay):
        timers.start(timer, after: delay, now: .now)
      case .cancelTimer(let timer):
        timers.cancel(timer)
      case .savePlace(let place):
        places?.save(place)
      case .reopenDocument:
        if let reopener {
          reopener.reopen(around: state.currentPage)
        } else {
          send([.reopenFailed(reason: "the document cannot be opened again")])
        }
      case .adoptDocument(let version):
        adopt(version)
      case .search(let request):
        if let searcher {
          searcher.search(request)
        } else if !request.query.isEmpty {
          answers += SearchResults.ending(
            request, pageCount: state.document.pageCount,
            because: "this document cannot be searched")
        }
      case .wantHitLines:
        searcher?.sendLines()
        answersSearch = true
      case .wantHitRegions(let request):
        searcher?.findRegions(request)
        answersSearch = true
      case .wantOutline, .wantLinks, .wantContentBoxes, .wantBodyText:
        navigation.ask(effect)
        answersNavigation = true
      case .copyToClipboard(let text):
        terminal.copyToClipboard(text)
      case .suspend:
        // A stopped process saves nothing, and may be killed while stopped.
        places?.finish(timeout: .milliseconds(500))
        terminal.suspend()
        terminal.invalidate()
      case .quit(let status, let output):
        ending = Ending(status: status, output: output)
        return
      }
    }
  }

  private func adopt(_ version: DocumentVersion) {
    guard let document = reopener?.take(version) else { return }
    do {
      try board.replaceDocument(with: document.opening, version: version)
      pageReader = try makePageReader(
        pageCount: document.summary.pageCount, opening: document.opening)
      unclaimedWorkers = document.opening.handoff
    } catch {
      send([.problem("cannot start rendering the new version (\(error))")])
    }
    places?.identity = document.identity
    searcher = document.search.map { DocumentSearcher($0) }
    navigation = NavigationReader(
      version: version, pageCount: document.summary.pageCount, opening: document.opening)
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
    terminal.present(frame)
  }

  /// Waits until every picture on screen is its exact render (for `--print`, tests and
  /// benchmarks; the prefetch margin is not waited for). Sizes learned from renders may move
  /// pages and want more renders: it loops until the screen is complete, nothing is pending or
  /// wanted, or `timeout` passes.
  public func settle(timeout: Duration = .seconds(120)) {
    let deadline = ContinuousClock.now + timeout
    // Trimmed pages wait for their content boxes first: they decide the layout.
    while !state.contentBoxWants.isEmpty, ContinuousClock.now < deadline {
      navigation.wantContentBoxes(state.contentBoxWants)
      if let wake = navigation.wakeDescriptor {
        var descriptor = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 50)
      }
      send(navigation.takeEvents())
    }
    while true {
      let (learned, pendingWhenDrained) = board.absorb()
      if !learned.isEmpty { send([.pagesRead(learned)]) }
      // Done when nothing was pending as the outcomes were taken (so none is left undrained)
      // and the last layout pass wanted nothing (a render it wanted may finish before any check).
      let isIdle = pendingWhenDrained == 0 && board.wantedCount == 0
      if board.isScreenComplete || isIdle || ContinuousClock.now >= deadline { break }
      // Sleep until a render arrives (the wake pipe turns readable) or 50 ms pass.
      var descriptor = pollfd(fd: board.wakeDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 50)
    }
    send([.renderProgress(pending: board.pendingCount)])
  }

  /// Starts a search for `query` and goes to its first hit from the current page when one is
  /// found (`--find`).
  public func find(_ query: String) {
    execute(state.find(query))
  }

  /// Waits until the search in force has searched every page and the hits on screen have
  /// their boxes (for `--find --print`), then until the screen is complete.
  public func settleSearch(timeout: Duration = .seconds(120)) {
    let deadline = ContinuousClock.now + timeout
    while let searcher, state.search.isActive, ContinuousClock.now < deadline {
      send(searcher.takeEvents())
      if state.search.isComplete && state.hitRegionWants == nil { break }
      var descriptors = searcher.wakeDescriptors.map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      _ = poll(&descriptors, nfds_t(descriptors.count), 50)
    }
    settle(timeout: max(.seconds(1), deadline - .now))
  }

  /// Waits up to `timeout` for background work (renders, text, search results), takes what
  /// finished and draws the frame: the loop's step without the terminal's input (benchmarks).
  public func pump(timeout: Duration) {
    var descriptors = wakeDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    _ = poll(&descriptors, nfds_t(descriptors.count), Int32(timeout.wholeMilliseconds))
    send(backgroundEvents())
    refresh()
  }

  /// Cancels the prefetch margin's waiting renders and forgets them in the status line: for a
  /// frame that is printed once, when nothing beyond the screen matters any more.
  public func stopPrefetching() {
    board.stopPrefetching()
    send([.renderProgress(pending: 0)])
  }

  /// Whether every tile on screen shows its exact picture (or its render failed).
  public var isScreenComplete: Bool { board.isScreenComplete }

  /// The frame as it stands.
  public var frame: ScreenBuffer {
    view.draw(state, main: board.mainTiles, shelf: board.filmstripTiles)
  }

  /// Tile recycling counters of the main view.
  public var tileCounters: TilePool<RenderRequest>.Counters { board.mainTiles.counters }

  /// Pages drawn so far whose renders came with the libraries' complaints, and what they said.
  public var damagedPages: [PageIndex: [String]] { board.damagedPages }
}
