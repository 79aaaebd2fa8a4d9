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

  /// On a page wider than the screen, `z` starts at the text column's left edge (a cell of
  /// margin before it), as a reader starts a line, not at the page's middle.
  @Test func aPageWiderThanTheScreenStartsAtTheTextColumn() {
    var app = helper.state(mode: .continuous)
    // Text starting an eighth of the way in; small enough to need a zoom wider than the screen.
    let small = BodyTextSize(height: 5.0 / 792, advance: 2.5 / 612, left: 0.125)
    _ = helper.type("z", on: &app)
    _ = app.update(.bodyTextRead(page: PageIndex(0), size: small, document: app.document.version))
    let frame = app.view.layout.item(app.view.layout.itemIndex(containing: PageIndex(0))).pages[0]
      .frame
    #expect(frame.size.columns > app.view.viewport.size.columns)
    let textColumn = frame.minX + Int(0.125 * Double(frame.size.columns))
    #expect(app.view.viewport.origin.x == textColumn - 1)
  }

  /// The text column starts where most lines start: indented first lines and a second column
  /// do not move it.
  @Test func theTextColumnIsWhereMostLinesStart() {
    func text(_ starts: [Double]) -> PageText {
      var string = ""
      var boxes: [TextBox] = []
      for (index, start) in starts.enumerated() {
        if index > 0 {
          string += "\n"
          boxes.append(TextBox())
        }
        for column in 0..<10 {
          string += "x"
          let left = start + Double(column) * 0.01
          boxes.append(
            TextBox(
              left: left, top: Double(index) * 0.02, right: left + 0.01,
              bottom: Double(index) * 0.02 + 0.015))
        }
      }
      return PageText(text: string, boxes: boxes)
    }
    let lines = [0.15, 0.1, 0.1, 0.1, 0.15, 0.1, 0.1, 0.55, 0.55, 0.55, 0.55, 0.1]
    let size = BodyTextSize(of: text(lines))
    #expect(size.map { abs($0.left - 0.1) < 0.001 } == true)
    // A page of code and lists: most lines indented, a few at the column's edge, one stray
    // line in the margin. The column starts at its edge, so `z` cuts no line's first letters.
    let indented = [0.14, 0.1, 0.14, 0.14, 0.14, 0.02, 0.14, 0.14, 0.14, 0.14, 0.14, 0.1, 0.14]
    let listed = BodyTextSize(of: text(indented))
    #expect(listed.map { abs($0.left - 0.1) < 0.001 } == true, "\(String(describing: listed))")
  }
}
