import FolioCore
import FolioLayout
import FolioUI
import Foundation

/// The one owner of page pictures: the cache (least recently used out, bounded in bytes), the
/// tiles of the main view and the filmstrip, what is wanted and in flight (the render service),
/// and what failed (asked for once more, then drawn as a page-shaped box saying why).
///
/// A picture is asked for only while a tile wants it and neither the cache nor that tile has
/// it: a picture evicted before it was drawn is not asked for again until its tile leaves and
/// comes back, so a small cache never makes the pipeline spin. Pictures are keyed by request,
/// and requests carry the document version, so a picture of one version never shows as
/// another's. Use from the loop's thread only.
public final class PictureBoard: LoopService {
  /// The picture cache's bound when none is given (`--cache-mb`): 24 MiB, about 160 pages of
  /// the continuous view at 120x40 or 5,000 thumbnails. Chosen so that the viewer and its page
  /// workers stay within 150 MiB paging through 15,000 pages (docs/decisions.md, 2026-11-27);
  /// a page that left the cache is drawn again in a few milliseconds.
  public static let defaultCacheMegabytes = 24

  private var cache: PictureCache
  /// The main view's tiles.
  public private(set) var mainTiles = TilePool<RenderRequest>()
  /// The filmstrip's tiles.
  public private(set) var filmstripTiles = TilePool<RenderRequest>()
  /// The version's page workers (shared with the page reader and the navigation reader).
  public private(set) var work: PageWork
  private var renderer: WorkQueue<PageJob, PageJobResult> { work.queue }
  /// Where the renders' outcomes go.
  private let inbox: LoopInbox
  /// The version the renderer draws.
  public private(set) var version: DocumentVersion
  private var wants: PictureWants?
  /// Renders that failed, with why, drawn as boxes and not asked for again.
  private var failed: [RenderRequest: String] = [:]
  /// Renders that failed once for a reason other than time, asked for once more.
  private var retried = Set<RenderRequest>()
  /// Renders that failed while the file was changing, left until the next version.
  private var deferred = Set<RenderRequest>()

  /// Whether the document's file is changing on disk (a reload is due): a render that fails
  /// meanwhile may only have read a half-written file, so it is neither retried nor drawn as
  /// failed; its tile keeps its placeholder until the next version, or until the file settles
  /// back.
  public var isDocumentChanging = false {
    didSet {
      guard oldValue && !isDocumentChanging && !deferred.isEmpty else { return }
      deferred = []
      layOut()
    }
  }
  private var lastViewportOrigin = CellPoint(x: 0, y: 0)
  /// How many pictures the last layout pass asked for.
  public private(set) var wantedCount = 0
  private let renderTimeout: Duration
  /// Whether the workers give up on a request past the time limit themselves (processes): the
  /// board's own limit then waits a little longer, as a backstop.
  private var keepsTimeLimitInWorkers = false
  /// Pages of this version whose renders came with the libraries' complaints, and what they said.
  public private(set) var damagedPages: [PageIndex: [String]] = [:]
  private let width: TextWidth
  private let workerCount: Int
  private let releaseFreedMemory: @Sendable () -> Void

  /// Creates a board that renders with `workerCount` threads, each with its own instance of the
  /// document from `opening` (the first thread may take `opening`'s handed-off document),
  /// posting what they render to `inbox` (a private one when nil: the board then takes its
  /// renders itself with `absorb()`).
  public init(
    opening: DocumentOpening, version: DocumentVersion = .first, cacheBytes: Int,
    workerCount: Int = 2, renderTimeout: Duration = .seconds(20), width: TextWidth,
    releaseFreedMemory: @escaping @Sendable () -> Void = {}, inbox: LoopInbox? = nil
  ) throws {
    let inbox = try inbox ?? LoopInbox()
    self.inbox = inbox
    cache = PictureCache(bytes: cacheBytes)
    self.version = version
    self.renderTimeout = renderTimeout
    self.width = width
    self.workerCount = workerCount
    self.releaseFreedMemory = releaseFreedMemory
    work = try PageWork(
      opening: opening, version: version, workerCount: workerCount, inbox: inbox,
      whenDrained: releaseFreedMemory)
    keepsTimeLimitInWorkers = opening.keepsTimeLimit
  }

