import FolioCore
import FolioLayout
import FolioTestSupport
import FolioUI
import Testing

/// Golden screens of the whole app view, from state values: a synthetic document of twelve
/// flat-colored pages, every picture on screen drawn at once (`StillFrame`, no runtime), the
/// screen as text by `expectSnapshot` (goldens in `Snapshots/AppViewSnapshotTests/`).
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

  static func document() -> SyntheticDocument {
    SyntheticDocument(sizes: Self.sizes, labels: Self.labels, title: Self.title)
  }

  /// The state on the twelve-page document, everything about its pages known from the start
  /// (as after the page reader has run).
  static func state(
    size: CellSize, mode: ViewMode = .grid, page: Int = 0, symbols: SymbolSet = .half
  ) -> AppState {
    var labels: [Int: String] = [:]
    for (index, label) in Self.labels.enumerated() { labels[index] = label }
    return AppState(
      document: DocumentFacts(pageCount: Self.sizes.count, title: Self.title, labels: labels),
      metrics: PageMetrics(sizes: Self.sizes), screenSize: size, mode: mode, page: PageIndex(page),
      style: RenderStyle(symbols: symbols, colors: .truecolor))
  }

  /// The screen of `state` with every picture drawn.
  static func frame(_ state: AppState) -> ScreenBuffer {
    StillFrame.draw(state, document: document())
  }

  /// Keys for `state`.
  static func press(_ keys: [Key], on state: inout AppState) {
    for key in keys { _ = state.update(.input(.key(key))) }
  }

  @Test func gridAt80x24() {
    expectSnapshot(Self.frame(Self.state(size: CellSize(columns: 80, rows: 24))))
  }

  @Test func continuousAt80x24() {
    var state = Self.state(
      size: CellSize(columns: 80, rows: 24), mode: .continuous, page: 6, symbols: .quad)
    // Zoomed out so that page edges and the gaps between pages show.
    Self.press([.character("-"), .character("-")], on: &state)
    expectSnapshot(Self.frame(state))
  }

  @Test func spreadWithFilmstripAt100x30() {
    let state = Self.state(size: CellSize(columns: 100, rows: 30), mode: .spread, page: 2)
    #expect(state.view.shelf != nil)
    expectSnapshot(Self.frame(state))
  }

  @Test func helpOverlayAt80x24() {
    var state = Self.state(size: CellSize(columns: 80, rows: 24))
    Self.press([.character("?")], on: &state)
    #expect(state.modes.top is HelpMode)
    expectSnapshot(Self.frame(state))
  }

  @Test func promptWithTextAt80x24() {
    var state = Self.state(size: CellSize(columns: 80, rows: 24))
    Self.press([":", "i", "i"].map { .character($0) }, on: &state)
    #expect(state.modes.top is PromptMode)
    expectSnapshot(Self.frame(state))
  }

  /// The outline panel beside the continuous view: parts open and closed, a wide title, the
  /// section being read marked and selected, page labels right-aligned.
  @Test func outlinePanelAt100x30() {
    var state = Self.state(
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
    _ = state.update(.outlineRead(outline))
    Self.press([.character("o")], on: &state)
    #expect(state.modes.top is OutlinePanelMode)
    expectSnapshot(Self.frame(state))
  }

  @Test func oneByOneScreen() {
    expectSnapshot(Self.frame(Self.state(size: CellSize(columns: 1, rows: 1))))
  }

  @Test func tenByFiveScreen() {
    expectSnapshot(Self.frame(Self.state(size: CellSize(columns: 10, rows: 5))))
  }
}
