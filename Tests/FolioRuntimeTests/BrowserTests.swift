import FolioCore
import FolioLayout
import FolioRuntime
import FolioTestSupport
import FolioUI
import Testing

/// The interactive loop with an in-memory terminal and a synthetic document: pictures land in
/// the right places, tiles are recycled, and input is handled while renders are slow.
@Suite("Browser")
struct BrowserTests {
  func makeBrowser(
    _ document: SyntheticDocument, size: CellSize = CellSize(columns: 100, rows: 30),
    mode: ViewMode = .grid, terminal: MemoryTerminal? = nil, renderTimeout: Duration = .seconds(20)
  ) throws -> (Browser<MemoryTerminal>, MemoryTerminal) {
    let terminal = terminal ?? MemoryTerminal(size: size)
    var metrics = PageMetrics(pageCount: document.pageCount)
    metrics.setSize(document.pageSize(at: PageIndex(0)), of: PageIndex(0))
    let state = AppState(
      document: DocumentFacts(pageCount: document.pageCount, title: "synthetic"), metrics: metrics,
      screenSize: terminal.size, mode: mode, style: RenderStyle(symbols: .half, colors: .truecolor))
    let browser = try Browser(
      state: state, terminal: terminal, view: AppView(width: .approximate), cacheBytes: 8 << 20,
      renderTimeout: renderTimeout, readsAllPageFacts: false
    ) { document }
    return (browser, terminal)
  }

