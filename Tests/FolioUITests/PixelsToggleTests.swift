import FolioCore
import FolioLayout
import FolioUI
import Testing

/// `p`: pages as images or block art, where the terminal shows images; a word where it does
/// not. Images step aside while anything is drawn over the pages.
@Suite("Pixels toggle")
struct PixelsToggleTests {
  let helper = UpdateTests()

  @Test func pTogglesImagesWhereTheTerminalShowsThem() {
    var app = helper.state()
    _ = helper.type("p", on: &app)
    #expect(app.drawing.pixels == .unavailable)
    #expect(app.status.message?.contains("not shown in this terminal") == true)
    _ = app.update(.pixelsAvailable)
    #expect(app.drawing.pixels == .on)
    _ = helper.type("p", on: &app)
    #expect(app.drawing.pixels == .off)
    _ = helper.type("p", on: &app)
    #expect(app.drawing.pixels == .on)
  }

  @Test func anythingOverThePagesCoversThem() {
    var app = helper.state(mode: .continuous)
    #expect(app.pagesAreUncovered)
    #expect(!app.pixelPieces.isEmpty)
    _ = helper.type("?", on: &app)
    #expect(!app.pagesAreUncovered)
    _ = helper.press([.escape], on: &app)
    #expect(app.pagesAreUncovered)
    _ = helper.type("/gam", on: &app)
    #expect(!app.pagesAreUncovered)
  }

  /// A piece's frame is the whole page's cells; what shows is inside it and the main area.
  @Test func piecesAreCutFromTheirPagesFrames() {
    var app = helper.state(size: CellSize(columns: 80, rows: 24), mode: .continuous)
    _ = helper.type("5j", on: &app)
    for piece in app.pixelPieces {
      #expect(piece.frame.intersection(piece.shown) == piece.shown)
      #expect(app.mainArea.intersection(piece.shown) == piece.shown)
    }
  }

  /// In the spread view the filmstrip's thumbnails are pieces too, inside the filmstrip.
  @Test func theFilmstripsThumbnailsArePiecesToo() throws {
    let app = helper.state(size: CellSize(columns: 100, rows: 30), mode: .spread)
    let strip = try #require(app.shelfArea)
    let inStrip = app.pixelPieces.filter { strip.intersection($0.shown) == $0.shown }
    let inMain = app.pixelPieces.filter { app.mainArea.intersection($0.shown) == $0.shown }
    #expect(!inStrip.isEmpty && !inMain.isEmpty)
    #expect(inStrip.count + inMain.count == app.pixelPieces.count)
  }
}
