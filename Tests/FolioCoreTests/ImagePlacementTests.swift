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

  /// The picture of part of a placement's cells is the part of its region those cells show, at
  /// their size; its request is that many cells of pixels.
  @Test func thePictureOfSomeCellsIsTheirPartOfTheRegion() {
    let placement = ImagePlacement(
      image: PageImage(
        page: PageIndex(3), region: PageRegion(x: 0.5, y: 0, width: 0.5, height: 1),
        cells: CellSize(columns: 10, rows: 20), isInverted: true),
      grid: CellRect(x: 10, y: -5, columns: 10, rows: 20),
      parts: [CellRect(x: 10, y: 0, columns: 10, rows: 15)])
    #expect(placement.shown == CellRect(x: 10, y: 0, columns: 10, rows: 15))
    let part = placement.image(of: CellRect(x: 15, y: 0, columns: 5, rows: 10))
    #expect(part.page == PageIndex(3) && part.isInverted)
    #expect(part.cells == CellSize(columns: 5, rows: 10))
    #expect(part.region == PageRegion(x: 0.75, y: 0.25, width: 0.25, height: 0.5))
    let request = part.request(cellPixels: PixelSize(width: 8, height: 16))
    #expect(request.size == PixelSize(width: 40, height: 160))
    #expect(request.region == part.region && request.isInverted)
  }
}