  /// Every visible picture shows its own page: the middle cell of each page frame has that
  /// page's color.
  func expectPicturesInPlace(
    _ browser: Browser<MemoryTerminal>, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let state = browser.state
    let screen = browser.frame
    let visible = state.view.viewport.visibleRect
    var checked = 0
    for item in state.view.layout.items(intersecting: visible) {
      for placed in item.pages {
        let frame = placed.frame.intersection(visible)
        guard !frame.isEmpty else { continue }
        let x = frame.minX + frame.size.columns / 2 - visible.minX
        let y = frame.minY + frame.size.rows / 2 - visible.minY
        guard y < state.mainArea.maxY else { continue }
        let page = SyntheticDocument.page(ofColor: screen[x, y].background)
        #expect(
          page == placed.page.rawValue,
          "cell \(x),\(y) shows page \(String(describing: page)), expected \(placed.page)",
          sourceLocation: sourceLocation)
        checked += 1
      }
    }
    #expect(checked > 0, sourceLocation: sourceLocation)
  }

  @Test func gridPicturesArriveInTheirTiles() throws {
    let document = SyntheticDocument(pageCount: 40)
    let (browser, _) = try makeBrowser(document)
    browser.settle()
    expectPicturesInPlace(browser)
    #expect(browser.isScreenComplete)
  }

  @Test func scrollingThroughAHugeDocumentRecyclesTiles() throws {
    let document = SyntheticDocument(pageCount: 15_000)
    let (browser, _) = try makeBrowser(document)
    browser.refresh()
    let peakAfterFirstScreen = browser.tileCounters.peakVisible
    for _ in 0..<400 {
      browser.send([.input(.key(.pageDown))])
      browser.refresh()
    }
    browser.send([.input(.key(.end))])
    browser.settle()
    expectPicturesInPlace(browser)
    let counters = browser.tileCounters
    #expect(counters.created <= counters.peakVisible)
    #expect(counters.peakVisible <= peakAfterFirstScreen * 2)
    #expect(counters.reused > 1000)
    #expect(browser.state.view.currentPage == PageIndex(14_999))
  }

  @Test func inputIsHandledWhileRendersAreSlow() throws {
    let document = SyntheticDocument(pageCount: 200, renderDelay: .milliseconds(200))
    let (browser, terminal) = try makeBrowser(document)
    browser.refresh()
    // Keys are handled and frames drawn at once, with renders still queued.
    for _ in 0..<5 {
      browser.send([.input(.key(.character("j")))])
      browser.refresh()
    }
    #expect(browser.state.status.pendingRenders > 0)
    #expect(terminal.frames.count >= 5)
    #expect(terminal.screen?.rows.last?.contains("rendering") == true)
    browser.settle()
    expectPicturesInPlace(browser)
  }

  @Test func modeSwitchesKeepThePageAndDrawIt() throws {
    let document = SyntheticDocument(pageCount: 60)
    let (browser, _) = try makeBrowser(document)
    browser.send([
      .input(.key(.character("3"))), .input(.key(.character("7"))), .input(.key(.character("G"))),
    ])
    #expect(browser.state.view.currentPage == PageIndex(36))
    for key in [Key.tab, .tab, .tab] {
      browser.send([.input(.key(key))])
      browser.settle()
      #expect(browser.state.view.currentPage == PageIndex(36), "\(browser.state.view.mode)")
      expectPicturesInPlace(browser)
    }
  }

  @Test func resizeStormsKeepThePlace() throws {
    let document = SyntheticDocument(pageCount: 300)
    let (browser, _) = try makeBrowser(document, mode: .continuous)
    browser.send([
      .input(.key(.character("1"))), .input(.key(.character("5"))), .input(.key(.character("0"))),
      .input(.key(.character("G"))),
    ])
    let page = browser.state.view.currentPage
    var events: [Event] = []
    for i in 0..<50 {
      events.append(
        .input(.resize(CellSize(columns: 20 + (i * 37) % 300, rows: 1 + (i * 13) % 100))))
    }
    events.append(.input(.resize(CellSize(columns: 120, rows: 40))))
    browser.send(events)
    browser.settle()
    #expect(abs(browser.state.view.currentPage.rawValue - page.rawValue) <= 1)
    expectPicturesInPlace(browser)
    for size in [
      CellSize(columns: 1, rows: 1), CellSize(columns: 10, rows: 5), CellSize(columns: 0, rows: 0),
    ] {
      browser.send([.input(.resize(size))])
      browser.refresh()
      #expect(browser.frame.size == size)
    }
  }

  /// Whether the frame shows `text` on some row.
  func frameShows(_ browser: Browser<MemoryTerminal>, _ text: String) -> Bool {
    let frame = browser.frame
    return (0..<frame.size.rows).contains { y in
      String(String.UnicodeScalarView((0..<frame.size.columns).map { frame[$0, y].scalar }))
        .contains(text)
    }
  }

  /// A wide page: one picture in the continuous view, so renders count attempts.
  @Test func aRenderThatFailsOnceIsAskedForOnceMore() throws {
    let document = SyntheticDocument(
      sizes: [PointSize(width: 1000, height: 200)], failures: [0: 1])
    let (browser, _) = try makeBrowser(document, mode: .continuous)
    browser.settle()
    #expect(browser.isScreenComplete)
    expectPicturesInPlace(browser)
    #expect(document.renders == 2)
  }

  @Test func aRenderThatKeepsFailingIsDrawnAsABoxAndNotAskedForAgain() throws {
    let document = SyntheticDocument(
      sizes: [PointSize(width: 1000, height: 200)], failures: [0: Int.max])
    let (browser, _) = try makeBrowser(document, mode: .continuous)
    browser.settle()
    #expect(browser.isScreenComplete)
    #expect(frameShows(browser, "could not be drawn"))
    #expect(frameShows(browser, "page 1 is damaged"))
    for _ in 0..<5 { browser.refresh() }
    #expect(document.renders == 2)
  }

  @Test func aRenderPastTheTimeLimitIsGivenUpAndTheRestGoOn() throws {
    // Every render takes 30 s, the limit is 0.2 s: the visible page is given up and drawn as
    // a box (had settle waited for the render, the page itself would show).
    let document = SyntheticDocument(pageCount: 1, renderDelay: .seconds(30))
    let (browser, _) = try makeBrowser(document, mode: .spread, renderTimeout: .milliseconds(200))
    browser.settle()
    #expect(browser.isScreenComplete)
    #expect(frameShows(browser, "took over 0.2 s"))
    #expect(browser.state.status.pendingRenders == 0)
  }

  /// A loop without a searcher (the document cannot be searched) ends a search at once,
  /// without hits, and says why.
  @Test func aSearchWithoutASearcherEndsAtOnce() throws {
    let (browser, _) = try makeBrowser(SyntheticDocument(pageCount: 5))
    browser.send("/word".map { .input(.key(.character($0))) } + [.input(.key(.enter))])
    #expect(browser.state.search.isComplete)
    #expect(browser.state.search.totalHits == 0)
    #expect(browser.state.status.message == "this document cannot be searched")
  }
}
