import FolioCore
import FolioLayout
import FolioUI
import Testing

/// A frame is cells plus pictures placed over them: while pixels are on, every piece of a page
/// on screen is placed over its cells, and whatever is drawn over the pages (the help, a
/// prompt's hits, a message) cuts holes in the placements under it, the pages around it
/// staying pictures.
@Suite("Frame placements")
struct FramePlacementTests {
  let helper = UpdateTests()
  let view = AppView(width: .approximate)

  func frame(_ app: AppState) -> Frame {
    view.frame(app, main: TilePool<RenderRequest>(), shelf: TilePool())
  }

  func showing(_ mode: ViewMode, size: CellSize = CellSize(columns: 100, rows: 30)) -> AppState {
    var app = helper.state(size: size, mode: mode)
    _ = app.update(.pixelsAvailable)
    return app
  }

  /// The cells placements show, each counted once.
  func shownCells(_ frame: Frame) -> [CellPoint: Int] {
    var cells: [CellPoint: Int] = [:]
    for placement in frame.placements {
      for part in placement.parts {
        for y in part.minY..<part.maxY {
          for x in part.minX..<part.maxX { cells[CellPoint(x: x, y: y), default: 0] += 1 }
        }
      }
    }
    return cells
  }

  @Test func withNothingOverThemEveryPageOnScreenIsPlacedWhole() {
    for mode in [ViewMode.grid, .continuous, .spread] {
      let app = showing(mode)
      let placed = frame(app)
      #expect(!placed.placements.isEmpty, "\(mode)")
      for placement in placed.placements {
        #expect(placement.parts == [placement.grid.intersection(placement.clipArea(in: app))])
        #expect(placement.image.cells == placement.grid.size)
        #expect(placement.depth == 0)
      }
      // Every cell of a page on screen is shown, once.
      let cells = shownCells(placed)
      #expect(cells.values.allSatisfy { $0 == 1 })
      let pageCells = app.visiblePageRegions.reduce(0) { $0 + $1.screen.size.area }
      let stripCells = placed.placements.filter { $0.clipArea(in: app) != app.mainArea }
        .reduce(0) { $0 + $1.parts.reduce(0) { $0 + $1.size.area } }
      #expect(cells.count == pageCells + stripCells, "\(mode)")
    }
  }

  @Test func whilePixelsAreOffNothingIsPlaced() {
    var app = showing(.continuous)
    _ = helper.type("p", on: &app)
    #expect(frame(app).placements.isEmpty)
    #expect(frame(app).cells == view.draw(app, main: TilePool(), shelf: TilePool()))
  }

  /// The help over the pages: no placement shows a cell the help drew, the pages around it
  /// are still placed, and once it is closed the placements are those before.
  @Test func theHelpCutsAHoleAndThePagesAroundItStayPictures() {
    var app = showing(.grid, size: CellSize(columns: 200, rows: 60))
    let before = frame(app)
    _ = helper.type("?", on: &app)
    let covered = frame(app)
    let shown = shownCells(covered)
    #expect(!shown.isEmpty)
    var drawnByHelp = 0
    for y in 0..<app.mainArea.maxY {
      for x in 0..<app.mainArea.maxX where covered.cells[x, y] != before.cells[x, y] {
        drawnByHelp += 1
        #expect(shown[CellPoint(x: x, y: y)] == nil, "(\(x), \(y))")
      }
    }
    #expect(drawnByHelp > 0)
    #expect(covered.placements.count == before.placements.count)
    // Every placement around the help still shows most of its cells somewhere.
    #expect(shown.count > shownCells(before).count / 4)
    _ = helper.press([.escape], on: &app)
    #expect(frame(app).placements == before.placements)
  }

  /// Even where the help's cells look exactly like the page under them (blank cells over a
  /// page not drawn yet), they are holes.
  @Test func aHoleIsWhatIsDrawnNotWhatLooksDifferent() {
    var app = showing(.continuous)
    _ = helper.type("?", on: &app)
    let covered = frame(app)
    let blankHelpCells = (0..<app.mainArea.maxY).flatMap { y in
      (0..<app.mainArea.maxX).map { CellPoint(x: $0, y: y) }
    }.filter { point in
      covered.cells[point.x, point.y] == .blank
        && !shownCells(covered).keys.contains(point)
    }
    #expect(!blankHelpCells.isEmpty)
  }

  /// Zoomed in, a page larger than the screen is still one picture, the part on screen shown
  /// from it; scrolled, the same picture is placed further up.
  @Test func aZoomedPageIsOnePictureCutByTheScreen() throws {
    var app = showing(.continuous)
    for _ in 0..<4 { _ = helper.type("+", on: &app) }
    let placed = frame(app)
    let first = try #require(placed.placements.first)
    #expect(first.image.region == .whole)
    #expect(first.grid.size.columns > app.mainArea.size.columns)
    for placement in placed.placements {
      #expect(placement.parts.allSatisfy { app.mainArea.intersection($0) == $0 })
    }
    _ = helper.type("j", on: &app)
    let scrolled = try #require(frame(app).placements.first { $0.image == first.image })
    #expect(scrolled.grid.minY < first.grid.minY)
  }

  /// In the spread view the filmstrip's thumbnails are placed too, inside the filmstrip.
  @Test func theFilmstripsThumbnailsArePlacedToo() throws {
    let app = showing(.spread)
    let strip = try #require(app.shelfArea)
    let placements = frame(app).placements
    let inStrip = placements.filter { strip.intersection($0.shown) == $0.shown }
    let inMain = placements.filter { app.mainArea.intersection($0.shown) == $0.shown }
    #expect(!inStrip.isEmpty && !inMain.isEmpty)
    #expect(inStrip.count + inMain.count == placements.count)
  }
}

extension ImagePlacement {
  /// The area of `app` the placement lies in.
  func clipArea(in app: AppState) -> CellRect {
    if let strip = app.shelfArea, strip.intersects(grid), !app.mainArea.intersects(grid) {
      return strip
    }
    return app.mainArea
  }
}
