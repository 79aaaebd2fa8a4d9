import Testing

@testable import FolioCore
@testable import FolioLayout

/// The smart grid formula against cases worked by hand, with standard cells (twice as tall as
/// wide, ca = 2), the standard gutter (1 row = 2 columns) and one label row per item.
///
/// Notation: viewport W x H cells, page shape a = width / height, target N items.
/// S = W * H * ca / N is the visual area per item (in square columns), w = sqrt(S * a) the item
/// width, k = round(W / w) the columns, c = floor((W - 2 (k - 1)) / k) the box width,
/// r = floor(c / (a * ca)) the box height; if r + 1 > H then r = H - 1, c = floor(r * a * ca).
@Suite struct SmartGridSizingTests {
  static let letter = 612.0 / 792.0  // 0.772727…
  static let landscape = 792.0 / 612.0  // 1.294117…

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var viewport: CellSize
    var aspect: Double
    var target: Int
    var columns: Int
    var box: CellSize
    var testDescription: String { name }
  }

  @Test(arguments: [
    // Phone-portrait-like 40 x 50, Letter: S = 400, w = sqrt(309.09) = 17.58, k = round(2.28) = 2,
    // c = floor(38 / 2) = 19, r = floor(19 / 1.545) = floor(12.29) = 12.
    Case(
      name: "portrait 40x50", viewport: CellSize(columns: 40, rows: 50), aspect: letter, target: 10,
      columns: 2, box: CellSize(columns: 19, rows: 12)),
    // Wide 200 x 50, Letter: S = 2000, w = sqrt(1545.45) = 39.31, k = round(5.09) = 5,
    // c = floor(192 / 5) = 38, r = floor(38 / 1.545) = floor(24.59) = 24.
    Case(
      name: "wide 200x50", viewport: CellSize(columns: 200, rows: 50), aspect: letter, target: 10,
      columns: 5, box: CellSize(columns: 38, rows: 24)),
    // Landscape pages in 80 x 24: S = 384, w = sqrt(496.9) = 22.29, k = round(3.59) = 4,
    // c = floor(74 / 4) = 18, r = floor(18 / 2.588) = floor(6.95) = 6.
    Case(
      name: "landscape 80x24", viewport: CellSize(columns: 80, rows: 24), aspect: landscape,
      target: 10, columns: 4, box: CellSize(columns: 18, rows: 6)),
    // Landscape pages in portrait 40 x 50: S = 400, w = sqrt(517.6) = 22.75, k = round(1.76) = 2,
    // c = 19, r = floor(19 / 2.588) = floor(7.34) = 7.
    Case(
      name: "landscape 40x50", viewport: CellSize(columns: 40, rows: 50), aspect: landscape,
      target: 10, columns: 2, box: CellSize(columns: 19, rows: 7)),
    // A 1:10 tall page in 200 x 50: S = 2000, w = sqrt(200) = 14.14, k = round(14.14) = 14,
    // c = floor(174 / 14) = 12, r = floor(12 / 0.2) = 60 > 49, so r = 49, c = floor(9.8) = 9.
    Case(
      name: "tall 1:10 in 200x50", viewport: CellSize(columns: 200, rows: 50), aspect: 0.1,
      target: 10, columns: 14, box: CellSize(columns: 9, rows: 49)),
    // A 10:1 wide page in 40 x 50: S = 400, w = sqrt(4000) = 63.2, k = round(0.63) -> 1,
    // c = 40, r = floor(40 / 20) = 2.
    Case(
      name: "wide 10:1 in 40x50", viewport: CellSize(columns: 40, rows: 50), aspect: 10,
      target: 10, columns: 1, box: CellSize(columns: 40, rows: 2)),
    // Fully zoomed in, Letter in 80 x 24: S = 3840, w = 54.5, k = round(1.47) = 1, c = 80,
    // r = floor(51.8) = 51 > 23, so r = 23, c = floor(23 * 1.545) = floor(35.5) = 35.
    Case(
      name: "one item in 80x24", viewport: CellSize(columns: 80, rows: 24), aspect: letter,
      target: 1, columns: 1, box: CellSize(columns: 35, rows: 23)),
    // Fully zoomed out in 80 x 24: (80 + 2) / 3 = 27 columns and (24 + 1) / 3 = 8 rows of 1 x 1
    // boxes, 216 items.
    Case(
      name: "1x1 boxes in 80x24", viewport: CellSize(columns: 80, rows: 24), aspect: letter,
      target: 216, columns: 27, box: CellSize(columns: 1, rows: 1)),
    // The smallest terminal: one 1 x 1 box (its label row then reaches past the viewport).
    Case(
      name: "1x1 viewport", viewport: CellSize(columns: 1, rows: 1), aspect: letter, target: 10,
      columns: 1, box: CellSize(columns: 1, rows: 1)),
  ])
  func handWorkedCases(_ example: Case) {
    let sizing = SmartGridSizing(viewportSize: example.viewport, pageAspectRatio: example.aspect)
    let dimensions = sizing.dimensions(for: GridZoom(targetItemCount: example.target))
    #expect(dimensions.columnCount == example.columns)
    #expect(dimensions.boxSize == example.box)
    #expect(dimensions.columnGap == 2)
    #expect(dimensions.rowGap == 1)
    #expect(dimensions.rowWidth <= max(1, example.viewport.columns))
  }

  @Test func targetRangeGoesFromOneItemToOneByOneBoxes() {
    let sizing = SmartGridSizing(
      viewportSize: CellSize(columns: 80, rows: 24), pageAspectRatio: Self.letter)
    #expect(sizing.targetRange == 1...216)
    #expect(sizing.clamped(GridZoom(targetItemCount: 5000)).targetItemCount == 216)
    #expect(
      SmartGridSizing(viewportSize: CellSize(columns: 0, rows: 0), pageAspectRatio: 1).targetRange
        == 1...1)
    #expect(
      SmartGridSizing(viewportSize: CellSize(columns: 200, rows: 50), pageAspectRatio: 1)
        .targetRange == 1...1139)
  }

  /// Zooming steps through distinct box sizes, monotonically, from the largest box to 1 x 1.
  @Test(arguments: [
    (CellSize(columns: 80, rows: 24), letter, 2.0),
    (CellSize(columns: 200, rows: 50), 0.1, 2.0),
    (CellSize(columns: 40, rows: 50), 10.0, 1.0),
    (CellSize(columns: 3, rows: 2), letter, 2.0),
  ])
  func zoomStepsAreMonotonicAndReachBothEnds(viewport: CellSize, aspect: Double, cellAspect: Double)
  {
    let sizing = SmartGridSizing(
      viewportSize: viewport, pageAspectRatio: aspect, cellAspect: CellAspect(cellAspect))
    var zoom = GridZoom(targetItemCount: 1)
    #expect(sizing.zoomingIn(zoom) == zoom)
    var previous = sizing.dimensions(for: zoom)
    var steps = 0
    while true {
      let next = sizing.zoomingOut(zoom)
      if next == zoom { break }
      #expect(next.targetItemCount > zoom.targetItemCount)
      let dimensions = sizing.dimensions(for: next)
      #expect(dimensions != previous)
      #expect(dimensions.boxSize.columns <= previous.boxSize.columns)
      #expect(dimensions.columnCount >= previous.columnCount)
      #expect(sizing.zoomingIn(next).targetItemCount < next.targetItemCount)
      previous = dimensions
      zoom = next
      steps += 1
    }
    // The last step reaches the grid of the largest target count.
    #expect(
      previous == sizing.dimensions(for: GridZoom(targetItemCount: sizing.targetRange.upperBound)))
    #expect(previous.columnCount == sizing.maximumColumnCount)
    #expect(steps >= 1 || sizing.targetRange.count == 1)
  }

  @Test func unusableShapesFallBackToLetter() {
    let sizing = SmartGridSizing(
      viewportSize: CellSize(columns: 40, rows: 50), pageAspectRatio: .nan)
    #expect(sizing.pageAspectRatio == PointSize.fallback.aspectRatio)
    #expect(sizing.dimensions(for: .standard).boxSize == CellSize(columns: 19, rows: 12))
  }

  @Test func gutterFollowsTheCellAspect() {
    #expect(Gutter.standard.columns(for: .standard) == 2)
    #expect(Gutter.standard.columns(for: CellAspect(1)) == 1)
    #expect(Gutter.standard.columns(for: CellAspect(2.6)) == 3)
    #expect(Gutter.standard.columns(for: CellAspect(0.5)) == 1)
    #expect(Gutter(rows: 2).columns(for: CellAspect(2.3)) == 5)
    #expect(Gutter.none.columns(for: .standard) == 0)
    let sizing = SmartGridSizing(
      viewportSize: CellSize(columns: 60, rows: 30), pageAspectRatio: 1, cellAspect: CellAspect(1),
      gutter: .none)
    let dimensions = sizing.dimensions(for: .standard)
    #expect(dimensions.columnGap == 0 && dimensions.rowGap == 0)
  }
}
