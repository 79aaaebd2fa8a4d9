import FolioCore
import FolioPixels
import Testing

/// What a kitty terminal is sent for each frame's placements, against recorded bytes: a
/// picture sent once, placed whole, placed again in parts around a hole and back, taken off
/// when no longer wanted, the least recently used deleted past the bound; placeholder cells
/// instead of placements, through tmux.
@Suite("Kitty screen")
struct KittyScreenTests {
  let cellPixels = PixelSize(width: 10, height: 20)
  let picture = EncodedPicture(
    size: PixelSize(width: 40, height: 60),
    pieces: [EncodedPicture.Piece(bytes: Array("QUJD".utf8))], format: "f=100")

  func placement(page: Int = 0, grid: CellRect, parts: [CellRect]? = nil) -> ImagePlacement {
    ImagePlacement(
      image: PageImage(page: PageIndex(page), cells: grid.size), grid: grid, visible: grid,
      parts: parts ?? [grid])
  }

  func text(_ bytes: [UInt8]) -> String {
    String(String(decoding: bytes, as: UTF8.self).map { $0 == "\u{1B}" ? "⎋" : $0 })
  }

  @Test func aPictureIsSentOncePlacedAndPlacedAgainAroundAHole() throws {
    var screen = KittyScreen(cellPixels: cellPixels, style: .placements)
    let grid = CellRect(x: 2, y: 1, columns: 4, rows: 3)
    let missing = screen.want([placement(grid: grid)])
    let request = try #require(missing.first)
    #expect(missing.count == 1 && request.size == PixelSize(width: 40, height: 60))
    screen.receive(picture, for: request)
    #expect(text(screen.takeOutput()) == "⎋_Ga=t,i=1,f=100,q=2,m=0;QUJD⎋\\")
    #expect(
      text(screen.placementBytes())
        == "⎋7⎋[2;3H⎋_Ga=p,i=1,p=1,x=0,y=0,w=40,h=60,C=1,q=2⎋\\⎋8")
    // Nothing changed: nothing written.
    #expect(screen.want([placement(grid: grid)]).isEmpty)
    #expect(screen.takeOutput().isEmpty && screen.placementBytes().isEmpty)
    // A hole over its middle row's middle: four parts, nothing sent.
    let parts = grid.parts { $0 != CellPoint(x: 3, y: 2) && $0 != CellPoint(x: 4, y: 2) }
    _ = screen.want([placement(grid: grid, parts: parts)])
    #expect(screen.takeOutput().isEmpty)
    #expect(
      text(screen.placementBytes())
        == "⎋7⎋[2;3H⎋_Ga=p,i=1,p=1,x=0,y=0,w=40,h=20,C=1,q=2⎋\\⎋8"
        + "⎋7⎋[3;3H⎋_Ga=p,i=1,p=2,x=0,y=20,w=10,h=20,C=1,q=2⎋\\⎋8"
        + "⎋7⎋[3;6H⎋_Ga=p,i=1,p=3,x=30,y=20,w=10,h=20,C=1,q=2⎋\\⎋8"
        + "⎋7⎋[4;3H⎋_Ga=p,i=1,p=4,x=0,y=40,w=40,h=20,C=1,q=2⎋\\⎋8")
    // Closed: whole again, the other parts taken off.
    _ = screen.want([placement(grid: grid)])
    #expect(
      text(screen.placementBytes())
        == "⎋7⎋[2;3H⎋_Ga=p,i=1,p=1,x=0,y=0,w=40,h=60,C=1,q=2⎋\\⎋8"
        + "⎋_Ga=d,d=i,i=1,p=2,q=2⎋\\⎋_Ga=d,d=i,i=1,p=3,q=2⎋\\⎋_Ga=d,d=i,i=1,p=4,q=2⎋\\")
    // Gone from the frame: taken off, kept in the terminal; back: placed, not sent.
    _ = screen.want([])
    #expect(text(screen.placementBytes()) == "⎋_Ga=d,d=i,i=1,q=2⎋\\")
    #expect(screen.want([placement(grid: grid)]).isEmpty)
    #expect(screen.takeOutput().isEmpty && !screen.placementBytes().isEmpty)
    // Quitting deletes it by its id, then everything on the screen.
    #expect(text(screen.forgetting()) == "⎋_Ga=d,d=I,i=1,q=2⎋\\⎋_Ga=d,d=A,q=2⎋\\")
  }

  /// Past `imagesKept`, the least recently used image not on screen is deleted.
  @Test func theLeastRecentlyUsedImageGoesPastTheBound() {
    var screen = KittyScreen(cellPixels: cellPixels, style: .placements)
    for page in 0...KittyScreen.imagesKept {
      let wanted = [placement(page: page, grid: CellRect(x: 0, y: 0, columns: 4, rows: 3))]
      for request in screen.want(wanted) { screen.receive(picture, for: request) }
      _ = screen.placementBytes()
    }
    let output = text(screen.takeOutput())
    #expect(output.split(separator: "a=t,").count - 1 == KittyScreen.imagesKept + 1)
    #expect(output.hasSuffix("⎋_Ga=d,d=I,i=1,q=2⎋\\"))
  }

  /// Placeholder style through tmux: the picture and its virtual placement wrapped for tmux,
  /// placeholder cells in the frame's parts only, numbered by their place in the grid.
  @Test func placeholderCellsShowThePartsThroughTmux() throws {
    var screen = KittyScreen(
      cellPixels: cellPixels, style: .placeholders(isDirectColor: false, throughTmux: true),
      firstNumber: 5)
    let grid = CellRect(x: 1, y: -1, columns: 4, rows: 3)
    let parts = [
      CellRect(x: 1, y: 0, columns: 4, rows: 1), CellRect(x: 1, y: 1, columns: 2, rows: 1),
    ]
    let request = try #require(screen.want([placement(grid: grid, parts: parts)]).first)
    screen.receive(picture, for: request)
    #expect(
      text(screen.takeOutput())
        == "⎋Ptmux;⎋⎋_Ga=t,i=21,f=100,q=2,m=0;QUJD⎋⎋\\⎋\\"
        + "⎋Ptmux;⎋⎋_Ga=p,U=1,i=21,c=4,r=3,q=2⎋⎋\\⎋\\")
    #expect(screen.placementBytes().isEmpty)
    var cells = ScreenBuffer(size: CellSize(columns: 6, rows: 3))
    screen.decorate(&cells)
    let shown = (0..<3).flatMap { y in (0..<6).map { CellPoint(x: $0, y: y) } }
      .filter { cells.placeholder(x: $0.x, y: $0.y) != nil }
    #expect(shown.count == 6)
    let corner = try #require(cells.placeholder(x: 2, y: 1))
    #expect(corner.row == 2 && corner.column == 1)
    #expect(cells[2, 1].foreground == .indexed(21))
  }

  /// Cut into more parts than `ImagePlacement.mostParts` (each a placement of its own), a
  /// page is not placed: it stays block art. Placeholder cells have no such bound.
  @Test func aPlacementCutIntoTooManyPartsIsNotPlaced() {
    let grid = CellRect(x: 0, y: 0, columns: 2, rows: ImagePlacement.mostParts + 1)
    let rows = (0..<grid.size.rows).map { CellRect(x: 0, y: $0, columns: 1, rows: 1) }
    var placements = KittyScreen(cellPixels: cellPixels, style: .placements)
    #expect(placements.want([placement(grid: grid, parts: rows)]).isEmpty)
    #expect(placements.want([placement(grid: grid, parts: Array(rows.prefix(10)))]).count == 1)
    var placeholders = KittyScreen(
      cellPixels: cellPixels, style: .placeholders(isDirectColor: false, throughTmux: false))
    #expect(placeholders.want([placement(grid: grid, parts: rows)]).count == 1)
  }
}
