import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioRaster

/// Blank cells (every pixel the band's first pixel's color) are found exactly, and skipping
/// their averaging and fitting changes no cell.
@Suite("Blank cells")
struct BlankCellsTests {
  static let paper = RGBA(red: 250, green: 248, blue: 240)

  /// Cells of widths 2, 4, 5 and 9 pixels over a 4-row band of `paper`, with `ink` at the
  /// given pixels.
  static func band(ink: [(x: Int, y: Int, color: RGBA)]) -> (RGBAImage, [(Int, Int)]) {
    let spans = [(0, 2), (2, 6), (6, 11), (11, 20)]
    var image = RGBAImage(size: PixelSize(width: 20, height: 6), fill: paper)
    for (x, y, color) in ink { image[x, y] = color }
    return (image, spans)
  }

  static func blanks(_ image: RGBAImage, spans: [(Int, Int)], rows: Range<Int>) -> [Bool] {
    var blanks = BlankCells(spans: spans)
    blanks.find(in: image, rows: rows)
    return (0..<spans.count).map { blanks[$0] }
  }

  @Test func aPlainBandIsAllBlankInItsFirstPixelsColor() {
    let (image, spans) = Self.band(ink: [])
    var blanks = BlankCells(spans: spans)
    blanks.find(in: image, rows: 1..<5)
    #expect((0..<4).allSatisfy { blanks[$0] })
    let bytes: [UInt8] = [250, 248, 240, 255]
    #expect(blanks.color == bytes.withUnsafeBytes { $0.load(as: UInt32.self) })
  }

  @Test(arguments: [
    (0, 2, 0), (1, 4, 0),  // the narrow cell: its first column, its last pixel
    (2, 1, 1), (5, 4, 1),  // the 4-wide cell: its edges
    (6, 2, 2), (10, 4, 2), (9, 3, 2),  // the 5-wide cell: first, last, middle
    (11, 1, 3), (15, 2, 3), (19, 4, 3),  // the 9-wide cell
  ])
  func onePixelOfAnotherColorMakesItsCellNotBlank(x: Int, y: Int, cell: Int) {
    // Alpha alone differs: a different pixel all the same.
    var ink = Self.paper
    ink.alpha = 254
    let (image, spans) = Self.band(ink: [(x, y, ink)])
    let found = Self.blanks(image, spans: spans, rows: 1..<5)
    #expect(found == (0..<4).map { $0 != cell })
  }

  @Test func pixelsOutsideTheBandDoNotCount() {
    let (image, spans) = Self.band(ink: [(3, 0, .black), (12, 5, .black)])
    #expect(Self.blanks(image, spans: spans, rows: 1..<5) == [true, true, true, true])
    #expect(Self.blanks(image, spans: spans, rows: 0..<5) == [true, false, true, true])
  }

  @Test func theBandsColorIsItsFirstPixelsNotWhite() {
    // With ink at the band's first pixel the band's color is the ink's: no cell is blank.
    let (image, spans) = Self.band(ink: [(0, 1, .black)])
    #expect(Self.blanks(image, spans: spans, rows: 1..<2) == [false, false, false, false])
    #expect(Self.blanks(image, spans: spans, rows: 2..<4) == [true, true, true, true])
  }

  /// A page whose bands have their own paper colors (one of them translucent), with ink in
  /// random cells: random pixels, or one pixel of the opposite color.
  static func page(
    for rasterizer: BlockRasterizer, cells: CellSize, seed: UInt64
  ) -> RGBAImage {
    var generator = SplitMix64(seed: seed)
    let size = rasterizer.pixelSize(for: cells)
    let (cellWidth, cellHeight) = (size.width / cells.columns, size.height / cells.rows)
    var image = RGBAImage(size: size)
    for row in 0..<cells.rows {
      var paper = RasterTestImages.randomColor(&generator)
      if row == 2 { paper.alpha = 128 }
      if row == 3 { paper = .white }
      for column in 0..<cells.columns {
        let kind = Int.random(in: 0..<4, using: &generator)
        let spot = (
          Int.random(in: 0..<cellWidth, using: &generator),
          Int.random(in: 0..<cellHeight, using: &generator)
        )
        for y in 0..<cellHeight {
          for x in 0..<cellWidth {
            var color = paper
            if kind == 1 { color = RasterTestImages.randomColor(&generator) }
            if kind == 2 && (x, y) == spot {
              color = RGBA(red: ~paper.red, green: ~paper.green, blue: ~paper.blue)
            }
            image[column * cellWidth + x, row * cellHeight + y] = color
          }
        }
      }
    }
    return image
  }

