import Testing

@testable import FolioCore
@testable import FolioLayout

@Suite struct ViewportTests {
  static let letter = PointSize(width: 612, height: 792)
  static let viewport = CellSize(columns: 40, rows: 20)
  /// Ten Letter pages in a vertical stack 40 columns wide: 26 rows each, 1 row apart (pitch 27),
  /// 269 rows in all.
  static let metrics = PageMetrics(sizes: Array(repeating: letter, count: 10))
  static let stack = ContinuousLayout(metrics: metrics, viewportSize: viewport)

  private func origin(showing page: Int, at position: ScrollPosition, from y: Int = 0) -> Int {
    let current = Viewport(origin: CellPoint(x: 0, y: y), size: Self.viewport)
    return Self.stack.viewport(showing: PageIndex(page), at: position, from: current).origin.y
  }

  @Test func showingAPageAtStartCenterAndEnd() {
    #expect(origin(showing: 2, at: .start) == 54)
    #expect(origin(showing: 2, at: .center) == 57)  // (54 + 80 - 20) / 2
    #expect(origin(showing: 2, at: .end) == 60)  // 80 - 20
    #expect(origin(showing: 9, at: .start) == 243)
    #expect(origin(showing: 0, at: .center) == 3)
    // Clamped at the ends of the content (269 rows) in a 40-row viewport.
    let tall = CellSize(columns: 40, rows: 40)
    let stack = ContinuousLayout(metrics: Self.metrics, viewportSize: tall)
    let top = Viewport(origin: CellPoint(x: 0, y: 0), size: tall)
    #expect(stack.viewport(showing: PageIndex(0), at: .end, from: top).origin.y == 0)
    #expect(stack.viewport(showing: PageIndex(9), at: .start, from: top).origin.y == 229)
  }

  @Test func showingTheNearestScrollsTheLeast() {
    // Page 2 spans rows 54-79; the viewport is 20 rows, shorter than the page: its start shows.
    #expect(origin(showing: 2, at: .nearest, from: 0) == 54)
    #expect(origin(showing: 2, at: .nearest, from: 100) == 54)
    // In a grid, a visible item does not scroll; an item below scrolls into the last row.
    let grid = GridLayout(metrics: Self.metrics, viewportSize: CellSize(columns: 40, rows: 30))
    let top = grid.startViewport
    #expect(grid.viewport(showing: PageIndex(1), at: .nearest, from: top) == top)
    // 3 columns of 12 x 7 boxes (8-row slots, 9-row pitch): page 9 is in row 3, rows 27-34.
    #expect(grid.viewport(showing: PageIndex(4), at: .nearest, from: top) == top)
    let below = grid.viewport(showing: PageIndex(9), at: .nearest, from: top)
    #expect(below.origin.y == 35 - 30)
    let back = grid.viewport(showing: PageIndex(0), at: .nearest, from: below)
    #expect(back.origin.y == 0)
  }