  /// Draws `version` from now on, with new render threads on `opening`: the old threads are
  /// told to stop (what they deliver is dropped), and what failed is forgotten. Cached pictures
  /// of the old version age out of the cache; none is shown for the new one.
  public func replaceDocument(with opening: DocumentOpening, version: DocumentVersion) throws {
    let next = try PageWork(
      opening: opening, version: version, workerCount: workerCount, inbox: inbox,
      whenDrained: releaseFreedMemory)
    renderer.beginShutdown()
    work = next
    keepsTimeLimitInWorkers = opening.keepsTimeLimit
    self.version = version
    damagedPages = [:]
    failed = [:]
    retried = []
    deferred = []
  }

  /// Forgets that the pictures of `page` failed, and asks for them again where they are
  /// wanted (a library's cover whose file opens now: its password became known); their tiles
  /// show placeholders meanwhile.
  public func forgetFailures(of page: PageIndex) {
    failed = failed.filter { $0.key.page != page }
    retried = retried.filter { $0.page != page }
    func again(_ tile: inout Tile<RenderRequest>) {
      guard let request = tile.request, request.page == page, !tile.isShowingRequest else {
        return
      }
      configure(&tile, for: request)
    }
    mainTiles.updateVisibleTiles(again)
    filmstripTiles.updateVisibleTiles(again)
    layOut()
  }

  /// The descriptor that turns readable when pictures arrive (the inbox's).
  public var wakeDescriptor: Int32 { renderer.wakeDescriptor }

  /// How many renders were pending when the board last received its outcomes (0: every
  /// render there will be is in).
  public private(set) var pendingWhenReceived = 0

  /// Pictures waiting or being rendered.
  public var pendingCount: Int { renderer.pendingCount(inLane: PageWork.renderLane) }

  /// When the longest-running render passes the time limit, or nil when nothing runs.
  public var nextDeadline: ContinuousClock.Instant? {
    renderer.nextDeadline(forRunningLongerThan: abandonLimit)
  }

  /// How long a render may run before the board gives up on it.
  private var abandonLimit: Duration {
    keepsTimeLimitInWorkers ? renderTimeout + .seconds(5) : renderTimeout
  }

  /// Counts of the render service's work.
  public var renderStatistics: RenderServiceStatistics { renderer.statistics }

  /// The encoded picture `job` asked for, if the cache holds it (marked used).
  public func cachedPicture(for job: PictureJob) -> EncodedPicture? { cache.picture(for: job) }

  /// Keeps an encoded picture in the one cache, bounded with the block art.
  public func keep(_ picture: EncodedPicture, for job: PictureJob) {
    cache.insert(picture, for: job)
  }

  /// Bytes held and entries of the cache.
  public var cacheStatistics: CacheStatistics { cache.statistics }

  /// Makes `wants` what the tiles show and the renderer prepares (the layout pass): tiles that
  /// left are recycled, new tiles get their picture, a stand-in or a placeholder with the
  /// piece's label, and what is missing is asked for, nearest the screen's center first.
  public func want(_ wants: PictureWants) {
    self.wants = wants
    layOut()
  }

  /// Cancels what waits beyond the screen (for a frame printed once).
  public func stopPrefetching() {
    renderer.cancelWaiting(inLane: PageWork.renderLane)
  }

  /// Gives up renders past the time limit: they arrive as failed with the next letters.
  public func enforceDeadlines() {
    // Reported with the limit the person set, not the backstop's.
    renderer.abandonRequests(runningLongerThan: abandonLimit, reportedAs: renderTimeout)
  }

  /// The board on its own (tests, scripts): gives up renders past the time limit and takes
  /// in what its private inbox holds (`receive(_:)`).
  public func absorb() -> (facts: [PageFact], pendingWhenDrained: Int) {
    enforceDeadlines()
    let learned = take(inbox.take(for: renderer.address))
    return (learned, pendingWhenReceived)
  }

