import FolioCore
import FolioFixtures
import FolioLayout
import FolioPoppler
import FolioRuntime
import FolioStore
import FolioTestSupport
import FolioUI
import Foundation

/// Enter on the 2,415-page `manual` fixture from a library's shelf, as `folio FOLDER` runs it:
/// the shelf's covers drawn by worker processes, the manual opened on the opener's thread (the
/// file, its remembered place, its page and text workers started) and shown when its launch
/// comes back; then Esc back to the shelf. The loop turns with no other key meanwhile; each
/// turn's stall (waking to frame presented) is measured from the Enter to the manual's first
/// complete screen in front, and from the Esc to the shelf's complete screen.
enum ShelfOpenBenchmark {
  /// One turn of the loop: its stall (waking to frame presented), the loop thread's CPU time
  /// in it, and how often the thread was switched out in it: waiting (voluntary: a lock, a
  /// system call that blocks) or pre-empted (involuntary: the cores were busy).
  struct TurnCost: Comparable {
    var stall: Duration = .zero
    var cpu: Duration = .zero
    var waits = 0
    var preemptions = 0

    static func < (lhs: TurnCost, rhs: TurnCost) -> Bool { lhs.stall < rhs.stall }

    /// "12.3 ms (CPU 1.2 ms, 0 waits, 3 pre-emptions)".
    var description: String {
      "\(Measure.format(stall.inSeconds)) (CPU \(Measure.format(cpu.inSeconds)), \(waits) waits, \(preemptions) pre-emptions)"
    }
  }

  /// What one Enter and Esc measured.
  struct Round {
    /// The longest turn from the Enter to the manual's first complete screen, and how many.
    var open = TurnCost()
    var openTurns = 0
    /// The turn that took the opened manual in (its services started, the session's `opened`
    /// applied, its first frame).
    var taking = TurnCost()
    /// From the Enter to the manual in front, and to its first complete screen.
    var toFront: Duration = .zero
    var toComplete: Duration = .zero
    /// The longest turn from the Esc for `linger` (the shelf back in front, the manual's
    /// services let go), how many, and the time to the shelf in front.
    var back = TurnCost()
    var backTurns = 0
    var toShelf: Duration = .zero
  }

  /// How many rounds are measured (each Enter opens the manual anew: new workers, new
  /// services).
  static let rounds = 3
  /// The manual's place on the shelf (the covers before it are small papers).
  static let manualIndex = 2

  /// The rows of the loop's table.
  static func rows() throws -> [String] {
    let measured = try run()
    func median(_ value: (Round) -> Duration) -> String {
      let sorted = measured.map(value).sorted()
      return Measure.format(sorted[sorted.count / 2].inSeconds)
    }
    let open = measured.map(\.open).max() ?? TurnCost()
    let taking = measured.map(\.taking).max() ?? TurnCost()
    let back = measured.map(\.back).max() ?? TurnCost()
    let openTurns = measured.map(\.openTurns).reduce(0, +)
    let backTurns = measured.map(\.backTurns).reduce(0, +)
    let shelf = "a shelf of 6 PDFs: the manual and 5 small papers, covers by worker processes"
    return [
      "| the loop's longest stall from Enter on the 2,415-page `manual`'s cover (\(shelf)) to its first complete screen in front (no key meanwhile), \(rounds) times | \(open.description) over \(openTurns) turns; the turn taking the opened manual in: \(taking.description) | ≤ 20 ms |",
      "| Enter to the manual in front / to its first complete screen (median of \(rounds)) | \(median(\.toFront)) / \(median(\.toComplete)) | |",
      "| the loop's longest stall from Esc in the manual's grid, the shelf back in front, for \(Int(linger.inSeconds * 1000)) ms (the manual's services let go; no key meanwhile), \(rounds) times | \(back.description) over \(backTurns) turns (Esc to the shelf in front: \(median(\.toShelf)), median) | ≤ 20 ms |",
    ]
  }

  /// Opens the manual from the shelf and goes back, `rounds` times.
  static func run() throws -> [Round] {
    let base = NSTemporaryDirectory() + "folio-bench-shelf-open-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: base) }
    try LibraryWriter.write(count: 5, into: base + "/papers")
    var files = (0..<5).map { base + String(format: "/papers/shelf-0/paper-%05d.pdf", $0) }
    let manual = try FixtureLibrary.path(.manual)
    files.insert(manual, at: manualIndex)
    let shelfDocument = try LibraryDocument.holding(files, named: "bench shelf")
    defer { LibraryDocument.close(manifest: shelfDocument.readablePath) }
    let size = CellSize(columns: 120, rows: 40)
    let terminal = MemoryTerminal(size: size)
    let opener = ShelfMemberOpener(folder: base)
    let hooks = Browser<MemoryTerminal>.LibraryHooks(
      files: files,
      documents: .init(open: { opener.open($0) }, askPassword: { _ in nil }),
      nextOrder: { "name" })
    let browser = try Browser(
      shelfLaunch(shelfDocument, size: size), terminal: terminal,
      view: AppView(width: .approximate), library: hooks)
    browser.settle()
    // The manual's cover selected.
    for _ in 0..<manualIndex { terminal.type([.key(.right)]) }
    try turn(browser, until: "the manual's cover is selected") {
      $0.state.view.currentPage.rawValue == manualIndex && $0.isScreenComplete
    }
    var measured: [Round] = []
    for _ in 0..<rounds {
      var round = Round()
      try open(browser, terminal: terminal, into: &round)
      try back(browser, terminal: terminal, into: &round)
      measured.append(round)
    }
    return measured
  }

