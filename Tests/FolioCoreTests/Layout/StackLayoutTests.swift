import Testing

@testable import FolioCore
@testable import FolioLayout

/// Hand-worked stacks with standard cells (shape in columns per row = 2 x width / height):
/// Letter 1.545, landscape 2.588, a 1224 x 792 foldout 3.091.
@Suite struct StackLayoutTests {
  static let letter = PointSize(width: 612, height: 792)
  static let landscape = PointSize(width: 792, height: 612)
  static let foldout = PointSize(width: 1224, height: 792)
  static let metrics = PageMetrics(sizes: [letter, landscape, letter, foldout])
  static let viewport = CellSize(columns: 40, rows: 20)

  @Test func verticalContinuousSpreadsFitTheWidth() {
    let layout = ContinuousLayout(metrics: Self.metrics, viewportSize: Self.viewport)
    // 40 columns: Letter round(40 / 1.545) = 26 rows, landscape round(15.45) = 15, foldout 13.
    #expect(
      (0..<4).map { layout.frame(ofItem: $0) } == [
        CellRect(x: 0, y: 0, columns: 40, rows: 26), CellRect(x: 0, y: 27, columns: 40, rows: 15),
        CellRect(x: 0, y: 43, columns: 40, rows: 26), CellRect(x: 0, y: 70, columns: 40, rows: 13),
      ])
    #expect(layout.contentSize == CellSize(columns: 40, rows: 83))
    #expect(
      layout.items(intersecting: CellRect(x: 0, y: 26, columns: 40, rows: 1)).isEmpty, "gap row")
    #expect(
      layout.items(intersecting: CellRect(x: 0, y: 30, columns: 40, rows: 20)).map(\.index) == [
        1, 2,
      ])
  }

  @Test func pagesOfASpreadShareAHeightAndAddUpTheirWidths() {
    let style = SpreadStyle(mode: .double)
    let layout = ContinuousLayout(
      metrics: Self.metrics, viewportSize: Self.viewport,
      options: ContinuousOptions(spreadStyle: style))
    // Spread 0 = Letter + landscape, shape 1.545 + 2.588 = 4.134: round(40 / 4.134) = 10 rows,
    // Letter's share round(40 * 1.545 / 4.134) = 15 columns.
    let first = layout.item(0)
    #expect(first.frame == CellRect(x: 0, y: 0, columns: 40, rows: 10))
    #expect(
      first.pages.map(\.frame) == [
        CellRect(x: 0, y: 0, columns: 15, rows: 10), CellRect(x: 15, y: 0, columns: 25, rows: 10),
      ])
    // Spread 1 = Letter + foldout, shape 4.636: 9 rows, Letter's share round(13.33) = 13.
    #expect(
      layout.item(1).pages.map(\.frame) == [
        CellRect(x: 0, y: 11, columns: 13, rows: 9), CellRect(x: 13, y: 11, columns: 27, rows: 9),
      ])
    // Right to left: the first page goes right.
    let rightToLeft = ContinuousLayout(
      metrics: Self.metrics, viewportSize: Self.viewport,
      options: ContinuousOptions(spreadStyle: SpreadStyle(mode: .double, binding: .rightToLeft)))
    #expect(
      rightToLeft.item(0).pages.map(\.frame) == [
        CellRect(x: 25, y: 0, columns: 15, rows: 10), CellRect(x: 0, y: 0, columns: 25, rows: 10),
      ])
  }

  @Test func horizontalContinuousSpreadsFitTheHeightAndProgressWithTheBinding() {
    let options = ContinuousOptions(axis: .horizontal)
    let layout = ContinuousLayout(
      metrics: Self.metrics, viewportSize: Self.viewport, options: options)
    // 20 rows: Letter round(30.9) = 31 columns, landscape 52, foldout 62; gaps of 2 columns.
    #expect((0..<4).map { layout.frame(ofItem: $0).minX } == [0, 33, 87, 120])
    #expect(layout.contentSize == CellSize(columns: 182, rows: 20))
    var rightToLeft = options
    rightToLeft.spreadStyle.binding = .rightToLeft
    let mirrored = ContinuousLayout(
      metrics: Self.metrics, viewportSize: Self.viewport, options: rightToLeft)
    #expect(mirrored.progression == .rightToLeft)
    #expect(mirrored.frame(ofItem: 0) == CellRect(x: 151, y: 0, columns: 31, rows: 20))
    #expect(mirrored.startViewport.origin == CellPoint(x: 142, y: 0))
    // Moving left moves forwards.
    #expect(
      mirrored.continuousIndex(atAxisCoordinate: 160).value
        < mirrored.continuousIndex(atAxisCoordinate: 140).value)
  }

  @Test func continuousZoomScalesEverySpread() {
    let zoomed = ContinuousLayout(
      metrics: Self.metrics, viewportSize: Self.viewport,
      options: ContinuousOptions(zoom: ZoomScale(2)))
    #expect(zoomed.frame(ofItem: 0) == CellRect(x: 0, y: 0, columns: 80, rows: 52))
    #expect(zoomed.contentSize.columns == 80)
    let small = ContinuousLayout(
      metrics: Self.metrics, viewportSize: Self.viewport,
      options: ContinuousOptions(zoom: ZoomScale(0.5)))
    // 20 columns wide, centered in the 40-column content.
    #expect(small.frame(ofItem: 0) == CellRect(x: 10, y: 0, columns: 20, rows: 13))
  }

  @Test func perSpreadFitsEachSpreadInAViewportSizedSlot() {
    let layout = PerSpreadLayout(metrics: Self.metrics, viewportSize: Self.viewport)
    // Letter fits 20 rows x round(30.9) = 31 columns, centered in the 40-column slot.
    #expect(layout.frame(ofItem: 0) == CellRect(x: 4, y: 0, columns: 31, rows: 20))
    // Landscape is width-limited: 40 x round(15.45) = 15, centered down; slot 1 starts at 42.
    #expect(layout.frame(ofItem: 1) == CellRect(x: 42, y: 2, columns: 40, rows: 15))
    #expect(layout.contentSize == CellSize(columns: 4 * 40 + 3 * 2, rows: 20))
    // Paging: centering spread 1 shows exactly its slot.
    let page = layout.viewport(showing: PageIndex(1), at: .center, from: layout.startViewport)
    #expect(page.origin == CellPoint(x: 42, y: 0))
    #expect(layout.continuousIndex(at: page).value == 1.5)
    // Margins beside a spread belong to the gaps around it.
    #expect(layout.continuousIndex(atAxisCoordinate: 2).value == 0)
    #expect(layout.continuousIndex(atAxisCoordinate: 37).value == 1)
  }

  @Test func perSpreadZoomGrowsOnlyTheCurrentSpread() {
    let options = PerSpreadOptions(zoom: SpreadZoom(spread: 1, scale: ZoomScale(2)))
    let layout = PerSpreadLayout(
      metrics: Self.metrics, viewportSize: Self.viewport, options: options)
    // Landscape in 80 x 40: 80 columns x round(30.9) = 31 rows, in an 80-column slot.
    #expect(layout.spreadSize(1) == CellSize(columns: 80, rows: 31))
    #expect(layout.frame(ofItem: 1) == CellRect(x: 42, y: 0, columns: 80, rows: 31))
    #expect(layout.frame(ofItem: 0) == CellRect(x: 4, y: 5, columns: 31, rows: 20))
    #expect(layout.frame(ofItem: 2).minX == 124 + 4)
    #expect(layout.contentSize == CellSize(columns: 206, rows: 31))
    // Panning within the zoomed spread stays on it.
    for x in stride(from: 42, through: 122 - 40, by: 5) {
      let viewport = Viewport(origin: CellPoint(x: x, y: 0), size: Self.viewport)
      #expect(layout.continuousIndex(at: viewport).spread == 1)
    }
    // Zoom below fit is fit; an invalid spread zooms nothing.
    let unzoomed = PerSpreadLayout(
      metrics: Self.metrics, viewportSize: Self.viewport,
      options: PerSpreadOptions(zoom: SpreadZoom(spread: 9, scale: ZoomScale(3))))
    #expect(unzoomed.effectiveZoom == nil)
    #expect(unzoomed.contentSize == CellSize(columns: 166, rows: 20))
    let belowFit = PerSpreadLayout(
      metrics: Self.metrics, viewportSize: Self.viewport,
      options: PerSpreadOptions(zoom: SpreadZoom(spread: 0, scale: ZoomScale(0.3))))
    #expect(belowFit.frame(ofItem: 0) == CellRect(x: 4, y: 0, columns: 31, rows: 20))
  }

  @Test func zoomingKeepsThePointAtTheCenter() {
    let pages = PageMetrics(sizes: Array(repeating: Self.letter, count: 30))
    let before = ContinuousLayout(metrics: pages, viewportSize: Self.viewport)
    let viewport = before.viewport(centeredOn: ContinuousSpreadIndex(7.3))
    let after = ContinuousLayout(
      metrics: pages, viewportSize: Self.viewport, options: ContinuousOptions(zoom: ZoomScale(3)))
    let kept = after.viewport(keepingPlaceOf: viewport, in: before)
    #expect(
      abs(after.continuousIndex(at: kept).value - before.continuousIndex(at: viewport).value) < 0.05
    )
    // Across: the center stays at the middle of the now 120-column content.
    #expect(kept.origin.x == 40)
  }

  @Test func tinyViewportsStillGiveEveryPageACell() {
    for axis in StackAxis.allCases {
      for mode in SpreadMode.allCases {
        let style = SpreadStyle(mode: mode)
        let one = CellSize(columns: 1, rows: 1)
        let continuous = ContinuousLayout(
          metrics: Self.metrics, viewportSize: one,
          options: ContinuousOptions(axis: axis, spreadStyle: style))
        let perSpread = PerSpreadLayout(
          metrics: Self.metrics, viewportSize: one,
          options: PerSpreadOptions(axis: axis, spreadStyle: style))
        for layout in [continuous as any DocumentLayout, perSpread] {
          for index in 0..<layout.itemCount {
            for page in layout.item(index).pages {
              #expect(page.frame.size.columns >= 1 && page.frame.size.rows >= 1)
            }
          }
        }
      }
    }
  }
}

