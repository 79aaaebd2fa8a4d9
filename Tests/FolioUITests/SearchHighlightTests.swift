import FolioCore
import FolioLayout
import FolioRaster
import FolioTestSupport
import FolioUI
import Testing

/// Hits highlighted on exactly the matched characters: where the text layer drew a line's
/// words a few cells from their boxes, the highlight covers the letters it drew, dark on the
/// tint and readable in every color mode; where the page is block art, the cells the box
/// covers (not a row it grazes).
@Suite struct SearchHighlightTests {
  /// One white Letter page with one line of narrow characters: the text layer pushes each word
  /// a cell past the one before, so later words are drawn right of their boxes.
  final class OneLine: DocumentSource {
    let line = "the category codes of character protrusion are correct"
    var pageCount: Int { 1 }
    var title: String? { nil }
    func pageLabel(at page: PageIndex) -> String? { nil }
    func pageIndex(forLabel label: String) -> PageIndex? { nil }
    func pageSize(at page: PageIndex) -> PointSize { PointSize(width: 612, height: 792) }
    func render(_ page: PageIndex, region: PageRegion, size: PixelSize) throws -> RGBAImage {
      RGBAImage(size: size)
    }
    func text(at page: PageIndex) -> PageText {
      var boxes: [TextBox] = []
      for (index, _) in line.unicodeScalars.enumerated() {
        let left = 0.1 + Double(index) * 0.0095
        boxes.append(TextBox(left: left, top: 0.2, right: left + 0.0095, bottom: 0.215))
      }
      return PageText(text: line, boxes: boxes)
    }

    /// The hit's box on its line, and its characters, as the searcher gives them.
    func hit(_ word: String) -> HitBox {
      let text = text(at: PageIndex(0))
      let scalars = Array(line.unicodeScalars)
      let start =
        (0..<scalars.count).first {
          String(String.UnicodeScalarView(scalars[$0...].prefix(word.unicodeScalars.count))) == word
        } ?? 0
      let first = text.boxes[start]
      let last = text.boxes[start + word.unicodeScalars.count - 1]
      let scale = Double(TextBox.scale)
      return HitBox(
        region: PageRegion(
          x: Double(first.left) / scale, y: Double(first.top) / scale,
          width: Double(last.right - first.left) / scale,
          height: Double(last.bottom - first.top) / scale),
        text: word)
    }
  }

  /// The screen after searching `query` on the page at `size`, the text layer `text`.
  func screen(
    _ query: String, size: CellSize, text: TextLayerMode, colors: ColorMode = .truecolor
  ) -> (ScreenBuffer, AppState) {
    let document = OneLine()
    var state = AppState(
      document: DocumentFacts(pageCount: 1, title: "One line"),
      metrics: PageMetrics(sizes: [document.pageSize(at: PageIndex(0))]),
      screenSize: size, mode: .continuous, page: PageIndex(0),
      style: RenderStyle(symbols: .sextant, colors: colors, text: text))
    for key in "/\(query)" { _ = state.update(.input(.key(.character(key)))) }
    _ = state.update(.input(.key(.enter)))
    _ = state.update(
      .searchResults(
        SearchResults(
          generation: state.search.generation, searchedPages: 1, pageCount: 1,
          pages: [PageHits(page: PageIndex(0), count: 1)])))
    _ = state.update(
      .hitRegions(
        HitRegions(
          generation: state.search.generation, page: PageIndex(0),
          hits: [[document.hit(query)]])))
    return (StillFrame.draw(state, document: document), state)
  }

  /// The characters of the cells drawn as the current hit (in reverse video without colors,
  /// else on a background that is neither the paper's nor the terminal's), and their rows.
  func highlighted(_ screen: ScreenBuffer, colors: ColorMode) -> (text: String, rows: Set<Int>) {
    var text = ""
    var rows: Set<Int> = []
    let paper = colors.color(red: 255, green: 255, blue: 255)
    for y in 0..<screen.size.rows - 1 {
      for x in 0..<screen.size.columns {
        let cell = screen[x, y]
        let marked =
          colors == .none
          ? cell.attributes.contains(.reverse)
          : cell.background != paper && cell.background != .default
        if marked {
          text.unicodeScalars.append(cell.scalar)
          rows.insert(y)
        }
      }
    }
    return (text, rows)
  }

  func paper(_ colors: ColorMode) -> TerminalColor { colors.color(red: 255, green: 255, blue: 255) }

  @Test(arguments: [
    (CellSize(columns: 80, rows: 24), ColorMode.truecolor),
    (CellSize(columns: 120, rows: 40), ColorMode.truecolor),
    (CellSize(columns: 120, rows: 40), ColorMode.palette256),
    (CellSize(columns: 120, rows: 40), ColorMode.ansi16),
    (CellSize(columns: 200, rows: 60), ColorMode.none),
  ])
  func theHighlightCoversExactlyTheMatchedLettersTheTextLayerDrew(
    size: CellSize, colors: ColorMode
  ) {
    let (screen, _) = self.screen("protrusion", size: size, text: .on, colors: colors)
    let (text, rows) = highlighted(screen, colors: colors)
    #expect(text == "protrusion", "\(text)")
    #expect(rows.count == 1)
    // The letters stay readable: not drawn in the highlight's own color.
    if colors != .none {
      let row = rows.first ?? 0
      for x in 0..<screen.size.columns where screen[x, row].background != paper(colors) {
        #expect(screen[x, row].foreground != screen[x, row].background)
      }
    }
  }

  @Test func blockArtHitsTintTheCellsTheBoxCoversNotARowItGrazes() {
    let (screen, _) = self.screen("protrusion", size: CellSize(columns: 80, rows: 24), text: .off)
    let (_, rows) = highlighted(screen, colors: .truecolor)
    #expect(rows.count == 1, "\(rows)")
  }

  /// With the page as a picture, the highlighted letters are holes in it, in every color mode
  /// (without colors the highlight only adds reverse video): no part of a placement covers
  /// them, and the cells around them are parts.
  @Test(arguments: [ColorMode.truecolor, .none])
  func highlightedLettersAreHolesInThePagesPicture(colors: ColorMode) throws {
    var (_, state) = screen(
      "protrusion", size: CellSize(columns: 120, rows: 40), text: .on, colors: colors)
    _ = state.update(.pixelsAvailable)
    let frame = StillFrame.frame(state, document: OneLine())
    let placement = try #require(frame.placements.first)
    var highlightedCells = 0
    for y in 0..<frame.cells.size.rows - 1 {
      for x in 0..<frame.cells.size.columns {
        let cell = frame.cells[x, y]
        let marked =
          colors == .none
          ? cell.attributes.contains(.reverse)
          : cell.background != paper(colors) && cell.background != .default
        guard marked else { continue }
        highlightedCells += 1
        #expect(!placement.parts.contains { $0.contains(CellPoint(x: x, y: y)) }, "(\(x), \(y))")
      }
    }
    #expect(highlightedCells == 10)
    #expect(placement.parts.count > 1)
  }
}
