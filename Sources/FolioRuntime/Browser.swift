import FolioCore
import FolioUI
import Foundation

/// The interactive loop: reads input, updates the app state, keeps the tiles and the render
/// pipeline in step with what is visible, and presents one frame per batch of events and
/// renders. The only place that does IO for the interface, and it never waits for Poppler.
public final class Browser<Terminal: TerminalBackend> {
  /// The app state (public for tests and `--print`).
  public private(set) var state: AppState
  private let terminal: Terminal
  private let view: AppView
  private var cache: PictureCache
  private var mainTiles = TilePool<RenderRequest>()
  private var shelfTiles = TilePool<RenderRequest>()
  private let renderer: RenderService<RenderRequest, RenderedPage>
  private var pageReader: RenderService<Range<Int>, PageFacts>?
  /// Batches of page facts to read once the first screen is complete.
  private var pendingFactBatches: [(Range<Int>, RenderPriority)] = []
  private var lastViewportOrigin = CellPoint(x: 0, y: 0)
  private var digitsTypedAt: ContinuousClock.Instant?
  /// How long a render may run before its page is given up and drawn as failed.
  private let renderTimeout: Duration
  /// Whether pages beyond the screen are prepared (not for a frame printed once).
  private let prefetches: Bool
  /// Renders that failed, with why, drawn as boxes and not asked for again.
  private var failed: [RenderRequest: String] = [:]
  /// Renders that failed once for a reason other than time, asked for once more.
  private var retried = Set<RenderRequest>()
  /// In-process key-to-screen latencies (input read to frame presented), newest last.
  public private(set) var latencies: [Duration] = []

  /// Pages per background batch of sizes and labels.
  static var factsBatch: Int { 500 }

  /// Creates the loop. `openDocument` opens a new instance of the document for each render
  /// thread (one document per thread); `readsAllPageFacts` starts a background reader of every
  /// page's size and label, for documents whose sizes are lazy.
  ///
  /// `handoff` may carry the document the caller opened, which the first render thread then
  /// uses instead of opening another (the caller must not touch it again).
  /// `releaseFreedMemory` runs on a background thread whenever a burst of renders or the page
  /// reader finishes. A render running longer than `renderTimeout` is given up: its page is
  /// drawn as a box saying it could not be drawn, and a new thread takes the stuck one's place.
  public init(
    state: AppState, terminal: Terminal, view: AppView, cacheBytes: Int, workerCount: Int = 2,
    renderTimeout: Duration = .seconds(20), prefetches: Bool = true,
    readsAllPageFacts: Bool = true, handoff: DocumentHandoff = DocumentHandoff(),
    releaseFreedMemory: @escaping @Sendable () -> Void = {},
    openDocument: @escaping @Sendable () throws -> any DocumentSource
  ) throws {
    self.state = state
    self.terminal = terminal
    self.view = view
    self.renderTimeout = renderTimeout
    self.prefetches = prefetches
    cache = PictureCache(bytes: cacheBytes)
    let handoff = handoff
    renderer = try RenderService(
      workerCount: workerCount,
      makeWorker: {
        // Render threads yield the CPU to the interface thread: keys before pictures.
        lowerThreadPriority()
        return try handoff.take() ?? openDocument()
      },
      whenDrained: releaseFreedMemory
    ) { document, request in
      RenderedPage(
        picture: try document.picture(for: request), pageSize: document.pageSize(at: request.page),
        label: document.pageLabel(at: request.page))
    }
    if readsAllPageFacts && state.document.pageCount > 1 {
      let reader = try RenderService<Range<Int>, PageFacts>(
        workerCount: 1, name: "folio-pages",
        makeWorker: {
          lowerThreadPriority()
          return try openDocument()
        },
        whenDrained: releaseFreedMemory
      ) { document, range in
        PageFacts(pages: range.map { index in
          let page = PageIndex(index)
          return (page, document.pageSize(at: page), document.pageLabel(at: page))
        })
      }
      let count = state.document.pageCount
      let batches = stride(from: 0, to: count, by: Self.factsBatch).map { start in
        (start..<min(count, start + Self.factsBatch), RenderPriority(tier: .behind, distance: start))
      }
      // Read only once the first screen is drawn: the first frame must not share the CPU.
      pendingFactBatches = batches
      pageReader = reader
    } else {
      pageReader = nil
    }
  }

