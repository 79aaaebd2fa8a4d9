import FolioCore
import FolioLayout
import FolioUI
import Testing

/// Trimmed margins in `update`: content boxes asked for the pages around the screen, pages
/// laid out and rendered cropped to them, page fractions mapped through the crop, facing
/// pages kept one height, the place kept, and the choice remembered.
@Suite("Trimmed margins")
struct TrimTests {
  let helper = UpdateTests()

  /// The middle half of a page across, its middle 60 % down.
  let box = PageRegion(x: 0.25, y: 0.2, width: 0.5, height: 0.6)

  func trimmed(mode: ViewMode = .continuous) -> AppState {
    var app = helper.state(mode: mode)
    _ = helper.type("T", on: &app)
    for page in app.demands.contentBoxes {
      _ = app.update(.contentBoxRead(page: page, box: box, document: app.document.version))
    }
    return app
  }

  @Test func tAsksForTheBoxesAroundTheScreenAndCropsThePages() {
    var app = helper.state(mode: .continuous)
    let before = app.view.layout.item(0).pages[0].frame
    _ = helper.type("T", on: &app)
    let asked = app.demands.contentBoxes
    #expect(asked.contains(PageIndex(0)) && asked.count < 10)
    #expect(helper.statusLine(of: app).contains("trimmed"))
    _ = app.update(.contentBoxRead(page: PageIndex(0), box: box, document: app.document.version))
    let after = app.view.layout.item(0).pages[0].frame
    // Half the width shown across the same width: twice the cells per point, and the shape
    // of the box.
    #expect(after.size.columns == before.size.columns)
    #expect(abs(Double(after.size.rows) - Double(before.size.rows) * 0.6 / 0.5) <= 1)
    let piece = app.pictureWants.main.pieces.first { $0.request.page == PageIndex(0) }
    // The page is taller than the screen: its first tile is the top of the box.
    let region = piece?.request.region
    #expect(region?.x == box.x && region?.y == box.y && region?.width == box.width)
    #expect((region?.height ?? 1) <= box.height)
  }

  @Test func pageFractionsGoThroughTheCrop() {
    var app = trimmed()
    let shown = app.displayed(
      PageRegion(x: 0.5, y: 0.5, width: 0.1, height: 0.06), on: PageIndex(0))
    #expect(abs(shown.x - 0.5) < 1e-9 && abs(shown.y - 0.5) < 1e-9)
    #expect(abs(shown.width - 0.2) < 1e-9 && abs(shown.height - 0.1) < 1e-9)
    // A destination half-way down the page is half-way down what is shown.
    app.jump(to: Destination(page: PageIndex(3), top: 0.5))
    #expect(app.here.page == PageIndex(3))
    #expect(abs((app.here.top ?? 0) - 0.5) < 0.05)
  }

  @Test func facingPagesShareTheirRowsAndTheToggleKeepsThePlace() {
    var app = helper.state(mode: .spread)
    _ = helper.type("s", on: &app)  // double spreads: pages 1-2, 3-4…
    _ = helper.type("T", on: &app)
    _ = app.update(
      .contentBoxRead(
        page: PageIndex(0), box: PageRegion(x: 0.1, y: 0.1, width: 0.8, height: 0.3),
        document: app.document.version))
    _ = app.update(
      .contentBoxRead(
        page: PageIndex(1), box: PageRegion(x: 0.2, y: 0.3, width: 0.6, height: 0.6),
        document: app.document.version))
    let left = app.shownRegion(of: PageIndex(0))
    let right = app.shownRegion(of: PageIndex(1))
    #expect(left.y == right.y && abs(left.height - right.height) < 1e-9)
    #expect(abs(left.y - 0.1) < 1e-9 && abs(left.height - 0.8) < 1e-9)
    #expect(left.x == 0.1 && right.x == 0.2)
    _ = helper.type("4G", on: &app)
    let page = app.view.currentPage
    _ = helper.type("T", on: &app)
    #expect(app.view.currentPage == page && !app.view.options.trimsMargins)
    #expect(app.shownRegion(of: PageIndex(0)) == .whole)
  }

  @Test func theChoiceIsPartOfThePlace() {
    var app = trimmed()
    #expect(app.place.trimsMargins)
    var other = helper.state(mode: .continuous)
    _ = other.update(.restorePlace(app.place))
    #expect(other.view.options.trimsMargins)
    _ = helper.type("T", on: &app)
    #expect(!app.place.trimsMargins)
  }
}
