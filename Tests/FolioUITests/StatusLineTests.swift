import FolioCore
import FolioLayout
import FolioUI
import Testing

@Suite("Status line")
struct StatusLineTests {
  /// The status line of a 24-page document with labels, on page 1 (labeled "Cover"), drawn
  /// `columns` wide.
  func statusLine(columns: Int) -> String {
    let labels = [0: "Cover", 1: "i"]
    let state = AppState(
      document: DocumentFacts(pageCount: 24, title: "A sample document", labels: labels),
      metrics: PageMetrics(sizes: Array(repeating: PointSize(width: 400, height: 560), count: 24)),
      screenSize: CellSize(columns: columns, rows: 5),
      style: RenderStyle(symbols: .half, colors: .none))
    let screen = AppView(width: .approximate).draw(state, main: TilePool(), shelf: TilePool())
    return String((0..<columns).map { Character(screen[$0, 4].scalar) })
  }

  @Test func wideShowsTitleAndPosition() {
    let line = statusLine(columns: 100)
    #expect(line.hasPrefix(" A sample document"))
    #expect(line.contains("Cover · 1 / 24  grid"))
  }

  @Test(arguments: [(16, "Cover · 1 / 24"), (10, "1 / 24"), (6, "1 / 24"), (3, "1"), (1, "1")])
  func narrowKeepsThePageNumber(columns: Int, expected: String) {
    let line = statusLine(columns: columns)
    #expect(line.hasPrefix(expected), "\(columns) columns: “\(line)”")
  }
}
