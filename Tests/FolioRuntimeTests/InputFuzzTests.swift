import FolioCore
import FolioLayout
import FolioRuntime
import FolioTestSupport
import FolioUI
import Testing

/// No input crashes the viewer: seeded random sequences of keys (counts, prompts, every
/// binding, stray characters), mouse actions anywhere (off screen too) and resizes (0 x 0 up to
/// 1,000 x 1,000) against documents of ordinary and absurd page sizes, through the real loop
/// with an in-memory terminal. After every batch the frame has the terminal's size and the
/// current page is a page of the document.
@Suite("Input fuzz")
struct InputFuzzTests {
  static let keys: [Key] = {
    let letters = "jkhlgG:123+-=srSfciR? b0123456789xyzQ.,/;'\"\\`~!@#$%^&*()_[]{}|<>aeoué日"
    var keys = letters.map { Key.character($0) }
    keys += ["d", "u", "f", "b", "c", "z", "l"].map { Key.control($0) }
    keys += [
      .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .backspace,
      .tab, .backTab, .delete, .function(1), .function(12),
    ]
    return keys
  }()

  static let sizes: [PointSize] = [
    PointSize(width: 612, height: 792), PointSize(width: 1e17, height: 792),
    PointSize(width: 612, height: 1e-14), PointSize(width: .nan, height: 1),
    PointSize(width: 1e13, height: 0.001), PointSize(width: 3.84, height: 3.84),
    PointSize(width: 14_400, height: 14.4), PointSize(width: 0, height: 0),
    PointSize(width: 2160, height: 2160), PointSize(width: 100, height: 1000),
  ]

  func randomEvent(using rng: inout SplitMix64) -> Event {
    switch Int.random(in: 0..<20, using: &rng) {
    case 0:
      let size = CellSize(
        columns: rng.pick([0, 1, 2, 3, 10, 40, 80, 120, 300, 1000]),
        rows: rng.pick([0, 1, 2, 3, 5, 24, 60, 100, 1000]))
      return .input(.resize(size))
    case 1, 2:
      let kinds: [MouseEvent.Kind] = [.press, .release, .click, .doubleClick, .wheelUp, .wheelDown]
      let position = CellPoint(
        x: Int.random(in: -5...1100, using: &rng), y: Int.random(in: -5...1100, using: &rng))
      return .input(.mouse(MouseEvent(kind: rng.pick(kinds), position: position)))
    case 3:
      return .timerFired(rng.pick(TimerID.allCases))
    case 4:
      return rng.pick([
        .fileChanged, .reopenFailed(reason: "half\u{1B}[2J written"), .problem("locked"),
        .input(.signal(.suspend)), .renderProgress(pending: 3),
      ])
    default:
      return .input(.key(rng.pick(Self.keys)))
    }
  }

  @Test(arguments: 0..<12)
  func randomInputNeverBreaksTheViewer(seed: Int) throws {
    var rng = SplitMix64(seed: 0x1A7E_0000 + UInt64(seed))
    let pageCount = rng.pick([1, 2, 3, 7, 40, 300])
    let sizes = (0..<pageCount).map { _ in rng.pick(Self.sizes) }
    let document = SyntheticDocument(sizes: sizes, labels: sizes.indices.map { "p\($0)" })
    let terminal = MemoryTerminal(size: CellSize(columns: 80, rows: 24))
    var metrics = PageMetrics(pageCount: pageCount)
    metrics.setSize(document.pageSize(at: PageIndex(0)), of: PageIndex(0))
    let state = AppState(
      document: DocumentFacts(pageCount: pageCount, title: "fuzz"), metrics: metrics,
      screenSize: terminal.size, mode: rng.pick([.grid, .continuous, .spread]),
      style: RenderStyle(symbols: rng.pick(SymbolSet.allCases), colors: .truecolor))
    let browser = try Browser(
      state: state, terminal: terminal, view: AppView(width: .approximate),
      cacheBytes: rng.pick([1 << 20, 8 << 20]), readsAllPageFacts: pageCount > 1
    ) { document }
    browser.refresh()
    var screen = terminal.size
    for step in 0..<150 {
      let events = (0..<Int.random(in: 1...4, using: &rng)).map { _ in randomEvent(using: &rng) }
      for case .input(.resize(let size)) in events { screen = size }
      // "q" quits: the loop would end there, so the sequence goes on as a new one would.
      browser.send(events)
      browser.refresh()
      let frame = browser.frame
      #expect(
        frame.size == screen, "seed \(seed) step \(step): frame \(frame.size), screen \(screen)")
      let page = browser.state.view.currentPage.rawValue
      #expect(
        (0..<pageCount).contains(page), "seed \(seed) step \(step): page \(page) of \(pageCount)")
      if frame.size != screen || !(0..<pageCount).contains(page) { break }
    }
    browser.settle(timeout: .seconds(30))
    #expect(browser.frame.size == screen)
  }
}