  @Test func clampingKeepsTheViewportOnTheContent() {
    let stack = Self.stack
    #expect(
      stack.clamped(Viewport(origin: CellPoint(x: -5, y: -9), size: Self.viewport)).origin
        == CellPoint(x: 0, y: 0))
    #expect(
      stack.clamped(Viewport(origin: CellPoint(x: 9, y: 900), size: Self.viewport)).origin
        == CellPoint(x: 0, y: 249))
    // Short content: a stack centers it, a grid keeps it at the top.
    let one = PageMetrics(sizes: [Self.letter])
    let tall = CellSize(columns: 40, rows: 60)
    let short = ContinuousLayout(metrics: one, viewportSize: tall)
    // Centered: (26 - 60) / 2 = -17.
    #expect(short.clamped(Viewport(origin: CellPoint(x: 0, y: 0), size: tall)).origin.y == -17)
    let grid = GridLayout(metrics: one, viewportSize: tall)
    #expect(grid.clamped(Viewport(origin: CellPoint(x: 0, y: 7), size: tall)).origin.y == 0)
  }

  @Test func viewportConvertsContentToScreen() {
    let viewport = Viewport(origin: CellPoint(x: 3, y: 10), size: CellSize(columns: 5, rows: 4))
    #expect(viewport.center == ContentPoint(x: 5.5, y: 12))
    #expect(
      viewport.screenRect(of: CellRect(x: 4, y: 12, columns: 2, rows: 2))
        == CellRect(x: 1, y: 2, columns: 2, rows: 2))
    #expect(viewport.offsetBy(dx: -3, dy: 1).origin == CellPoint(x: 0, y: 11))
    #expect(Self.stack.item(at: CellPoint(x: 5, y: 30))?.index == 1)
    #expect(Self.stack.item(at: CellPoint(x: 5, y: 26)) == nil)
  }

  @Test func changingTheSpreadModeKeepsThePage() {
    let single = Self.stack
    let double = ContinuousLayout(
      metrics: Self.metrics, viewportSize: Self.viewport,
      options: ContinuousOptions(spreadStyle: SpreadStyle(mode: .double)))
    // Half way through page index 5.
    let start = single.viewport(centeredOn: ContinuousSpreadIndex(5.5))
    let paired = double.viewport(keepingPlaceOf: start, in: single)
    // Pages 4-5 form spread 2; half way through page 5 is three quarters through the spread.
    #expect(abs(double.continuousIndex(at: paired).value - 2.75) < 0.1)
    let back = single.viewport(keepingPlaceOf: paired, in: double)
    #expect(abs(single.continuousIndex(at: back).value - 5.5) < 0.05)
    #expect(single.continuousPageIndex(at: back).page == PageIndex(5))
  }

  @Test func resizingAndChangingTheCellAspectKeepThePlace() {
    let pages = PageMetrics(sizes: Array(repeating: Self.letter, count: 200))
    var layout: any DocumentLayout = GridLayout(
      metrics: pages, viewportSize: CellSize(columns: 80, rows: 24))
    var viewport = layout.viewport(showing: PageIndex(120), at: .center, from: layout.startViewport)
    var index = layout.continuousIndex(at: viewport).value
    #expect(Int(index) / 4 == 120 / 4, "the row of page 120 is at the center")
    let sizes = [
      CellSize(columns: 200, rows: 50), CellSize(columns: 30, rows: 80),
      CellSize(columns: 120, rows: 40),
    ]
    for (step, size) in sizes.enumerated() {
      let aspect = CellAspect(step == 1 ? 1.2 : 2)
      let next = GridLayout(metrics: pages, viewportSize: size, cellAspect: aspect)
      viewport = next.viewport(keepingPlaceOf: viewport, in: layout)
      layout = next
      // The continuous index at the center moves by less than one row of cells' worth.
      let center = next.continuousIndex(at: viewport).value
      let perRow = Double(next.columnCount) / Double(next.dimensions.slotSize.rows)
      #expect(abs(center - index) <= perRow / 2 + 1e-9, "\(size): \(index) -> \(center)")
      index = center
    }
  }

  @Test func emptyLayoutsHaveAFixedViewport() {
    let empty = PageMetrics(pageCount: 0)
    let layouts: [any DocumentLayout] = [
      GridLayout(metrics: empty, viewportSize: Self.viewport),
      ContinuousLayout(metrics: empty, viewportSize: Self.viewport),
      PerSpreadLayout(metrics: empty, viewportSize: Self.viewport),
      ShelfLayout(metrics: empty, availableSize: Self.viewport),
    ]
    for layout in layouts {
      #expect(layout.itemCount == 0)
      let kept = layout.viewport(keepingPlaceOf: Self.stack.startViewport, in: Self.stack)
      #expect(kept == layout.startViewport)
      #expect(layout.viewport(showing: PageIndex(3), at: .center, from: kept) == kept)
      #expect(layout.continuousIndex(at: kept).value == 0)
    }
  }
}
