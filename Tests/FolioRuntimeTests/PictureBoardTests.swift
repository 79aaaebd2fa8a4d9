import FolioCore
import FolioLayout
import FolioRuntime
import FolioTestSupport
import FolioUI
import Foundation
import Testing

/// The picture board with synthetic documents whose renders wait at a gate the test opens:
/// what it asks for and when, what a tile shows, failures, draining, and document versions.
/// Every wait has a deadline; none is a fixed sleep.
@Suite("Picture board")
struct PictureBoardTests {
  static let screen = CellSize(columns: 60, rows: 20)

  /// The app state for `document` on `size`, preparing only what is on screen (no prefetch
  /// margin), so the wanted pictures are exactly the visible ones.
  func state(for document: SyntheticDocument, size: CellSize = screen, mode: ViewMode = .grid)
    -> AppState
  {
    let app = AppState(
      document: DocumentFacts(pageCount: document.pageCount, title: "t"),
      metrics: PageMetrics(
        sizes: (0..<document.pageCount).map { document.pageSize(at: PageIndex($0)) }),
      screenSize: size, mode: mode, style: RenderStyle(symbols: .half, colors: .truecolor),
      prefetches: false)
    return app
  }

  /// A document of `count` Letter pages.
  func letterPages(_ count: Int, failures: [Int: Int] = [:], gate: RenderGate? = nil)
    -> SyntheticDocument
  {
    SyntheticDocument(
      sizes: Array(repeating: PointSize(width: 612, height: 792), count: count), failures: failures,
      gate: gate)
  }

  func makeBoard(
    _ document: SyntheticDocument, cacheBytes: Int = 8 << 20, workerCount: Int = 2
  ) throws -> PictureBoard {
    try PictureBoard(
      opening: DocumentOpening { document }, cacheBytes: cacheBytes, workerCount: workerCount,
      width: .approximate)
  }

