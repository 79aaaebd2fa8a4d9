import FolioCore
import Testing

/// A picture larger than the terminal shows (xterm's `maxGraphicSize`) is cut into tiles that
/// each fit, cover the cells once, and end on whole sixel bands.
@Suite("Cell rectangle tiles")
struct CellRectTilesTests {
  /// Every cell of `rect` in exactly one tile, every tile inside `rect`.
  func coversOnce(_ tiles: [CellRect], _ rect: CellRect) -> Bool {
    var seen: [CellPoint: Int] = [:]
    for tile in tiles {
      for y in tile.minY..<tile.maxY {
        for x in tile.minX..<tile.maxX { seen[CellPoint(x: x, y: y), default: 0] += 1 }
      }
    }
    let inside = seen.keys.allSatisfy { rect.contains($0) }
    return inside && seen.count == rect.size.columns * rect.size.rows
      && seen.values.allSatisfy { $0 == 1 }
  }

  @Test func aPageWiderThanXtermShowsIsCutIntoTilesThatFit() {
    // 1,500 x 760 pixels of pages in xterm's 6x13 cells, at most 1000x1000 a picture.
    let cell = PixelSize(width: 6, height: 13)
    let rect = CellRect(x: 2, y: 1, columns: 250, rows: 58)
    let tiles = rect.tiles(cellPixels: cell, largest: PixelSize(width: 1000, height: 1000))
    #expect(tiles.count == 2)
    #expect(coversOnce(tiles, rect))
    for tile in tiles {
      #expect(tile.size.columns * cell.width <= 1000)
      #expect(tile.size.rows * cell.height <= 1000)
    }
    #expect(tiles.first == CellRect(x: 2, y: 1, columns: 166, rows: 58))
  }

  @Test func tilesAboveOthersEndOnWholeSixelBands() {
    let cell = PixelSize(width: 10, height: 13)
    let rect = CellRect(x: 0, y: 0, columns: 300, rows: 200)
    let tiles = rect.tiles(cellPixels: cell, largest: PixelSize(width: 1000, height: 1000))
    #expect(coversOnce(tiles, rect))
    // 76 rows would fit (988 pixels); 72 rows are 936 pixels, 156 whole bands.
    #expect(Set(tiles.map(\.minY)) == [0, 72, 144])
    for tile in tiles where tile.maxY < rect.maxY {
      #expect(tile.size.rows * cell.height % 6 == 0)
    }
    #expect(tiles.allSatisfy { $0.size.columns <= 100 })
  }

  @Test func withoutALimitTheRectangleIsOneTile() {
    let rect = CellRect(x: 3, y: 4, columns: 500, rows: 90)
    #expect(rect.tiles(cellPixels: PixelSize(width: 10, height: 20), largest: nil) == [rect])
    let small = CellRect(x: 0, y: 0, columns: 80, rows: 40)
    #expect(
      small.tiles(
        cellPixels: PixelSize(width: 10, height: 20), largest: .init(width: 1000, height: 1000))
        == [small])
  }

  @Test func aLimitSmallerThanACellLeavesNoTile() {
    let rect = CellRect(x: 0, y: 0, columns: 10, rows: 10)
    let cell = PixelSize(width: 10, height: 20)
    #expect(rect.tiles(cellPixels: cell, largest: PixelSize(width: 9, height: 1000)).isEmpty)
    #expect(CellRect(x: 0, y: 0, columns: 0, rows: 5).tiles(cellPixels: cell, largest: nil).isEmpty)
  }
}
