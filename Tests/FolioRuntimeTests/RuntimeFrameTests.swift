import FolioCore
import FolioLayout
import FolioRuntime
import FolioTestSupport
import FolioUI
import Foundation
import Testing

/// What only the runtime can show: that the loop, once its renders are in, presents exactly
/// the screen the pure view draws from the same state (the golden screens themselves are
/// FolioUI's tests).
@Suite("Runtime frames")
struct RuntimeFrameTests {
  static let sizes =
    Array(repeating: PointSize(width: 612, height: 792), count: 5)
    + [PointSize(width: 842, height: 595)]
    + Array(repeating: PointSize(width: 420, height: 595), count: 4)

  static func state(size: CellSize, mode: ViewMode, page: Int) -> AppState {
    AppState(
      document: DocumentFacts(pageCount: sizes.count, title: "frames"),
      metrics: PageMetrics(sizes: sizes), screenSize: size, mode: mode, page: PageIndex(page),
      style: RenderStyle(symbols: .quad, colors: .truecolor))
  }

  /// The settled frame of the loop on `state`: every picture exact and nothing pending.
  static func settledFrame(_ state: AppState, document: SyntheticDocument) throws -> ScreenBuffer {
    let browser = try Browser(
      state: state, terminal: MemoryTerminal(size: state.terminal.size),
      view: AppView(width: .approximate), cacheBytes: 8 << 20, readsAllPageFacts: false
    ) { document }
    browser.settle()
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      browser.refresh()
      if browser.board.pendingCount == 0 && browser.board.wantedCount == 0
        && browser.state.status.pendingRenders == 0
      {
        break
      }
      var descriptor = pollfd(fd: browser.inbox.wakeDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 50)
    }
    #expect(browser.isScreenComplete)
    return browser.frame
  }

  @Test(arguments: [ViewMode.grid, .continuous, .spread])
  func theLoopPresentsWhatTheViewDraws(mode: ViewMode) throws {
    let document = SyntheticDocument(sizes: Self.sizes)
    let state = Self.state(size: CellSize(columns: 90, rows: 26), mode: mode, page: 5)
    let frame = try Self.settledFrame(state, document: document)
    #expect(
      ScreenSnapshot.text(of: frame)
        == ScreenSnapshot.text(of: StillFrame.draw(state, document: document)))
  }
}