  deinit {
    renderer.beginShutdown()
    pageReader?.beginShutdown()
  }

  /// Runs until the person quits. The terminal is restored by its owner.
  public func run() {
    refresh()
    while true {
      let now = ContinuousClock.now
      var timeout = -1
      if let typed = digitsTypedAt {
        timeout = max(0, AppState.countTimeout - (now - typed).wholeMilliseconds)
      }
      // Wake up when the longest-running render passes its limit, to give it up.
      if let deadline = renderer.nextDeadline(forRunningLongerThan: renderTimeout) {
        let wait = max(0, (deadline - now).wholeMilliseconds + 1)
        timeout = timeout < 0 ? wait : min(timeout, wait)
      }
      var wakes = [renderer.wakeDescriptor]
      if let pageReader { wakes.append(pageReader.wakeDescriptor) }
      let first = terminal.nextEvent(timeout: timeout, wakeDescriptors: wakes)
      let started = ContinuousClock.now
      var events: [AppEvent] = []
      if let first { events.append(.input(first)) }
      // Everything already typed (a key held down, a storm of resizes) makes one frame.
      while events.count < 512, let more = terminal.nextEvent(timeout: 0, wakeDescriptors: []) {
        events.append(.input(more))
      }
      if first == nil, let typed = digitsTypedAt, ContinuousClock.now - typed >= .milliseconds(AppState.countTimeout) {
        events.append(.keyTimeout)
      }
      if handle(coalescingResizes(events)) { return }
      refresh()
      if !events.isEmpty {
        latencies.append(ContinuousClock.now - started)
        if latencies.count > 4096 { latencies.removeFirst(2048) }
      }
    }
  }

  /// Applies events; returns true when the person quit.
  public func handle(_ events: [AppEvent]) -> Bool {
    for event in events {
      if state.update(event).contains(.quit) { return true }
    }
    digitsTypedAt = state.keys.pendingCount == nil ? nil : (digitsTypedAt ?? ContinuousClock.now)
    return false
  }

  private func coalescingResizes(_ events: [AppEvent]) -> [AppEvent] {
    var result: [AppEvent] = []
    for event in events {
      if case .input(.resize) = event, case .input(.resize)? = result.last {
        result[result.count - 1] = event
      } else {
        result.append(event)
      }
    }
    return result
  }

  /// Takes in finished work, lays the tiles out, asks for what is missing, and draws a frame.
  public func refresh() {
    absorbPageFacts()
    renderer.abandonRequests(runningLongerThan: renderTimeout)
    absorbRenders()
    layOut()
    state.pendingRenders = renderer.pendingCount
    terminal.present(view.draw(state, main: mainTiles, shelf: shelfTiles))
  }

  /// Waits until every picture on screen is its exact render (for `--print`, tests and
  /// benchmarks; the prefetch margin is not waited for), then lays out once more. Sizes learned
  /// from renders may move pages and want more renders: it loops until the screen is complete
  /// or `timeout` passes.
  public func settle(timeout: Duration = .seconds(120)) {
    let deadline = ContinuousClock.now + timeout
    while true {
      renderer.abandonRequests(runningLongerThan: renderTimeout)
      let pendingWhenDrained = absorbRenders()
      let wantedCount = layOut()
      // Done when nothing was pending as the outcomes were taken (so none is left undrained)
      // and the layout pass wanted nothing (a render it wanted may finish before any check).
      let isIdle = pendingWhenDrained == 0 && wantedCount == 0
      if isScreenComplete || isIdle || ContinuousClock.now >= deadline { break }
      // Sleep until a render arrives (the wake pipe turns readable) or 50 ms pass.
      var descriptor = pollfd(fd: renderer.wakeDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 50)
    }
    state.pendingRenders = renderer.pendingCount
  }

  /// Cancels the prefetch margin's waiting renders and forgets them in the status line: for a
  /// frame that is printed once, when nothing beyond the screen matters any more.
  public func stopPrefetching() {
    _ = renderer.replaceWanted([])
    state.pendingRenders = 0
  }

