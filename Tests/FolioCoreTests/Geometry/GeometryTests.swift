import FolioCore
import Testing

@Suite("Geometry")
struct GeometryTests {
  @Test(arguments: [
    PointSize(width: 0, height: 0), PointSize(width: -5, height: 10),
    PointSize(width: 10, height: .nan), PointSize(width: .infinity, height: 3),
  ])
  func degenerateSizesFallBack(size: PointSize) {
    #expect(!size.isUsable)
    #expect(size.sanitized == .fallback)
    #expect(size.sanitized.aspectRatio.isFinite)
  }

  @Test func usableSizeIsKept() {
    let size = PointSize(width: 3.8, height: 3.8)
    #expect(size.sanitized == size)
  }

  @Test func pageFitKeepsAspectOnScreen() {
    // A4 portrait in 80x24 with 2:1 cells: height-bound, 23 rows -> about 32.5 columns.
    let fitted = PageFit.cells(
      for: PointSize(width: 595, height: 842), in: CellSize(columns: 80, rows: 23), cellAspect: 2)
    #expect(fitted.rows == 23)
    #expect(fitted.columns == 33)
    // A 10:1 strip is width-bound.
    let strip = PageFit.cells(
      for: PointSize(width: 1000, height: 100), in: CellSize(columns: 40, rows: 40), cellAspect: 2)
    #expect(strip == CellSize(columns: 40, rows: 2))
    // Never below 1x1, never larger than the box.
    let tiny = PageFit.cells(
      for: PointSize(width: 10_000, height: 1), in: CellSize(columns: 1, rows: 1), cellAspect: 2)
    #expect(tiny == CellSize(columns: 1, rows: 1))
  }

  @Test func rectIntersection() {
    let a = CellRect(x: 0, y: 0, columns: 10, rows: 10)
    let b = CellRect(x: 5, y: 8, columns: 10, rows: 10)
    #expect(a.intersection(b) == CellRect(x: 5, y: 8, columns: 5, rows: 2))
    #expect(!a.intersects(CellRect(x: 10, y: 0, columns: 3, rows: 3)))
  }

  @Test func pageIndexNumbers() {
    #expect(PageIndex(number: 1) == PageIndex(0))
    #expect(PageIndex(41).number == 42)
  }

  @Test func sanitizerStripsControlsAndBidi() {
    let hostile = "a\u{1B}[31mb\u{07}c\u{9B}1m\u{202E}d\u{7F}e\tf\ng"
    #expect(TerminalText.sanitized(hostile) == "a[31mbc1mde f g")
    #expect(TerminalText.sanitized("Grüße 日本") == "Grüße 日本")
  }

  /// Titles built to mislead: reordered by bidi embeddings, overrides and isolates, or hiding
  /// text in invisible characters. Every such control goes; joiners and real scripts stay.
  @Test func sanitizerStripsTextThatHidesOrReorders() {
    let reordered =
      "invoice\u{202E}fdp.exe\u{202C} \u{2067}isolated\u{2069} \u{202B}embedded\u{202C}"
    #expect(TerminalText.sanitized(reordered) == "invoicefdp.exe isolated embedded")
    let marks = "a\u{200E}b\u{200F}c\u{061C}d\u{2066}e\u{2068}f"
    #expect(TerminalText.sanitized(marks) == "abcdef")
    let hidden = "pay\u{200B}pal\u{2060}\u{FEFF}\u{E0041}\u{E0042}\u{E007F}\u{206A}\u{206F}\u{180E}"
    #expect(TerminalText.sanitized(hidden) == "paypal")
    let scripts = "مرحبا שלום क्‍ष 👩\u{200D}💻 a\u{200C}b"
    #expect(TerminalText.sanitized(scripts) == scripts)
  }

  @Test func screenBufferClipsDrawing() {
    var screen = ScreenBuffer(size: CellSize(columns: 4, rows: 3))
    let patch = ScreenBuffer(size: CellSize(columns: 3, rows: 3), fill: Cell("x"))
    screen.draw(patch, at: CellPoint(x: 2, y: -1))
    #expect(screen[2, 0].scalar == "x")
    #expect(screen[3, 1].scalar == "x")
    #expect(screen[1, 0].scalar == " ")
    #expect(screen[3, 2].scalar == " ")
    screen[10, 10] = Cell("y")  // ignored, no crash
    #expect(screen[10, 10] == .blank)
  }
}
