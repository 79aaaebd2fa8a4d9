import FolioCore
import Testing

/// A placement's parts: the cells of a rectangle left after holes, as rectangles; and the
/// picture of some of its cells.
@Suite("Image placements")
struct ImagePlacementTests {
  let rect = CellRect(x: 2, y: 1, columns: 10, rows: 6)

  @Test func aRectangleWithNothingOverItIsOnePart() {
    #expect(rect.parts { _ in true } == [rect])
    #expect(rect.parts { _ in false } == [])
    #expect(CellRect(x: 0, y: 0, columns: 0, rows: 3).parts { _ in true } == [])
  }

  /// A box over the middle leaves a band above, one each side, and a band below.
  @Test func aBoxOverTheMiddleLeavesFourParts() {
    let box = CellRect(x: 5, y: 3, columns: 3, rows: 2)
    let parts = rect.parts { !box.contains($0) }
    #expect(
      parts == [
        CellRect(x: 2, y: 1, columns: 10, rows: 2),
        CellRect(x: 2, y: 3, columns: 3, rows: 2),
        CellRect(x: 8, y: 3, columns: 4, rows: 2),
        CellRect(x: 2, y: 5, columns: 10, rows: 2),
      ])
  }

  /// Every kept cell is in exactly one part, and no other cell is: also for scattered holes
  /// (a hit's tint on a few words).
  @Test func partsHoldExactlyTheKeptCells() {
    let holes: Set<CellPoint> = [
      CellPoint(x: 2, y: 1), CellPoint(x: 3, y: 1), CellPoint(x: 7, y: 2), CellPoint(x: 11, y: 6),
      CellPoint(x: 6, y: 4), CellPoint(x: 7, y: 4),
    ]
    let parts = rect.parts { !holes.contains($0) }
    for y in rect.minY..<rect.maxY {
      for x in rect.minX..<rect.maxX {
        let point = CellPoint(x: x, y: y)
        let holding = parts.filter { $0.contains(point) }.count
        #expect(holding == (holes.contains(point) ? 0 : 1), "\(point)")
      }
    }
    #expect(parts == parts.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) })
  }

  /// The picture of part of a placement's cells is the part of its region those cells show,
  /// at their pixels in the whole picture.
  @Test func thePictureOfSomeCellsIsTheirPartOfTheRegion() throws {
    let placement = ImagePlacement(
      image: PageImage(
        page: PageIndex(3), region: PageRegion(x: 0.5, y: 0, width: 0.5, height: 1),
        cells: CellSize(columns: 10, rows: 20), isInverted: true),
      grid: CellRect(x: 10, y: -5, columns: 10, rows: 20),
      parts: [CellRect(x: 10, y: 0, columns: 10, rows: 15)])
    #expect(placement.shown == CellRect(x: 10, y: 0, columns: 10, rows: 15))
    let cellPixels = PixelSize(width: 8, height: 16)
    let request = try #require(
      placement.request(of: CellRect(x: 15, y: 0, columns: 5, rows: 10), cellPixels: cellPixels))
    #expect(request.page == PageIndex(3) && request.isInverted)
    #expect(request.size == PixelSize(width: 40, height: 160))
    #expect(request.region == PageRegion(x: 0.75, y: 0.25, width: 0.25, height: 0.5))
  }

  /// With the page's size known, the picture keeps the region's shape: cut on one side by
  /// less than a cell, never stretched to whole cells; the cells past its end show none of it.
  @Test func aPictureKeepsItsPagesShape() throws {
    let cellPixels = PixelSize(width: 10, height: 20)
    // A letter page (612x792 points) in 57x37 cells of 10x20 pixels: 570 pixels wide, 738 high
    // (the cells' 740 would stretch it by 0.3 %).
    let letter = PageImage(
      page: PageIndex(0), cells: CellSize(columns: 57, rows: 37),
      pageSize: PointSize(width: 612, height: 792))
    let size = letter.pixelSize(cellPixels: cellPixels)
    #expect(size == PixelSize(width: 570, height: 738))
    #expect(abs(Double(size.width) / Double(size.height) / (612.0 / 792.0) - 1) < 0.002)
    // A wide slide in 120x36 cells: 1200 wide, 675 high, not 720.
    let slide = PageImage(
      page: PageIndex(0), cells: CellSize(columns: 120, rows: 36),
      pageSize: PointSize(width: 841.89, height: 473.56))
    #expect(slide.pixelSize(cellPixels: cellPixels) == PixelSize(width: 1200, height: 675))
    // A tall page in wide cells: cut on the width instead.
    let tall = PageImage(
      page: PageIndex(0), cells: CellSize(columns: 40, rows: 20),
      pageSize: PointSize(width: 100, height: 100))
    #expect(tall.pixelSize(cellPixels: cellPixels) == PixelSize(width: 400, height: 400))
    // Unknown size: the cells' pixels.
    let unknown = PageImage(page: PageIndex(0), cells: CellSize(columns: 57, rows: 37))
    #expect(unknown.pixelSize(cellPixels: cellPixels) == PixelSize(width: 570, height: 740))
    // The slide's last row holds 15 pixels of it; a row past it, none.
    let placement = ImagePlacement(
      image: slide, grid: CellRect(x: 0, y: 0, columns: 120, rows: 36),
      parts: [CellRect(x: 0, y: 0, columns: 120, rows: 36)])
    let last = try #require(
      placement.request(of: CellRect(x: 0, y: 33, columns: 120, rows: 3), cellPixels: cellPixels))
    #expect(last.size == PixelSize(width: 1200, height: 15))
    #expect(abs(last.region.y + last.region.height - 1) < 1e-9)
    #expect(
      placement.pixels(of: CellRect(x: 0, y: 35, columns: 120, rows: 1), cellPixels: cellPixels)
        == nil)
  }
}
