import FolioCore
import FolioLayout
import FolioRuntime
import FolioTestSupport
import FolioUI
import Foundation
import Testing

/// Golden screens of the whole app view: the browser loop with an in-memory terminal and a
/// synthetic document of twelve flat-colored pages, settled so every picture on screen is its
/// exact render, drawn as text by `expectSnapshot` (goldens in `Snapshots/AppViewSnapshotTests/`).
@Suite("App view snapshots")
struct AppViewSnapshotTests {
  /// Twelve pages: a cover, four front-matter pages, a wide plate, A4 and Letter pages.
  static let sizes: [PointSize] = [
    PointSize(width: 612, height: 792), PointSize(width: 420, height: 595),
    PointSize(width: 420, height: 595), PointSize(width: 420, height: 595),
    PointSize(width: 420, height: 595), PointSize(width: 595, height: 842),
    PointSize(width: 842, height: 595), PointSize(width: 595, height: 842),
    PointSize(width: 595, height: 842), PointSize(width: 612, height: 792),
    PointSize(width: 612, height: 792), PointSize(width: 612, height: 792),
  ]
  static let labels = ["Cover", "i", "ii", "iii", "iv", "1", "2", "3", "4", "5", "6", "7"]
  static let title = "A Field Guide to Folio"

  /// A browser on the twelve-page document, everything about its pages known from the start
  /// (as after the page reader has run), so no layout depends on which render lands first.
  func makeBrowser(
    size: CellSize, mode: ViewMode = .grid, page: Int = 0, symbols: SymbolSet = .half
  ) throws -> Browser<MemoryTerminal> {
    let document = SyntheticDocument(sizes: Self.sizes, labels: Self.labels, title: Self.title)
    let terminal = MemoryTerminal(size: size)
    var labels: [Int: String] = [:]
    for (index, label) in Self.labels.enumerated() { labels[index] = label }
    let state = AppState(
      document: DocumentFacts(pageCount: document.pageCount, title: Self.title, labels: labels),
      metrics: PageMetrics(sizes: Self.sizes), screenSize: size, mode: mode, page: PageIndex(page),
      style: RenderStyle(symbols: symbols, colors: .truecolor))
    return try Browser(
      state: state, terminal: terminal, view: AppView(width: .approximate), cacheBytes: 8 << 20,
      readsAllPageFacts: false
    ) { document }
  }

  /// The frame once the browser has settled and all background work is in.
  ///
  /// `settle()` returns as soon as every picture on screen is exact and sets the status line's
  /// count to the renders still pending then: the prefetch margin around the screen (the
  /// neighbouring pages in the continuous and spread views) is usually still rendering, so the
  /// status line would say "rendering N pages…" with N depending on timing. Here the loop goes
  /// on until the board has nothing waiting, running or wanted and the state knows it, as the
  /// app looks a moment later when left alone.
  func settled(
    _ browser: Browser<MemoryTerminal>, sourceLocation: SourceLocation = #_sourceLocation
  )
    -> ScreenBuffer
  {
    browser.settle()
    #expect(browser.isScreenComplete, sourceLocation: sourceLocation)
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      // With nothing pending every outcome is in the inbox: one refresh takes them all in and
      // brings the status line's count to the board's.
      let isDrained = browser.board.pendingCount == 0
      browser.refresh()
      if isDrained && browser.board.wantedCount == 0 && browser.state.status.pendingRenders == 0 {
        break
      }
      var descriptor = pollfd(fd: browser.board.wakeDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 50)
    }
    #expect(browser.board.pendingCount == 0, sourceLocation: sourceLocation)
    #expect(browser.isScreenComplete, sourceLocation: sourceLocation)
    let status = browser.frame.rows.last ?? ""
    #expect(!status.contains("rendering"), "status line: \(status)", sourceLocation: sourceLocation)
    return browser.frame
  }

  @Test func gridAt80x24() throws {
    let browser = try makeBrowser(size: CellSize(columns: 80, rows: 24))
    expectSnapshot(settled(browser))
  }

  @Test func continuousAt80x24() throws {
    let browser = try makeBrowser(
      size: CellSize(columns: 80, rows: 24), mode: .continuous, page: 6, symbols: .quad)
    // Zoomed out so that page edges and the gaps between pages show.
    browser.send([.input(.key(.character("-"))), .input(.key(.character("-")))])
    expectSnapshot(settled(browser))
  }

  @Test func spreadWithFilmstripAt100x30() throws {
    let browser = try makeBrowser(size: CellSize(columns: 100, rows: 30), mode: .spread, page: 2)
    #expect(browser.state.view.shelf != nil)
    expectSnapshot(settled(browser))
  }

  @Test func helpOverlayAt80x24() throws {
    let browser = try makeBrowser(size: CellSize(columns: 80, rows: 24))
    browser.send([.input(.key(.character("?")))])
    #expect(browser.state.modes.top is HelpMode)
    expectSnapshot(settled(browser))
  }

  @Test func promptWithTextAt80x24() throws {
    let browser = try makeBrowser(size: CellSize(columns: 80, rows: 24))
    browser.send([":", "i", "i"].map { .input(.key(.character($0))) })
    #expect(browser.state.modes.top is PromptMode)
    expectSnapshot(settled(browser))
  }

  /// The outline panel beside the continuous view: parts open and closed, a wide title, the
  /// section being read marked and selected, page labels right-aligned.
  @Test func outlinePanelAt100x30() throws {
    let browser = try makeBrowser(
      size: CellSize(columns: 100, rows: 30), mode: .continuous, page: 6, symbols: .quad)
    func entry(_ title: String, _ depth: Int, _ page: Int?, top: Double? = nil, open: Bool = false)
      -> OutlineEntry
    {
      OutlineEntry(
        title: title, depth: depth,
        destination: page.map { Destination(page: PageIndex($0), top: top) }, startsOpen: open)
    }
    let outline = DocumentOutline(
      document: .first,
      entries: [
        entry("Cover", 0, 0),
        entry("Front matter", 0, 1),
        entry("Preface", 1, 1),
        entry("Contents", 1, 3),
        entry("1  Getting Around", 0, 5, open: true),
        entry("1.1 The Grid", 1, 5, top: 0.1),
        entry("1.2 Spreads — 見開き", 1, 6, open: true),
        entry("Book pairing", 2, 6, top: 0.6),
        entry("1.3 Zooming in and out of very long pages", 1, 7, top: 0.5),
        entry("2  Searching", 0, 8, open: true),
        entry("2.1 Smart case", 1, 9),
        entry("2.2 The hits panel", 1, 10),
        entry("Notes\u{1B}[31m", 0, nil),
        entry("Index", 0, 11),
      ])
    // Read before the panel opens, as a runtime that answers at once would have it.
    browser.send([.outlineRead(outline), .input(.key(.character("o")))])
    #expect(browser.state.modes.top is OutlinePanelMode)
    expectSnapshot(settled(browser))
  }

  @Test func oneByOneScreen() throws {
    let browser = try makeBrowser(size: CellSize(columns: 1, rows: 1))
    expectSnapshot(settled(browser))
  }

  @Test func tenByFiveScreen() throws {
    let browser = try makeBrowser(size: CellSize(columns: 10, rows: 5))
    expectSnapshot(settled(browser))
  }
}