@Suite struct SpreadPagingTests {
  static let letter = PointSize(width: 612, height: 792)

  @Test func showingAPageOfAFittingSpreadCentersTheSpread() {
    let metrics = PageMetrics(sizes: Array(repeating: Self.letter, count: 6))
    let size = CellSize(columns: 80, rows: 20)
    let layout = PerSpreadLayout(
      metrics: metrics, viewportSize: size,
      options: PerSpreadOptions(spreadStyle: SpreadStyle(mode: .double)))
    // Two Letter pages in 80 x 20: 20 rows x round(61.8) = 62 columns, centered in an 80-column
    // slot; slot 1 starts at 82.
    #expect(layout.frame(ofItem: 1) == CellRect(x: 82 + 9, y: 0, columns: 62, rows: 20))
    for page in [2, 3] {
      let shown = layout.viewport(showing: PageIndex(page), at: .center, from: layout.startViewport)
      #expect(shown.origin == CellPoint(x: 82, y: 0))
    }
    let next = layout.viewport(showingItem: 2, at: .center, from: layout.startViewport)
    #expect(next.origin == CellPoint(x: 164, y: 0))
    // Zoomed in, the spread no longer fits: showing its second page aligns that page.
    let zoomed = PerSpreadLayout(
      metrics: metrics, viewportSize: size,
      options: PerSpreadOptions(
        spreadStyle: SpreadStyle(mode: .double), zoom: SpreadZoom(spread: 1, scale: ZoomScale(3))))
    let second = zoomed.item(1).pages[1].frame
    let shown = zoomed.viewport(showing: PageIndex(3), at: .start, from: zoomed.startViewport)
    #expect(shown.origin.x == second.minX)
  }
}
