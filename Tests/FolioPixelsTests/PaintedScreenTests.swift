import FolioCore
import FolioPixels
import Testing

/// What a sixel or iTerm2 terminal is sent after each frame, against recorded bytes: a
/// picture painted whole over its cells and its holes written again after it; only new holes
/// written when more open; painted again when a hole closes or curses wrote over it.
@Suite("Painted screen")
struct PaintedScreenTests {
  let rect = CellRect(x: 1, y: 1, columns: 4, rows: 2)
  let request = PixelRequest(page: PageIndex(0), size: PixelSize(width: 32, height: 32))
  let printer = AnsiPrinter(colorMode: .none)

  func frame(_ text: [String]) -> ScreenBuffer {
    var buffer = ScreenBuffer(size: CellSize(columns: 6, rows: 4))
    for (y, line) in text.enumerated() {
      for (x, scalar) in line.unicodeScalars.enumerated() { buffer[x, y] = Cell(scalar) }
    }
    return buffer
  }

  func paint(
    _ screen: inout PaintedScreen, holes: Set<CellPoint>, over frame: ScreenBuffer
  ) -> String {
    let wanted = [rect: PaintedScreen.Wanted(request: request, holes: holes)]
    let bytes = screen.paint(wanted, over: frame, colorMode: .none) { _ in
      [EncodedPicture.Piece(bytes: Array("<picture>".utf8))]
    }
    return String(String(decoding: bytes, as: UTF8.self).map { $0 == "\u{1B}" ? "⎋" : $0 })
  }

  @Test func aPictureIsPaintedOnceWithItsHolesWrittenAfterIt() {
    var screen = PaintedScreen()
    let page = frame(["......", ".####.", ".####.", "......"])
    #expect(paint(&screen, holes: [], over: page) == "⎋7⎋[2;2H<picture>⎋8")
    #expect(paint(&screen, holes: [], over: page).isEmpty)
    // A prompt's hit drawn over two cells: the picture stays, those two cells are written.
    let hit = frame(["......", ".#ab#.", ".####.", "......"])
    let holes: Set = [CellPoint(x: 2, y: 1), CellPoint(x: 3, y: 1)]
    #expect(paint(&screen, holes: holes, over: hit) == "⎋7⎋[2;3Hab⎋8")
    #expect(paint(&screen, holes: holes, over: hit).isEmpty)
    // The hit goes: the picture is painted again over the cells it covered.
    #expect(paint(&screen, holes: [], over: page) == "⎋7⎋[2;2H<picture>⎋8")
  }

  /// A hole that opens while the picture is painted again (curses wrote over its cells) is
  /// written after the picture.
  @Test func cursesWritingOverAPicturePaintsItAgainAndItsHoles() {
    var screen = PaintedScreen()
    _ = paint(&screen, holes: [], over: frame(["......", ".####.", ".####.", "......"]))
    let changed = frame(["......", ".#xy#.", ".###%.", "......"])
    #expect(
      paint(&screen, holes: [CellPoint(x: 2, y: 1), CellPoint(x: 3, y: 1)], over: changed)
        == "⎋7⎋[2;2H<picture>⎋8⎋7⎋[2;3Hxy⎋8")
  }

  /// A picture no longer wanted there: its rows are drawn again, and a cleared screen forgets
  /// every picture.
  @Test func picturesNoLongerWantedAreStale() {
    var screen = PaintedScreen()
    _ = paint(&screen, holes: [], over: frame(["......", ".####.", ".####.", "......"]))
    #expect(
      screen.staleRows(
        for: [rect: PaintedScreen.Wanted(request: request, holes: [])], screenCleared: false
      )
      .isEmpty)
    #expect(screen.staleRows(for: [:], screenCleared: false) == [1..<3])
    #expect(screen.painted.isEmpty)
    _ = paint(&screen, holes: [], over: frame(["......", ".####.", ".####.", "......"]))
    #expect(screen.staleRows(for: [:], screenCleared: true).isEmpty && screen.painted.isEmpty)
  }

  /// A peek's figure (depth 1) over a page: painted after it, and again whenever the page is
  /// painted or written into under it in the same frame.
  @Test func aDeeperPictureIsPaintedAgainOverAPagePaintedUnderIt() {
    var screen = PaintedScreen()
    let page = CellRect(x: 0, y: 0, columns: 6, rows: 4)
    let figure = CellRect(x: 2, y: 1, columns: 2, rows: 2)
    let figureRequest = PixelRequest(page: PageIndex(1), size: PixelSize(width: 16, height: 32))
    let pageCells = frame(["......", "......", "......", "......"])
    let under = Set((1..<3).flatMap { y in (2..<4).map { CellPoint(x: $0, y: y) } })
    func paint(_ holes: Set<CellPoint>, over cells: ScreenBuffer) -> String {
      let wanted = [
        page: PaintedScreen.Wanted(request: request, holes: holes),
        figure: PaintedScreen.Wanted(request: figureRequest, holes: [], depth: 1),
      ]
      let bytes = screen.paint(wanted, over: cells, colorMode: .none) { request in
        [EncodedPicture.Piece(bytes: Array((request == self.request ? "<page>" : "<figure>").utf8))]
      }
      return String(String(decoding: bytes, as: UTF8.self).map { $0 == "\u{1B}" ? "⎋" : $0 })
    }
    let first = paint(under, over: pageCells)
    #expect(first.hasPrefix("⎋7⎋[1;1H<page>⎋8"))
    #expect(first.hasSuffix("⎋7⎋[2;3H<figure>⎋8"))
    #expect(paint(under, over: pageCells).isEmpty)
    // A hit opens a hole in the page outside the figure: only that cell of the page is
    // written, and the figure, over the page's rectangle, is painted again after it (taken
    // as touched whenever its page is: never left under something written later).
    let hit = frame(["......", "......", "......", ".....x"])
    let again = paint(under.union([CellPoint(x: 5, y: 3)]), over: hit)
    #expect(again.contains("x"))
    #expect(again.hasSuffix("⎋7⎋[2;3H<figure>⎋8"))
    // The page painted again (a hole closed): the figure is painted after it.
    let closed = paint(under, over: pageCells)
    #expect(closed.hasPrefix("⎋7⎋[1;1H<page>⎋8"))
    #expect(closed.hasSuffix("⎋7⎋[2;3H<figure>⎋8"))
  }
}