  /// Whether every tile on screen shows its exact picture (or its render failed).
  public var isScreenComplete: Bool {
    func complete(_ pool: TilePool<RenderRequest>, _ visible: CellRect) -> Bool {
      var done = true
      pool.forEachVisibleTile { tile in
        guard done, tile.frame.intersects(visible), let request = tile.request else { return }
        if !tile.isShowingRequest && failed[request] == nil { done = false }
      }
      return done
    }
    return complete(mainTiles, state.viewport.visibleRect)
      && (state.shelf == nil || complete(shelfTiles, state.shelfViewport.visibleRect))
  }

  /// The frame as it stands.
  public var frame: ScreenBuffer { view.draw(state, main: mainTiles, shelf: shelfTiles) }

  /// Tile recycling counters of the main view.
  public var tileCounters: TilePool<RenderRequest>.Counters { mainTiles.counters }

  private func absorbPageFacts() {
    guard let pageReader else { return }
    if !pendingFactBatches.isEmpty && renderer.pendingCount == 0 {
      _ = pageReader.replaceWanted(pendingFactBatches)
      pendingFactBatches = []
    }
    var sizes: [(PageIndex, PointSize)] = []
    let (outcomes, pendingWhenDrained) = pageReader.drain()
    for outcome in outcomes {
      guard case .success(let facts) = outcome.result else { continue }
      for fact in facts.pages {
        sizes.append((fact.page, fact.size))
        if fact.label != nil { state.learnLabel(fact.label, of: fact.page) }
      }
    }
    state.learnSizes(sizes)
    if !outcomes.isEmpty && pendingWhenDrained == 0 && pendingFactBatches.isEmpty {
      // Every page is known: its document (and Poppler's cache of every page) can go.
      pageReader.shutdown()
      self.pageReader = nil
    }
  }

  /// Takes in finished renders; returns how many were still pending as they were taken.
  @discardableResult
  private func absorbRenders() -> Int {
    var learned: [(PageIndex, PointSize)] = []
    let (outcomes, pendingWhenDrained) = renderer.drain()
    for outcome in outcomes {
      let rendered: RenderedPage
      switch outcome.result {
      case .success(let page):
        rendered = page
        failed[outcome.request] = nil
      case .failure(let error):
        // Asked for once more (unless it ran out of time: it would again), then drawn as a box
        // saying why, and not asked for again.
        if !(error is RenderTimeout) && retried.insert(outcome.request).inserted { continue }
        failed[outcome.request] = TerminalText.sanitized(Self.failureReason(error))
        let markFailed: (inout Tile<RenderRequest>) -> Void = { tile in self.configure(&tile, for: outcome.request) }
        mainTiles.updateTiles(requesting: outcome.request, markFailed)
        shelfTiles.updateTiles(requesting: outcome.request, markFailed)
        continue
      }
      cache.insert(rendered.picture, for: outcome.request)
      if rendered.label != nil { state.learnLabel(rendered.label, of: outcome.request.page) }
      if state.metrics.size(of: outcome.request.page) != rendered.pageSize.sanitized
        || !state.metrics.isSizeKnown(outcome.request.page)
      {
        learned.append((outcome.request.page, rendered.pageSize))
      }
      let apply: (inout Tile<RenderRequest>) -> Void = { tile in
        tile.preview = rendered.picture
        tile.shownRequest = outcome.request
      }
      mainTiles.updateTiles(requesting: outcome.request, apply)
      shelfTiles.updateTiles(requesting: outcome.request, apply)
    }
    state.learnSizes(learned)
    return pendingWhenDrained
  }

  /// Why a render failed, in a few words for the box drawn instead ("could not be drawn" is
  /// already there): "took over 20 s", or the library's reason.
  static func failureReason(_ error: any Error) -> String {
    switch error {
    case let timeout as RenderTimeout: return timeout.description
    case DocumentError.renderFailed(let reason): return reason
    case let error as DocumentError: return error.reason
    default: return "\(error)"
    }
  }

