import FolioCore
import FolioLayout
import FolioRuntime
import FolioTestSupport
import FolioUI
import Foundation
import Testing

/// Keys that arrive faster than frames are folded: everything typed before a turn is one
/// update of the screen's demands and one frame, and the pages passed on the way are never
/// asked of the workers; renders waiting for pages no longer wanted are dropped before a
/// worker starts them.
@Suite("Input folding")
struct InputFoldingTests {
  func makeBrowser(_ document: SyntheticDocument, terminal: MemoryTerminal) throws -> Browser<
    MemoryTerminal
  > {
    var metrics = PageMetrics(pageCount: document.pageCount)
    metrics.setSize(document.pageSize(at: PageIndex(0)), of: PageIndex(0))
    let state = AppState(
      document: DocumentFacts(pageCount: document.pageCount, title: "synthetic"), metrics: metrics,
      screenSize: terminal.size, mode: .continuous,
      style: RenderStyle(symbols: .half, colors: .truecolor))
    return try Browser(
      state: state, terminal: terminal, view: AppView(width: .approximate), cacheBytes: 8 << 20,
      readsAllPageFacts: false
    ) { document }
  }

  /// Waits until nothing is waiting or running for the board, and the loop took it all in.
  func waitUntilIdle(_ browser: Browser<MemoryTerminal>) {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      browser.refresh()
      if browser.board.pendingCount == 0 && browser.board.pendingWhenReceived == 0 { return }
      var descriptor = pollfd(fd: browser.inbox.wakeDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 50)
    }
    Issue.record("the renders never finished")
  }

  /// The pages the board wants now (on screen and in the prefetch margin).
  func wantedPages(_ browser: Browser<MemoryTerminal>) -> Set<Int> {
    Set(browser.state.demands.pictures.main.pieces.map(\.request.page.rawValue))
  }

  @Test func keysTypedBeforeATurnMakeOneFrameAndNoRendersOfPagesPassed() throws {
    let document = SyntheticDocument(pageCount: 3_000)
    let terminal = MemoryTerminal(size: CellSize(columns: 100, rows: 30))
    let browser = try makeBrowser(document, terminal: terminal)
    waitUntilIdle(browser)
    let before = (0..<document.pageCount).map { document.renders(of: $0) }
    let cancelledBefore = browser.board.renderStatistics.cancelled
    let framesBefore = terminal.presentedCount
    var expected = browser.state
    for _ in 0..<300 { _ = expected.update(.input(.key(.pageDown))) }
    terminal.type(Array(repeating: .key(.pageDown), count: 300))
    browser.turn(waitingAtMost: .zero)
    #expect(terminal.waitingInputCount == 0)
    #expect(terminal.presentedCount == framesBefore + 1)
    #expect(browser.state.view.currentPage == expected.view.currentPage)
    #expect(browser.state.view.currentPage.rawValue > 100)
    // Only the last screen (and its margin) was ever asked for: nothing was cancelled, and
    // no page passed on the way was rendered.
    #expect(browser.board.renderStatistics.cancelled == cancelledBefore)
    let wanted = wantedPages(browser)
    waitUntilIdle(browser)
    let rendered = (0..<document.pageCount).filter { document.renders(of: $0) > before[$0] }
    #expect(!rendered.isEmpty)
    #expect(rendered.allSatisfy { wanted.contains($0) }, "rendered \(rendered), wanted \(wanted)")
  }

  @Test func rendersOfPagesLeftBeforeAWorkerTookThemAreDropped() throws {
    let gate = RenderGate()
    // Wide pages: several on a screen, more than the workers can hold at the gate.
    let document = SyntheticDocument(
      sizes: Array(repeating: PointSize(width: 1000, height: 250), count: 3_000), gate: gate)
    let terminal = MemoryTerminal(size: CellSize(columns: 100, rows: 30))
    let browser = try makeBrowser(document, terminal: terminal)
    // The workers hold the first screen's first renders at the gate; the rest waits.
    let first = wantedPages(browser)
    #expect(gate.waitUntilWaiting(2))
    #expect(browser.board.pendingCount > 2)
    var passed = Set<Int>()
    for _ in 0..<20 {
      terminal.type([.key(.pageDown)])
      browser.turn(waitingAtMost: .zero)
      passed.formUnion(wantedPages(browser))
    }
    let last = wantedPages(browser)
    passed.subtract(last)
    passed.subtract(first)
    #expect(!passed.isEmpty)
    gate.open()
    waitUntilIdle(browser)
    let rendered = Set((0..<document.pageCount).filter { document.renders(of: $0) > 0 })
    // At most the renders running when the keys came (one a worker) were of pages passed.
    #expect(rendered.intersection(passed).isEmpty, "\(rendered.intersection(passed).sorted())")
    #expect(
      rendered.subtracting(first).subtracting(last).isEmpty,
      "rendered \(rendered.sorted()), first \(first.sorted()), last \(last.sorted())")
    #expect(last.isSubset(of: rendered))
  }
}
