import Testing

@testable import FolioCore
@testable import FolioLayout

/// Hand-worked grids. Letter pages in a 40 x 50 viewport make 2 columns of 19 x 12 boxes (see
/// SmartGridSizingTests), each with a label row: 19 x 13 slots, 2 columns and 1 row apart.
@Suite struct GridLayoutTests {
  static let letter = PointSize(width: 612, height: 792)
  static let landscape = PointSize(width: 792, height: 612)
  static let viewport = CellSize(columns: 40, rows: 50)

  private func grid(_ sizes: [PointSize], options: GridOptions = GridOptions()) -> GridLayout {
    GridLayout(metrics: PageMetrics(sizes: sizes), viewportSize: Self.viewport, options: options)
  }

  @Test func framesLabelsAndContentOfAPlainGrid() {
    let layout = grid(Array(repeating: Self.letter, count: 5))
    #expect(layout.columnCount == 2 && layout.rowCount == 3)
    #expect(layout.contentSize == CellSize(columns: 40, rows: 3 * 13 + 2))
    let frames = (0..<5).map { layout.frame(ofItem: $0) }
    #expect(
      frames == [
        CellRect(x: 0, y: 0, columns: 19, rows: 13), CellRect(x: 21, y: 0, columns: 19, rows: 13),
        CellRect(x: 0, y: 14, columns: 19, rows: 13), CellRect(x: 21, y: 14, columns: 19, rows: 13),
        CellRect(x: 0, y: 28, columns: 19, rows: 13),
      ])
    let item = layout.item(3)
    // Letter in a 19 x 12 box: 12 rows -> round(12 * 1.545) = 19 columns.
    #expect(item.pages[0].frame == CellRect(x: 21, y: 14, columns: 19, rows: 12))
    #expect(item.labelFrame == CellRect(x: 21, y: 26, columns: 19, rows: 1))
  }

  @Test func aGridOfSomePagesPlacesOnlyThemInOrder() {
    var sizes = Array(repeating: Self.letter, count: 30)
    sizes[17] = Self.landscape
    let layout = grid(sizes, options: GridOptions(shownPages: [PageIndex(17), PageIndex(4)]))
    #expect(layout.itemCount == 2)
    // The slots of a two-page grid, holding pages 4 and 17 (landscape, fitted in its box).
    #expect(
      layout.item(0).pages[0]
        == PlacedPage(page: PageIndex(4), frame: layout.item(0).pages[0].frame))
    #expect(layout.item(0).frame == CellRect(x: 0, y: 0, columns: 19, rows: 13))
    #expect(layout.item(1).pages[0].page == PageIndex(17))
    #expect(layout.item(1).pages[0].frame == CellRect(x: 21, y: 2, columns: 19, rows: 7))
    #expect(layout.contentSize == CellSize(columns: 40, rows: 13))
    #expect(
      layout.items(intersecting: layout.contentRect).map { $0.pages[0].page.rawValue } == [4, 17])
    #expect(layout.itemIndex(containing: PageIndex(12)) == 1)
  }

  @Test func aPageOfAnotherShapeIsFittedAndCenteredInItsBox() {
    let layout = grid([Self.letter, Self.letter, Self.landscape, Self.letter])
    // Landscape in 19 x 12: 19 columns -> round(19 / 2.588) = 7 rows, 2 rows from the box's top.
    #expect(layout.item(2).pages[0].frame == CellRect(x: 0, y: 16, columns: 19, rows: 7))
    #expect(
      layout.dimensions.boxSize == CellSize(columns: 19, rows: 12), "sized for the common shape")
  }

  @Test func rightToLeftFillsRowsFromTheRight() {
    let layout = grid(
      Array(repeating: Self.letter, count: 3), options: GridOptions(binding: .rightToLeft))
    #expect(layout.frame(ofItem: 0) == CellRect(x: 21, y: 0, columns: 19, rows: 13))
    #expect(layout.frame(ofItem: 1) == CellRect(x: 0, y: 0, columns: 19, rows: 13))
    #expect(layout.frame(ofItem: 2) == CellRect(x: 21, y: 14, columns: 19, rows: 13))
    #expect(
      layout.items(intersecting: CellRect(x: 0, y: 0, columns: 5, rows: 40)).map(\.index) == [1])
  }

  @Test func rowsNarrowerThanTheViewportAreCentered() {
    // 200 x 50 with Letter: 5 columns of 38 -> 198 columns wide, 1 column each side.
    let layout = GridLayout(
      metrics: PageMetrics(sizes: Array(repeating: Self.letter, count: 7)),
      viewportSize: CellSize(columns: 200, rows: 50))
    #expect(layout.frame(ofItem: 0).minX == 1)
    #expect(layout.frame(ofItem: 4).maxX == 199)
  }

  @Test func dropCapSpansTwoByTwo() {
    let layout = grid(
      Array(repeating: Self.letter, count: 5), options: GridOptions(hasDropCap: true))
    // Two columns: the drop cap takes rows 0-1 whole; items 1-4 follow in rows 2-3.
    #expect(layout.frame(ofItem: 0) == CellRect(x: 0, y: 0, columns: 40, rows: 27))
    #expect(layout.frame(ofItem: 1) == CellRect(x: 0, y: 28, columns: 19, rows: 13))
    #expect(layout.frame(ofItem: 4) == CellRect(x: 21, y: 42, columns: 19, rows: 13))
    #expect(layout.contentSize.rows == 4 * 13 + 3)
    let cap = layout.item(0)
    #expect(cap.labelFrame == CellRect(x: 0, y: 26, columns: 40, rows: 1))
    #expect(cap.pages[0].frame == CellRect(x: 0, y: 0, columns: 40, rows: 26))
    #expect(
      layout.items(intersecting: CellRect(x: 30, y: 20, columns: 5, rows: 10)).map(\.index) == [
        0, 2,
      ])
  }

  @Test func dropCapNeedsTwoColumns() {
    let layout = GridLayout(
      metrics: PageMetrics(sizes: Array(repeating: Self.letter, count: 3)),
      viewportSize: Self.viewport,
      options: GridOptions(zoom: GridZoom(targetItemCount: 1), hasDropCap: true))
    #expect(layout.columnCount == 1)
    #expect(!layout.positions.hasDropCap)
    #expect(layout.frame(ofItem: 0).size == layout.frame(ofItem: 1).size)
  }

  @Test func continuousIndexRunsRowMajor() {
    let layout = grid(Array(repeating: Self.letter, count: 5))
    // Half way down row 0 (13 rows) is half way through its 2 items.
    #expect(layout.continuousIndex(atAxisCoordinate: 6.5).value == 1)
    #expect(layout.continuousIndex(atAxisCoordinate: 0).value == 0)
    // The gap row after row 0 holds index 2, the first item of row 1.
    #expect(layout.continuousIndex(atAxisCoordinate: 13.5).value == 2)
    #expect(layout.continuousIndex(atAxisCoordinate: 14).value == 2)
    // The last row has one item.
    #expect(layout.continuousIndex(atAxisCoordinate: 28 + 6.5).value == 4.5)
    #expect(layout.continuousIndex(atAxisCoordinate: 500).value == Double(5).nextDown)
    #expect(layout.axisCoordinate(for: ContinuousSpreadIndex(3)) == 14 + 6.5)
    // The drop cap's two rows form one stretch: rows 0-1 are 27 rows for item 0 alone (2 columns).
    let capped = grid(
      Array(repeating: Self.letter, count: 5), options: GridOptions(hasDropCap: true))
    #expect(capped.continuousIndex(atAxisCoordinate: 13.5).value == 0.5)
    #expect(capped.continuousIndex(atAxisCoordinate: 27.5).value == 1)
    #expect(capped.continuousIndex(atAxisCoordinate: 28 + 6.5).value == 2)
  }

  @Test func emptyAndTinyGrids() {
    let empty = grid([])
    #expect(empty.itemCount == 0 && empty.contentSize.rows == 0)
    #expect(empty.items(intersecting: CellRect(x: 0, y: 0, columns: 40, rows: 50)).isEmpty)
    #expect(empty.continuousIndex(atAxisCoordinate: 10).value == 0)
    let tiny = GridLayout(
      metrics: PageMetrics(sizes: [Self.letter, Self.letter]),
      viewportSize: CellSize(columns: 1, rows: 1))
    #expect(tiny.frame(ofItem: 0) == CellRect(x: 0, y: 0, columns: 1, rows: 2))
    #expect(tiny.frame(ofItem: 1) == CellRect(x: 0, y: 3, columns: 1, rows: 2))
    #expect(tiny.item(1).pages[0].frame.size == CellSize(columns: 1, rows: 1))
  }
}