  /// Takes in finished renders from `letters` (those of other queues are ignored): caches them
  /// and puts them into the tiles that want them; asks again for what failed once. Returns the
  /// page facts the renders learned; `pendingWhenReceived` says how many renders were pending
  /// as the outcomes were taken, in one step with the taking. Then lays out again.
  public func take(_ letters: [LoopInbox.Letter]) -> [PageFact] {
    var learned: [PageFact] = []
    let (jobs, pendingWhenDrained) = renderer.receive(letters, inLane: PageWork.renderLane)
    pendingWhenReceived = pendingWhenDrained
    let outcomes = jobs.compactMap { job -> RenderOutcome<RenderRequest, RenderedPage>? in
      guard case .render(let request) = job.request else { return nil }
      return RenderOutcome(
        request: request,
        result: job.result.flatMap { result in
          guard case .rendered(let page) = result else {
            return .failure(DocumentError.renderFailed(reason: "a reply of the wrong kind"))
          }
          return .success(page)
        })
    }
    let current = outcomes.filter { $0.request.document == version }
    for outcome in current {
      let request = outcome.request
      switch outcome.result {
      case .success(let rendered):
        failed[request] = nil
        if !rendered.messages.isEmpty && damagedPages[request.page] == nil {
          damagedPages[request.page] = rendered.messages
        }
        cache.insert(rendered.picture, for: request)
        learned.append(PageFact(page: request.page, size: rendered.pageSize, label: rendered.label))
        let apply: (inout Tile<RenderRequest>) -> Void = { tile in
          tile.preview = rendered.picture
          tile.shownRequest = request
        }
        mainTiles.updateTiles(requesting: request, apply)
        filmstripTiles.updateTiles(requesting: request, apply)
      case .failure where isDocumentChanging:
        deferred.insert(request)
      case .failure(let error):
        // Asked for once more (unless it ran out of time or memory: it would again), then
        // drawn as a box saying why, and not asked for again.
        if Self.isWorthRetrying(error) && retried.insert(request).inserted { continue }
        failed[request] = TerminalText.sanitized(Self.failureReason(error))
        let markFailed: (inout Tile<RenderRequest>) -> Void = { tile in
          self.configure(&tile, for: request)
        }
        mainTiles.updateTiles(requesting: request, markFailed)
        filmstripTiles.updateTiles(requesting: request, markFailed)
      }
    }
    // Outcomes of another version change nothing here: laying out again for them would ask
    // for the same pictures again and again.
    if !current.isEmpty { layOut() }
    return learned
  }