  /// Enter on the selected cover, turns until the manual's first screen is complete in front.
  private static func open(
    _ browser: Browser<MemoryTerminal>, terminal: MemoryTerminal, into round: inout Round
  ) throws {
    let shelf = browser.session.front
    let deadline = ContinuousClock.now + .seconds(60)
    let start = ContinuousClock.now
    terminal.type([.key(.enter)])
    while ContinuousClock.now < deadline {
      let wasShelf = browser.session.front == shelf
      let cost = measuredTurn(browser, "open")
      round.openTurns += 1
      round.open = max(round.open, cost)
      let isMember = browser.session.front != shelf
      if wasShelf && isMember {
        round.toFront = ContinuousClock.now - start
        round.taking = cost
      }
      if isMember && browser.state.document.pageCount > 2_000 && browser.isScreenComplete {
        round.toComplete = ContinuousClock.now - start
        return
      }
    }
    throw BenchError("the manual was not shown from the shelf within a minute")
  }

  /// Esc in the manual's grid (twice if it opened in the page view), turns until the shelf's
  /// screen is complete in front and `linger` has passed (the manual's services are let go
  /// once its place is saved, a few turns later: that is measured here, not in the next
  /// open).
  private static func back(
    _ browser: Browser<MemoryTerminal>, terminal: MemoryTerminal, into round: inout Round
  ) throws {
    let deadline = ContinuousClock.now + .seconds(60)
    let start = ContinuousClock.now
    terminal.type([.key(.escape)])
    if browser.state.view.mode != .grid { terminal.type([.key(.escape)]) }
    while ContinuousClock.now < deadline {
      let cost = measuredTurn(browser, "back")
      round.backTurns += 1
      round.back = max(round.back, cost)
      if browser.session.isShelf(browser.session.front) {
        if round.toShelf == .zero { round.toShelf = ContinuousClock.now - start }
        if browser.isScreenComplete && ContinuousClock.now - start >= linger { return }
      }
    }
    throw BenchError("the shelf did not come back within a minute")
  }

  /// How long the loop turns after Esc.
  static let linger = Duration.milliseconds(500)

  /// One turn and what it cost; with FOLIO_BENCH_TURNS set, said on standard error.
  private static func measuredTurn(_ browser: Browser<MemoryTerminal>, _ phase: String)
    -> TurnCost
  {
    browser.resetLongestStall()
    let before = threadUsage()
    browser.turn(waitingAtMost: .milliseconds(8))
    let after = threadUsage()
    let cost = TurnCost(
      stall: browser.longestStall, cpu: after.cpu - before.cpu,
      waits: after.waits - before.waits, preemptions: after.preemptions - before.preemptions)
    if ProcessInfo.processInfo.environment["FOLIO_BENCH_TURNS"] != nil {
      FileHandle.standardError.write(
        Data("\(phase) \(browser.session.front): \(cost.description)\n".utf8))
    }
    return cost
  }

  /// The calling thread's CPU time so far, and how often it was switched out waiting and
  /// pre-empted.
  private static func threadUsage() -> (cpu: Duration, waits: Int, preemptions: Int) {
    var usage = rusage()
    // RUSAGE_THREAD, which Glibc names only under _GNU_SOURCE.
    getrusage(__rusage_who_t(1), &usage)
    return (
      LoopBlockingBenchmarks.Stall.threadTime(), Int(usage.ru_nvcsw), Int(usage.ru_nivcsw)
    )
  }

  /// Turns the loop until `isDone`, within 60 seconds.
  private static func turn(
    _ browser: Browser<MemoryTerminal>, until what: String,
    _ isDone: (Browser<MemoryTerminal>) -> Bool
  ) throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while !isDone(browser) {
      guard ContinuousClock.now < deadline else { throw BenchError("never: \(what)") }
      browser.turn(waitingAtMost: .milliseconds(8))
    }
  }

  /// The shelf as the viewer launches it: a grid of covers, each named by its file until its
  /// file is read, drawn by worker processes reading the manifest.
  private static func shelfLaunch(_ shelf: LibraryDocument, size: CellSize) -> DocumentLaunch {
    var metrics = PageMetrics(pageCount: shelf.pageCount)
    metrics.setSize(shelf.pageSize(at: PageIndex(0)), of: PageIndex(0))
    var facts = DocumentFacts(pageCount: shelf.pageCount, title: shelf.path)
    for index in 0..<shelf.pageCount {
      facts.setLabel(shelf.pageLabel(at: PageIndex(index)), of: PageIndex(index))
    }
    let state = AppState(
      document: facts, metrics: metrics, screenSize: size, mode: .grid,
      style: RenderStyle(symbols: .sextant, colors: .truecolor, text: .off),
      reload: ReloadState(canReopen: false), library: .shelf)
    let opening = DocumentOpening.processes(
      WorkerDocument(
        readablePath: shelf.readablePath, name: shelf.path, password: nil, isLibrary: true),
      launch: WorkerLaunch(executable: PipelineBenchmarks.folioExecutable),
      limits: WorkerLimits(niceness: 5), prestarted: 2)
    var launch = DocumentLaunch(
      state: state, opening: opening, cacheBytes: PictureBoard.defaultCacheMegabytes << 20)
    launch.readsAllPageFacts = false
    launch.releaseFreedMemory = MemoryPolicy.releaseFreedMemory
    return launch
  }
}
