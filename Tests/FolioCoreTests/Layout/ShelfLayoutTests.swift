import Testing

@testable import FolioCore
@testable import FolioLayout

/// Hand-worked shelves in a 100 x 30 area with standard cells: the cap is a third, 10 rows; items
/// default to floor(9 rows x 1.545) = 13 columns for Letter.
@Suite struct ShelfLayoutTests {
  static let letter = PointSize(width: 612, height: 792)
  static let landscape = PointSize(width: 792, height: 612)
  static let strip = PointSize(width: 100, height: 1000)
  static let area = CellSize(columns: 100, rows: 30)

  @Test func heightIsOnlyWhatTheTallestPageNeeds() {
    let layout = ShelfLayout(
      metrics: PageMetrics(sizes: [Self.letter, Self.landscape, Self.letter]),
      availableSize: Self.area)
    #expect(layout.itemColumns == 13)
    // Tallest page Letter at 13 columns: round(13 / 1.545) = 8 rows, plus one label row.
    #expect(layout.thumbnailRows == 8 && layout.labelRows == 1)
    #expect(layout.contentSize == CellSize(columns: 3 * 13 + 2 * 2, rows: 9))
    #expect(layout.viewportSize == CellSize(columns: 100, rows: 9))
    let item = layout.item(1)
    #expect(item.frame == CellRect(x: 15, y: 0, columns: 13, rows: 9))
    #expect(item.labelFrame == CellRect(x: 15, y: 8, columns: 13, rows: 1))
    // Landscape at 13 columns: round(13 / 2.588) = 5 rows, centered in the 8-row box.
    #expect(item.pages[0].frame == CellRect(x: 15, y: 1, columns: 13, rows: 5))
  }

  @Test func aVeryTallPageIsCappedAtTheMaximum() {
    let layout = ShelfLayout(
      metrics: PageMetrics(sizes: [Self.letter, Self.strip, Self.letter]), availableSize: Self.area)
    // The strip would need round(13 / 0.2) = 65 rows: capped at 10 - 1 label row.
    #expect(layout.thumbnailRows == 9)
    #expect(layout.contentSize.rows == 10)
  }

  @Test func longLabelsWrapToTheItemWidth() {
    var metrics = PageMetrics(sizes: [Self.letter, Self.letter])
    metrics.noteLabel(columns: 30)
    let layout = ShelfLayout(metrics: metrics, availableSize: Self.area)
    // 30 columns wrap to 3 rows of 13; the thumbnail keeps 10 - 3 = 7 rows.
    #expect(layout.labelRows == 3 && layout.thumbnailRows == 7)
    let custom = ShelfLayout(
      metrics: metrics, availableSize: Self.area,
      options: ShelfOptions(itemColumns: 30, maximumRows: 40))
    #expect(custom.labelRows == 1)
    #expect(custom.thumbnailRows == 19)  // round(30 / 1.545)
  }

  @Test func rightToLeftShelvesProgressLeftwards() {
    let layout = ShelfLayout(
      metrics: PageMetrics(sizes: Array(repeating: Self.letter, count: 20)),
      availableSize: Self.area,
      options: ShelfOptions(binding: .rightToLeft))
    let width = 20 * 13 + 19 * 2
    #expect(layout.frame(ofItem: 0) == CellRect(x: width - 13, y: 0, columns: 13, rows: 9))
    #expect(layout.startViewport.origin.x == width - 100)
    #expect(
      layout.items(intersecting: CellRect(x: width - 20, y: 0, columns: 20, rows: 1)).map(\.index)
        == [0, 1])
    // A short shelf keeps to its start: the right edge.
    let short = ShelfLayout(
      metrics: PageMetrics(sizes: [Self.letter]), availableSize: Self.area,
      options: ShelfOptions(binding: .rightToLeft))
    #expect(short.startViewport.origin.x == 13 - 100)
  }

  @Test func tinyAreasStillShowAThumbnailAndALabel() {
    let layout = ShelfLayout(
      metrics: PageMetrics(sizes: [Self.letter]), availableSize: CellSize(columns: 1, rows: 1))
    #expect(layout.itemColumns == 1 && layout.thumbnailRows == 1 && layout.labelRows == 1)
    let empty = ShelfLayout(metrics: PageMetrics(pageCount: 0), availableSize: Self.area)
    #expect(empty.itemCount == 0 && empty.contentSize.columns == 0)
    #expect(empty.items(intersecting: CellRect(x: 0, y: 0, columns: 100, rows: 10)).isEmpty)
  }
}