  /// The renders in `letters`, taken in; the page sizes and labels they learned as one
  /// `pagesRead` event.
  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] {
    let learned = take(letters)
    return learned.isEmpty ? [] : [.pagesRead(learned)]
  }

  /// Whether every tile on screen shows its exact picture (or its failure box).
  public var isScreenComplete: Bool {
    guard let wants else { return false }
    func complete(_ pool: TilePool<RenderRequest>, _ visible: CellRect) -> Bool {
      var done = true
      pool.forEachVisibleTile { tile in
        guard done, tile.frame.intersects(visible), let request = tile.request else { return }
        if !tile.isShowingRequest && failed[request] == nil { done = false }
      }
      return done
    }
    return complete(mainTiles, wants.main.visible)
      && (wants.filmstrip.map { complete(filmstripTiles, $0.visible) } ?? true)
  }

  /// Whether a failed render is asked for once more: not after running out of time or memory
  /// (it would again), but after a crash or a library error (a fresh worker may succeed).
  public static func isWorthRetrying(_ error: any Error) -> Bool {
    switch error {
    case is RenderTimeout: return false
    case let failure as WorkerFailure: return failure.isWorthRetrying
    default: return true
    }
  }

  /// Why a render failed, in a few words for the box drawn instead ("could not be drawn" is
  /// already there): "took over 20 s", or the library's reason.
  public static func failureReason(_ error: any Error) -> String {
    switch error {
    case let timeout as RenderTimeout: return timeout.description
    case let failure as WorkerFailure: return failure.description
    case DocumentError.renderFailed(let reason): return reason
    case let error as DocumentError: return error.reason
    default: return "\(error)"
    }
  }

  /// The layout pass over the last wants, for the main view and the filmstrip, then the
  /// wanted set.
  private func layOut() {
    guard let wants else { return }
    var wanted: [(RenderRequest, RenderPriority)] = []
    let visible = wants.main.visible
    let scroll = CellPoint(
      x: visible.minX - lastViewportOrigin.x, y: visible.minY - lastViewportOrigin.y)
    lastViewportOrigin = visible.origin
    layOut(&mainTiles, wants.main)
    collectWanted(wants.main, shownBy: mainTiles, scroll: scroll, into: &wanted)
    if let strip = wants.filmstrip {
      layOut(&filmstripTiles, strip)
      var stripWanted: [(RenderRequest, RenderPriority)] = []
      collectWanted(
        strip, shownBy: filmstripTiles, scroll: CellPoint(x: 0, y: 0), into: &stripWanted)
      // The filmstrip comes after the main view's visible pages.
      wanted += stripWanted.map {
        ($0.0, RenderPriority(tier: max($0.1.tier, .ahead), distance: $0.1.distance))
      }
    } else if filmstripTiles.visibleCount > 0 {
      filmstripTiles.recycleAll()
    }
    renderer.replaceWanted(
      wanted.map { (PageJob.render($0.0), $0.1) }, inLane: PageWork.renderLane)
    wantedCount = wanted.count
  }

  private func layOut(_ pool: inout TilePool<RenderRequest>, _ area: PictureWants.Area) {
    var byIndex: [Int: PagePiece] = [:]
    for piece in area.pieces where byIndex[piece.index] == nil { byIndex[piece.index] = piece }
    pool.layOut(
      contentSize: area.contentSize, visibleRect: area.prepared, items: { _ in area.pieces }
    ) { tile, piece in
      self.configure(&tile, for: piece.request, label: piece.label)
    }
    // Tiles that stayed on their item but whose picture changed (new size, symbols, version).
    pool.updateVisibleTiles { tile in
      guard let piece = byIndex[tile.itemIndex], tile.request != piece.request else { return }
      configure(&tile, for: piece.request, label: piece.label)
    }
  }

  private func configure(
    _ tile: inout Tile<RenderRequest>, for request: RenderRequest, label: String? = nil
  ) {
    tile.request = request
    if let reason = failed[request] {
      tile.preview.reset(to: request.size)
      Placeholder.fillFailed(&tile.preview, reason: reason, style: request.style, width: width)
    } else if let picture = cache.picture(for: request) {
      // A use: the cache keeps what is shown longest.
      tile.preview = picture
      tile.shownRequest = request
    } else if let standIn = cache.standIn(for: request) {
      tile.preview = standIn
    } else {
      tile.preview.reset(to: request.size)
      let label = label ?? String(request.page.number)
      Placeholder.fill(&tile.preview, label: label, style: request.style, width: width)
    }
  }

  /// The pieces to render: neither cached, nor failed, nor shown by their tile already (a
  /// picture the cache evicted while its tile still shows it is not asked for again).
  private func collectWanted(
    _ area: PictureWants.Area, shownBy pool: TilePool<RenderRequest>, scroll: CellPoint,
    into wanted: inout [(RenderRequest, RenderPriority)]
  ) {
    var seen = Set<RenderRequest>()
    for piece in area.pieces
    where !cache.contains(piece.request) && failed[piece.request] == nil
      && !deferred.contains(piece.request)
    {
      if let tile = pool.tile(forItem: piece.index), tile.request == piece.request,
        tile.isShowingRequest
      {
        continue
      }
      guard seen.insert(piece.request).inserted else { continue }
      wanted.append(
        (
          piece.request,
          RenderPriority(frame: piece.frame, viewport: area.visible, scrollDelta: scroll)
        ))
    }
  }
}