  /// The reference's layout pass, for the main view and the filmstrip, then the wanted set.
  /// Returns how many pictures are wanted (not cached, failed or shown).
  @discardableResult
  private func layOut() -> Int {
    var wanted: [(RenderRequest, RenderPriority)] = []
    let scroll = CellPoint(
      x: state.viewport.origin.x - lastViewportOrigin.x, y: state.viewport.origin.y - lastViewportOrigin.y)
    lastViewportOrigin = state.viewport.origin
    let prefetch = prefetches ? state.prefetchRect : state.viewport.visibleRect
    let pieces = state.mainPieces(meeting: prefetch)
    layOut(&mainTiles, pieces: pieces, contentSize: state.layout.contentSize, visibleRect: prefetch)
    collectWanted(pieces, shownBy: mainTiles, viewport: state.viewport.visibleRect, scroll: scroll, into: &wanted)
    if state.shelf != nil {
      let shelfRect = prefetches ? state.shelfPrefetchRect : state.shelfViewport.visibleRect
      let shelfPieces = state.shelfPieces(meeting: shelfRect)
      layOut(&shelfTiles, pieces: shelfPieces, contentSize: state.shelf?.contentSize ?? CellSize(columns: 0, rows: 0), visibleRect: shelfRect)
      var shelfWanted: [(RenderRequest, RenderPriority)] = []
      collectWanted(shelfPieces, shownBy: shelfTiles, viewport: state.shelfViewport.visibleRect, scroll: CellPoint(x: 0, y: 0), into: &shelfWanted)
      // The filmstrip comes after the main view's visible pages.
      wanted += shelfWanted.map { ($0.0, RenderPriority(tier: max($0.1.tier, .ahead), distance: $0.1.distance)) }
    } else if shelfTiles.visibleCount > 0 {
      shelfTiles.recycleAll()
    }
    _ = renderer.replaceWanted(wanted)
    return wanted.count
  }

  private func layOut(_ pool: inout TilePool<RenderRequest>, pieces: [PagePiece], contentSize: CellSize, visibleRect: CellRect) {
    var byIndex: [Int: PagePiece] = [:]
    for piece in pieces where byIndex[piece.index] == nil { byIndex[piece.index] = piece }
    pool.layOut(contentSize: contentSize, visibleRect: visibleRect, items: { _ in pieces }) { tile, piece in
      self.configure(&tile, for: piece.request)
    }
    // Tiles that stayed on their item but whose picture changed (new size, symbols, colors).
    pool.updateVisibleTiles { tile in
      guard let piece = byIndex[tile.itemIndex], tile.request != piece.request else { return }
      configure(&tile, for: piece.request)
    }
  }

  private func configure(_ tile: inout Tile<RenderRequest>, for request: RenderRequest) {
    tile.request = request
    if let reason = failed[request] {
      tile.preview.reset(to: request.size)
      Placeholder.fillFailed(&tile.preview, reason: reason, style: request.style, width: view.width)
    } else if let picture = cache.picture(for: request) {
      // A use: the cache keeps what is shown longest.
      tile.preview = picture
      tile.shownRequest = request
    } else if let standIn = cache.standIn(for: request) {
      tile.preview = standIn
    } else {
      tile.preview.reset(to: request.size)
      Placeholder.fill(&tile.preview, label: state.document.label(of: request.page), style: request.style, width: view.width)
    }
  }

  /// The pieces to render: neither cached, nor failed, nor shown by their tile already (a
  /// picture the cache evicted while its tile still shows it is not asked for again).
  private func collectWanted(
    _ pieces: [PagePiece], shownBy pool: TilePool<RenderRequest>, viewport: CellRect, scroll: CellPoint,
    into wanted: inout [(RenderRequest, RenderPriority)]
  ) {
    var seen = Set<RenderRequest>()
    for piece in pieces where !cache.contains(piece.request) && failed[piece.request] == nil {
      if let tile = pool.tile(forItem: piece.index), tile.request == piece.request, tile.isShowingRequest {
        continue
      }
      guard seen.insert(piece.request).inserted else { continue }
      wanted.append((piece.request, RenderPriority(frame: piece.frame, viewport: viewport, scrollDelta: scroll)))
    }
  }
}

extension Duration {
  /// The duration in whole milliseconds, rounded down.
  var wholeMilliseconds: Int {
    Int(components.seconds) * 1000 + Int(components.attoseconds / 1_000_000_000_000_000)
  }
}

/// Lowers the calling thread's scheduling priority (Linux nice +5 for this thread only).
func lowerThreadPriority() {
  _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(currentThreadID()), 5)
}

/// glibc's gettid (not exported by the Glibc module).
@_silgen_name("gettid")
private func currentThreadID() -> Int32
