import FolioCore
import FolioPixels
import Testing

/// The bytes that place a kitty image over the parts of its grid that show it, against
/// recorded bytes: each part its own numbered placement with its crop, numbers past the new
/// parts taken off; at the picture's own pixels, a picture that keeps its page's shape
/// cropped where it ends inside its last row.
@Suite("Kitty placements")
struct KittyPlacementsTests {
  let cellPixels = PixelSize(width: 10, height: 20)
  let grid = CellRect(x: 4, y: 2, columns: 8, rows: 6)

  func text(_ bytes: [UInt8]) -> String {
    String(String(decoding: bytes, as: UTF8.self).map { $0 == "\u{1B}" ? "⎋" : $0 })
  }

  @Test func aWholeImageIsOnePlacement() {
    let bytes = KittyPlacements.bytes(
      placing: 7, grid: grid, picture: PixelSize(width: 80, height: 120), parts: [grid],
      replacing: 0, cellPixels: cellPixels, scalesToCells: true)
    #expect(
      text(bytes)
        == "⎋7⎋[3;5H⎋_Ga=p,i=7,p=1,x=0,y=0,w=80,h=120,c=8,r=6,C=1,q=2⎋\\⎋8")
  }

  /// A box over the middle of it: four placements, each cropped to its cells.
  @Test func partsAroundAHoleAreFourPlacements() {
    let parts = grid.parts { !CellRect(x: 6, y: 4, columns: 3, rows: 2).contains($0) }
    let bytes = KittyPlacements.bytes(
      placing: 7, grid: grid, picture: PixelSize(width: 80, height: 120), parts: parts,
      replacing: 1, cellPixels: cellPixels, scalesToCells: true)
    #expect(
      text(bytes)
        == "⎋7⎋[3;5H⎋_Ga=p,i=7,p=1,x=0,y=0,w=80,h=40,c=8,r=2,C=1,q=2⎋\\⎋8"
        + "⎋7⎋[5;5H⎋_Ga=p,i=7,p=2,x=0,y=40,w=20,h=40,c=2,r=2,C=1,q=2⎋\\⎋8"
        + "⎋7⎋[5;10H⎋_Ga=p,i=7,p=3,x=50,y=40,w=30,h=40,c=3,r=2,C=1,q=2⎋\\⎋8"
        + "⎋7⎋[7;5H⎋_Ga=p,i=7,p=4,x=0,y=80,w=80,h=40,c=8,r=2,C=1,q=2⎋\\⎋8")
  }

  /// Back to one part from four: placement 1 moved, 2 to 4 taken off.
  @Test func partsNoLongerShownAreTakenOff() {
    let bytes = KittyPlacements.bytes(
      placing: 7, grid: grid, picture: PixelSize(width: 80, height: 120), parts: [grid],
      replacing: 4, cellPixels: cellPixels, scalesToCells: true)
    #expect(
      text(bytes)
        == "⎋7⎋[3;5H⎋_Ga=p,i=7,p=1,x=0,y=0,w=80,h=120,c=8,r=6,C=1,q=2⎋\\⎋8"
        + "⎋_Ga=d,d=i,i=7,p=2,q=2⎋\\⎋_Ga=d,d=i,i=7,p=3,q=2⎋\\⎋_Ga=d,d=i,i=7,p=4,q=2⎋\\")
  }

  /// At its own pixels (no `c`, `r`): a picture 80x110 in a grid of 8x6 cells of 10x20 ends
  /// 10 pixels into the last row; the last part's crop stops there, and a part wholly past it
  /// is no placement.
  @Test func aPictureThatKeepsItsShapeIsCroppedWhereItEnds() {
    let parts = [
      CellRect(x: 4, y: 2, columns: 8, rows: 5), CellRect(x: 4, y: 7, columns: 8, rows: 1),
    ]
    let bytes = KittyPlacements.bytes(
      placing: 7, grid: grid, picture: PixelSize(width: 80, height: 110), parts: parts,
      replacing: 3, cellPixels: cellPixels)
    #expect(
      text(bytes)
        == "⎋7⎋[3;5H⎋_Ga=p,i=7,p=1,x=0,y=0,w=80,h=100,C=1,q=2⎋\\⎋8"
        + "⎋7⎋[8;5H⎋_Ga=p,i=7,p=2,x=0,y=100,w=80,h=10,C=1,q=2⎋\\⎋8"
        + "⎋_Ga=d,d=i,i=7,p=3,q=2⎋\\")
    let past = [CellRect(x: 4, y: 8, columns: 8, rows: 1)]
    #expect(
      KittyPlacements.count(
        of: parts + past, grid: grid, picture: PixelSize(width: 80, height: 110),
        cellPixels: cellPixels) == 2)
  }
}
