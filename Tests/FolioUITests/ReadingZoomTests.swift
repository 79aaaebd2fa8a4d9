import FolioCore
import FolioLayout
import FolioRaster
import FolioUI
import Testing

/// `z`: the continuous view zoomed until the page's body text is legible as characters.
@Suite("Reading zoom")
struct ReadingZoomTests {
  let helper = UpdateTests()

  /// 10 pt text with 5 pt characters on a Letter page.
  let body = BodyTextSize(height: 10.0 / 792, advance: 5.0 / 612)

  @Test func zMeasuresThePageThenZoomsUntilItsTextIsLegible() {
    var app = helper.state(mode: .grid)
    _ = helper.type("ll", on: &app)
    _ = helper.type("z", on: &app)
    #expect(app.view.mode == .continuous)
    #expect(app.demands.bodyText == PageIndex(2))
    _ = app.update(.bodyTextRead(page: PageIndex(2), size: body, document: app.document.version))
    let item = app.view.layout.item(app.view.layout.itemIndex(containing: PageIndex(2)))
    let frame = item.pages[0].frame
    // A character is now at least about a cell tall and wide, and not much more.
    let rows = body.height * Double(frame.size.rows)
    let columns = body.advance * Double(frame.size.columns)
    #expect(rows >= TextOverlay.legibleHeight && columns >= TextOverlay.legibleAdvance)
    #expect(min(rows / TextOverlay.legibleHeight, columns / TextOverlay.legibleAdvance) < 1.2)
    #expect(app.status.message?.contains("to read the text") == true)
    // Measured once: z again needs no question; = resets.
    _ = helper.type("=", on: &app)
    #expect(app.view.zooms.continuous == .fit)
    _ = helper.type("z", on: &app)
    #expect(app.demands.bodyText == nil)
    #expect(app.view.zooms.continuous > .fit)
  }

  @Test func withTrimmedMarginsTheZoomIsForTheWholePagesText() {
    var app = helper.state(mode: .continuous)
    _ = helper.type("T", on: &app)
    let box = PageRegion(x: 0.15, y: 0.1, width: 0.7, height: 0.8)
    for page in 0..<3 {
      _ = app.update(
        .contentBoxRead(page: PageIndex(page), box: box, document: app.document.version))
    }
    _ = helper.type("z", on: &app)
    _ = app.update(.bodyTextRead(page: PageIndex(0), size: body, document: app.document.version))
    let frame = app.view.layout.item(app.view.layout.itemIndex(containing: PageIndex(0))).pages[0]
      .frame
    // The frame shows 70 % of the page's width and 80 % of its height.
    let rows = body.height * Double(frame.size.rows) / box.height
    let columns = body.advance * Double(frame.size.columns) / box.width
    #expect(rows >= TextOverlay.legibleHeight && columns >= TextOverlay.legibleAdvance)
    #expect(min(rows / TextOverlay.legibleHeight, columns / TextOverlay.legibleAdvance) < 1.2)
  }

  @Test func aPageWithoutTextSaysSoAndAnOldAnswerIsIgnored() {
    var app = helper.state(mode: .continuous)
    _ = helper.type("z", on: &app)
    _ = app.update(
      .bodyTextRead(page: PageIndex(0), size: body, document: app.document.version.next))
    #expect(app.view.zooms.continuous == .fit)
    _ = app.update(.bodyTextRead(page: PageIndex(0), size: nil, document: app.document.version))
    #expect(app.status.message == "no text on this page to read")
    #expect(app.view.zooms.continuous == .fit)
  }
}