  /// Takes in renders until `condition` holds or `timeout` passes; whether it holds.
  @discardableResult
  func pump(
    _ board: PictureBoard, timeout: Duration = .seconds(30), until condition: () -> Bool
  ) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while true {
      _ = board.absorb()
      if condition() { return true }
      if ContinuousClock.now >= deadline { return false }
      var descriptor = pollfd(fd: board.wakeDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 20)
    }
  }

  /// Waits, without taking anything in, until `condition` holds or `timeout` passes.
  @discardableResult
  func wait(timeout: Duration = .seconds(30), until condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      if ContinuousClock.now >= deadline { return false }
      usleep(500)
    }
    return true
  }

  /// Whether everything is in: nothing was pending as the outcomes were taken, nothing wanted.
  func isIdle(_ board: PictureBoard) -> Bool {
    let (_, pendingWhenDrained) = board.absorb()
    return pendingWhenDrained == 0 && board.wantedCount == 0
  }

  /// The main view's tiles that meet the visible rect of `wants`.
  func tilesOnScreen(_ board: PictureBoard, _ wants: PictureWants) -> [Tile<RenderRequest>] {
    var tiles: [Tile<RenderRequest>] = []
    board.mainTiles.forEachVisibleTile { tile in
      if tile.frame.intersects(wants.main.visible) { tiles.append(tile) }
    }
    return tiles
  }

  /// Tiles that show a synthetic page's colors other than their request's, given how each
  /// version's document shifts its colors.
  func wrongPictures(
    _ board: PictureBoard, _ wants: PictureWants, colorShift: [DocumentVersion: Int]
  ) -> [String] {
    var wrong: [String] = []
    for tile in tilesOnScreen(board, wants) {
      guard let request = tile.request else { continue }
      let expected = request.page.rawValue + colorShift[request.document, default: 0]
      var seen: Set<Int> = []
      for y in 0..<tile.preview.size.rows {
        for x in 0..<tile.preview.size.columns {
          if let shown = SyntheticDocument.page(ofColor: tile.preview[x, y].background) {
            seen.insert(shown)
          }
        }
      }
      if !seen.subtracting([expected]).isEmpty {
        wrong.append("\(request) shows the colors of \(seen.sorted()), not \(expected)")
      }
    }
    return wrong
  }

  // MARK: Asking only for what is missing

  @Test func aPictureEvictedBeforeItIsDrawnIsNotAskedForAgainWhileItsTileShowsIt() throws {
    let gate = RenderGate()
    defer { gate.open() }
    let document = SyntheticDocument(pageCount: 200, gate: gate)
    var app = state(for: document)
    let first = app.pictureWants
    let pages = Set(first.main.pieces.map(\.request.page.rawValue))
    let count = first.main.pieces.count
    try #require(count >= 4)
    // Room for one picture: each one in evicts the one before.
    let cost = try #require(first.main.pieces.first).request.cost
    let board = try makeBoard(document, cacheBytes: cost + cost / 2)
    board.want(first)
    #expect(board.wantedCount == count)
    // Every render finishes before any is taken in: one absorb caches each (evicting the one
    // before) and puts it in its tile, before a frame could draw it.
    gate.open()
    #expect(wait { gate.passedCount == count && board.pendingCount == 0 })
    let (_, pendingWhenDrained) = board.absorb()
    #expect(pendingWhenDrained == 0)
    #expect(board.cacheStatistics.count == 1)
    #expect(board.isScreenComplete)
    #expect(board.wantedCount == 0)
    #expect(tilesOnScreen(board, first).allSatisfy { $0.isShowingRequest })
    // Layout passes and absorbs while the tiles show their pictures ask for nothing.
    for _ in 0..<5 {
      board.want(first)
      #expect(board.wantedCount == 0)
      #expect(board.absorb().pendingWhenDrained == 0)
    }
    #expect(document.renders == count)
    #expect(board.renderStatistics.started == count)
    #expect(pages.allSatisfy { document.renders(of: $0) == 1 })

    // The tiles leave (the last pages are shown), then come back: the evicted pictures are
    // asked for again, once each.
    _ = app.update(.input(.key(.end)))
    let last = app.pictureWants
    #expect(Set(last.main.pieces.map(\.request.page.rawValue)).isDisjoint(with: pages))
    board.want(last)
    #expect(pump(board) { board.isScreenComplete && isIdle(board) })
    _ = app.update(.input(.key(.home)))
    let back = app.pictureWants
    #expect(Set(back.main.pieces.map(\.request)) == Set(first.main.pieces.map(\.request)))
    board.want(back)
    #expect(board.wantedCount == count)
    #expect(pump(board) { board.isScreenComplete && isIdle(board) })
    #expect(pages.allSatisfy { document.renders(of: $0) == 2 })
    #expect(wrongPictures(board, back, colorShift: [:]) == [])
  }

  // MARK: Failures

  @Test func aRenderThatKeepsFailingIsAskedForOnceMoreThenDrawnAsABox() throws {
    let document = letterPages(3, failures: [1: Int.max])
    let app = state(for: document)
    let wants = app.pictureWants
    let board = try makeBoard(document)
    board.want(wants)
    #expect(pump(board) { board.isScreenComplete && isIdle(board) })
    #expect(document.renders(of: 0) == 1)
    #expect(document.renders(of: 1) == 2)
    #expect(document.renders(of: 2) == 1)
    let tiles = tilesOnScreen(board, wants)
    let failed = try #require(tiles.first { $0.request?.page == PageIndex(1) })
    #expect(!failed.isShowingRequest)
    let text: String = failed.preview.rows.joined(separator: " ")
    #expect(text.contains("could"), "\(failed.preview.rows)")
    #expect(tiles.filter { $0.request?.page != PageIndex(1) }.allSatisfy { $0.isShowingRequest })
    // The box stays; the page is not asked for again.
    for _ in 0..<5 {
      board.want(wants)
      #expect(board.wantedCount == 0)
      _ = board.absorb()
    }
    #expect(document.renders(of: 1) == 2)
    #expect(board.renderStatistics.started == 4)
  }

  @Test func aRenderThatFailsOnceIsAskedForOnceMoreAndShown() throws {
    let document = letterPages(3, failures: [1: 1])
    let app = state(for: document)
    let wants = app.pictureWants
    let board = try makeBoard(document)
    board.want(wants)
    #expect(pump(board) { board.isScreenComplete && isIdle(board) })
    #expect(document.renders(of: 1) == 2)
    #expect(tilesOnScreen(board, wants).allSatisfy { $0.isShowingRequest })
    #expect(wrongPictures(board, wants, colorShift: [:]) == [])
  }

  /// A page worker whose renders of page 1 fail with `failure` (each time, or the first time).
  final class FailingWorker: PageWorker, @unchecked Sendable {
    let document: SyntheticDocument
    let failure: WorkerFailure
    let failsOnce: Bool
    let lock = NSLock()
    var attempts = 0
    init(_ document: SyntheticDocument, failure: WorkerFailure, failsOnce: Bool) {
      self.document = document
      self.failure = failure
      self.failsOnce = failsOnce
    }
    func render(_ request: RenderRequest) throws -> RenderedPage {
      if request.page == PageIndex(1) {
        let attempt = lock.withLock {
          attempts += 1
          return attempts
        }
        if !failsOnce || attempt == 1 { throw failure }
      }
      return try LocalPageWorker(document).render(request)
    }
    func facts(of pages: Range<Int>) throws -> [PageFact] {
      try LocalPageWorker(document).facts(of: pages)
    }
    func texts(of pages: Range<Int>) throws -> [PageText] {
      try LocalPageWorker(document).texts(of: pages)
    }
    func rest() {}
  }

  @Test(arguments: [
    (WorkerFailure(.crashed(signal: SIGSEGV)), true, 2, ""),
    (WorkerFailure(.crashed(signal: SIGSEGV)), false, 2, "crashed"),
    (WorkerFailure(.outOfMemory(limit: 1 << 30)), false, 1, "used over 1 GiB"),
  ])
  func aWorkersFailureIsRetriedOnlyWhenItMaySucceed(
    failure: WorkerFailure, failsOnce: Bool, attempts: Int, reason: String
  ) throws {
    let document = letterPages(3)
    let worker = FailingWorker(document, failure: failure, failsOnce: failsOnce)
    // Thumbnails wide enough for the reason.
    let app = state(for: document, size: CellSize(columns: 200, rows: 60))
    let wants = app.pictureWants
    let board = try PictureBoard(
      opening: DocumentOpening(keepsTimeLimit: true) { worker }, cacheBytes: 8 << 20,
      workerCount: 1,
      width: .approximate)
    board.want(wants)
    #expect(pump(board) { board.isScreenComplete && isIdle(board) })
    #expect(worker.lock.withLock { worker.attempts } == attempts)
    let tile = try #require(tilesOnScreen(board, wants).first { $0.request?.page == PageIndex(1) })
    if reason.isEmpty {
      #expect(tile.isShowingRequest)
    } else {
      #expect(!tile.isShowingRequest)
      #expect(tile.preview.rows.joined(separator: " ").contains(reason), "\(tile.preview.rows)")
    }
  }

  // MARK: Draining

  @Test func pendingIsZeroOnlyWhenEveryOutcomeIsTaken() throws {
    let gate = RenderGate()
    defer { gate.open() }
    let document = SyntheticDocument(pageCount: 30, gate: gate)
    let app = state(for: document)
    let wants = app.pictureWants
    let count = wants.main.pieces.count
    let board = try makeBoard(document)
    board.want(wants)
    // Nothing can finish: everything is pending.
    #expect(gate.waitUntilWaiting(2))
    let (_, pending) = board.absorb()
    #expect(pending == count)
    // All finish before the next absorb, which takes them all and says so.
    gate.open()
    #expect(wait { board.pendingCount == 0 })
    #expect(board.absorb().pendingWhenDrained == 0)
    #expect(board.wantedCount == 0)
    #expect(board.isScreenComplete)
  }

  /// Renders finish at random moments against a loop that takes them in as the app's does; the
  /// loop stops when `absorb` said nothing was pending and nothing is wanted. By then every
  /// tile on screen must show its picture (a page that fails once is asked for again, which
  /// the wanted count must cover). Where no page fails, the wanted set never changes, so the
  /// first time `absorb` says nothing was pending every picture must have been taken in, by
  /// that call or earlier ones (the wanted count aside).
  @Test func theDrainedSignalNeverLeavesAPlaceholderOnScreen() throws {
    var random = SplitMix64(seed: 0xB0A4D)
    for iteration in 0..<200 {
      let gate = RenderGate()
      defer { gate.open() }
      let failures = random.chance(0.5) ? [Int(random.next() % 8): 1] : [:]
      let document = letterPages(30, failures: failures, gate: gate)
      let app = state(for: document)
      let wants = app.pictureWants
      let board = try makeBoard(document)
      board.want(wants)
      gate.allow(Int(random.next() % 4))
      let delay = Int(random.next() % 3_000)
      DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(delay)) { gate.open() }
      let deadline = ContinuousClock.now + .seconds(30)
      var drained = false
      var taken = 0
      var checkedTaken = false
      while ContinuousClock.now < deadline {
        let (facts, pendingWhenDrained) = board.absorb()
        taken += facts.count
        if pendingWhenDrained == 0 && failures.isEmpty && !checkedTaken {
          checkedTaken = true
          #expect(
            taken == wants.main.pieces.count,
            "iteration \(iteration) \((0..<30).map { document.renders(of: $0) }) started \(board.renderStatistics.started)"
          )
        }
        if pendingWhenDrained == 0 && board.wantedCount == 0 {
          drained = true
          break
        }
        var descriptor = pollfd(fd: board.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, Int32(random.next() % 3))
      }
      #expect(drained, "iteration \(iteration)")
      let placeholders = tilesOnScreen(board, wants).filter { !$0.isShowingRequest }
      #expect(placeholders.isEmpty, "iteration \(iteration): \(placeholders.compactMap(\.request))")
      #expect(board.isScreenComplete, "iteration \(iteration)")
      if !placeholders.isEmpty { break }
    }
  }

  // MARK: Versions

  @Test func aNewVersionNeverShowsAPictureOfTheOldOne() throws {
    let oldGate = RenderGate(isOpen: true)
    let newGate = RenderGate()
    defer {
      oldGate.open()
      newGate.open()
    }
    let old = SyntheticDocument(pageCount: 30, gate: oldGate)
    let new = SyntheticDocument(pageCount: 30, gate: newGate, colorShift: 1000)
    let version = DocumentVersion(number: 2)
    let shifts = [DocumentVersion.first: 0, version: 1000]
    var app = state(for: old)
    let board = try makeBoard(old)
    board.want(app.pictureWants)
    #expect(pump(board) { board.isScreenComplete && isIdle(board) })
    let oldRenders = old.renders

    // New symbols: the old version's renders of them wait at its gate when the file changes.
    oldGate.close()
    _ = app.update(.input(.key(.character("c"))))
    board.want(app.pictureWants)
    #expect(oldGate.waitUntilWaiting(2))

    // The runtime replaces the renderer, then asks for the new version's pictures.
    try board.replaceDocument(with: DocumentOpening { new }, version: version)
    let facts = (0..<30).map {
      PageFact(page: PageIndex($0), size: PointSize(width: 612, height: 792), label: nil)
    }
    let effects = app.update(
      .documentReopened(DocumentSummary(version: version, pageCount: 30, title: "t", pages: facts)))
    #expect(effects.first == .adoptDocument(version))
    let wants = app.demands.pictures
    board.want(wants)
    #expect(tilesOnScreen(board, wants).allSatisfy { $0.request?.document == version })
    #expect(wrongPictures(board, wants, colorShift: shifts) == [])

    // The old version's renders finish; they reach no tile.
    oldGate.open()
    #expect(wait { old.renders >= oldRenders + 2 })
    for _ in 0..<5 {
      _ = board.absorb()
      #expect(wrongPictures(board, wants, colorShift: shifts) == [])
    }
    #expect(tilesOnScreen(board, wants).allSatisfy { !$0.isShowingRequest })

    // The new version's arrive.
    newGate.open()
    #expect(pump(board) { board.isScreenComplete && isIdle(board) })
    #expect(tilesOnScreen(board, wants).allSatisfy { $0.isShowingRequest })
    #expect(wrongPictures(board, wants, colorShift: shifts) == [])
  }
}
