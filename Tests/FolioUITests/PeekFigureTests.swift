import FolioCore
import FolioLayout
import FolioUI
import Testing

/// Peeking at a figure: when the paragraph a peek leads to is a figure's caption, the box
/// shows the part of the page above the caption (the drawing) as a picture, over the box.
@Suite("Peek at a figure")
struct PeekFigureTests {
  let helper = UpdateTests()

  /// A two-column page: text in both columns, a figure (no words) in the left column from
  /// 0.30 to 0.62, its caption under it, and a paragraph that is not a caption.
  static func page() -> PageText {
    PeekTests.twoColumns([
      ([("left column text one", x: 0.1), ("right column one", x: 0.55)], top: 0.20),
      ([("left column text two", x: 0.1), ("right column two", x: 0.55)], top: 0.22),
      ([("Figure 2: A lens", x: 0.1), ("right column three", x: 0.55)], top: 0.66),
      ([("of glass prisms.", x: 0.1), ("right column four", x: 0.55)], top: 0.68),
      ([("Table 1: Not a", x: 0.1), ("right column five", x: 0.55)], top: 0.80),
    ])
  }

  @Test func aCaptionsFigureIsThePageAboveItInItsColumn() throws {
    let words = PageWords(Self.page())
    let figure = try #require(PeekExcerpt.figure(of: words, at: 0.6, left: 0.1))
    // From under the text above down to the caption, the left column's width.
    #expect(figure.y > 0.23 && figure.y < 0.25)
    #expect(figure.y + figure.height > 0.63 && figure.y + figure.height < 0.66)
    #expect(figure.x >= 0.09 && figure.x + figure.width < 0.5)
    // Not for a paragraph that is no figure's caption, nor a caption with no room above.
    #expect(PeekExcerpt.figure(of: words, at: 0.1, left: 0.1) == nil)
    #expect(PeekExcerpt.figure(of: words, at: 0.75, left: 0.1) == nil)
  }

  @Test func theBoxAsksForTheFigureAsAPictureOverIt() throws {
    var app = helper.state(pages: 10, size: CellSize(columns: 100, rows: 40), mode: .continuous)
    let link = PageLink(
      area: PageRegion(x: 0.3, y: 0.3, width: 0.02, height: 0.01),
      target: .destination(Destination(page: PageIndex(4), top: 0.62, left: 0.1)))
    _ = app.update(.linksRead(PageLinks(document: .first, page: PageIndex(0), links: [link])))
    _ = helper.type("Pa", on: &app)
    #expect(app.modes.top is PeekMode)
    #expect(!app.demands.pictures.main.pieces.contains { $0.index == PagePiece.overlayIndex })
    _ = app.update(.pageTextRead(page: PageIndex(4), text: Self.page(), document: .first))
    let piece = try #require(
      app.demands.pictures.main.pieces.first { $0.index == PagePiece.overlayIndex })
    #expect(piece.request.page == PageIndex(4))
    #expect(piece.request.region.y > 0.23 && piece.request.region.y < 0.25)
    // Inside the box, above the caption's lines, on the screen as the viewport shows it.
    let rows = AppView(width: .approximate).draw(app, main: TilePool(), shelf: TilePool()).rows
    let visible = app.view.viewport.visibleRect
    let top = piece.frame.minY - visible.minY + app.mainArea.minY
    let caption = try #require(rows.firstIndex { $0.contains("Figure 2: A lens") })
    #expect(top < caption && top + piece.frame.size.rows < caption)
    #expect(rows[top - 1].contains("┌─ p. 5"))
    // Esc closes the box and its picture.
    _ = helper.press([.escape], on: &app)
    #expect(!app.demands.pictures.main.pieces.contains { $0.index == PagePiece.overlayIndex })
  }
}