  @Test(arguments: SymbolSet.allCases, [1, 2, 3])
  func everyCellIsDrawnAsIfItWereAlone(symbols: SymbolSet, supersampling: Int) {
    // Cells depend on their neighbours once sharpened (UnsharpMaskTests checks that part).
    let rasterizer = BlockRasterizer(symbols: symbols, supersampling: supersampling, sharpening: 0)
    let cells = CellSize(columns: 11, rows: 5)
    let image = Self.page(for: rasterizer, cells: cells, seed: UInt64(supersampling * 97))
    let drawn = rasterizer.cells(from: image, size: cells)
    let one = CellSize(columns: 1, rows: 1)
    let size = rasterizer.pixelSize(for: one)
    for row in 0..<cells.rows {
      for column in 0..<cells.columns {
        var alone = RGBAImage(size: size)
        for y in 0..<size.height {
          for x in 0..<size.width {
            alone[x, y] = image[column * size.width + x, row * size.height + y]
          }
        }
        let expected = rasterizer.cells(from: alone, size: one)[0, 0]
        #expect(drawn[column, row] == expected, "cell \(column), \(row)")
      }
    }
  }
}

/// The search reads bands in passes of up to eight rows and cells in steps of four columns;
/// for bands of 1 to 25 rows and cells 1 to 17 pixels wide, starting anywhere, it agrees with
/// a pixel-by-pixel check, band after band with the same search, on white paper (which it
/// checks with AND alone) and on any other.
@Suite("Blank cells, band heights and cell widths")
struct BlankCellsShapeTests {
  @Test(arguments: [BlankCellsTests.paper, .white], [1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 16, 17])
  func everyCellWidthAndBandHeightIsFoundExactly(paper: RGBA, cellWidth: Int) {
    var generator = SplitMix64(seed: UInt64(cellWidth))
    let cells = 7
    // Cells start past the image's first columns, and columns after the last cell are not
    // looked at.
    let offset = 1 + cellWidth % 3
    let width = offset + cells * cellWidth + 3
    let spans = (0..<cells).map { (offset + $0 * cellWidth, offset + ($0 + 1) * cellWidth) }
    var blanks = BlankCells(spans: spans)
    for height in 1...25 {
      var image = RGBAImage(size: PixelSize(width: width, height: height + 2), fill: paper)
      // A few pixels that differ in one channel by one level, in the band and outside it;
      // never the band's first pixel, whose color is the band's.
      for _ in 0..<4 {
        let x = Int.random(in: 0..<width, using: &generator)
        let y = Int.random(in: 0..<(height + 2), using: &generator)
        guard (x, y) != (offset, 1) else { continue }
        var color = paper
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: color.red &+= 1
        case 1: color.green &-= 1
        case 2: color.blue &+= 1
        default: color.alpha &-= 1
        }
        image[x, y] = color
      }
      blanks.find(in: image, rows: 1..<(height + 1))
      func isBlank(_ cell: Int) -> Bool {
        (1..<(height + 1)).allSatisfy { y in
          (spans[cell].0..<spans[cell].1).allSatisfy { image[$0, y] == paper }
        }
      }
      for cell in 0..<cells {
        #expect(blanks[cell] == isBlank(cell), "cell \(cell), band of \(height) rows")
        #expect(
          blanks.run(from: cell, to: cells) == (cell..<cells).prefix(while: isBlank).count)
      }
    }
  }
}
