import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioRaster

/// The sharpened bands against the whole grid sharpened sample by sample: the same value
/// everywhere but in blank cells, which keep theirs, across band seams, run ends next to
/// blank cells and the image's edges. (Boxes of one size, so a blank cell's samples are all
/// the same float.)
@Suite("Unsharp mask")
struct UnsharpMaskTests {
  /// `grid`'s samples sharpened one at a time: each moved away from the mean of its four
  /// neighbours (the edge repeating itself), clamped to 0…`scale`, except where `keeps`.
  static func naiveSharpened(
    _ grid: borrowing SampleGrid, amount: Float, scale: SIMD4<Float>,
    keeps: (Int, Int) -> Bool
  ) -> [SIMD4<Float>] {
    let (width, height) = (grid.width, grid.height)
    func at(_ x: Int, _ y: Int) -> SIMD4<Float> {
      grid.sample(x: min(max(x, 0), width - 1), y: min(max(y, 0), height - 1))
    }
    var result: [SIMD4<Float>] = []
    for y in 0..<height {
      for x in 0..<width {
        let center = at(x, y)
        if keeps(x, y) {
          result.append(center)
          continue
        }
        let neighbors = at(x, y - 1) + at(x, y + 1) + at(x - 1, y) + at(x + 1, y)
        let value =
          center * SIMD4(repeating: 1 + amount) - neighbors * SIMD4(repeating: amount / 4)
        result.append(pointwiseMin(pointwiseMax(value, SIMD4(repeating: 0)), scale))
      }
    }
    return result
  }

  /// Paper with ink in some cells: whole rows of blank cells, blank runs between inked
  /// cells, and cells of random pixels; every fourth band on colored paper.
  static func page(cellsAcross: Int, cellsDown: Int, cell: (Int, Int), seed: UInt64)
    -> RGBAImage
  {
    var generator = SplitMix64(seed: seed)
    let size = PixelSize(width: cellsAcross * cell.0, height: cellsDown * cell.1)
    var image = RGBAImage(size: size, fill: .white)
    for row in 0..<cellsDown {
      let paper = row % 4 == 3 ? RGBA(red: 200, green: 220, blue: 90) : RGBA.white
      let inked = row % 3 != 1
      for column in 0..<cellsAcross {
        let hasInk = inked && Int.random(in: 0..<3, using: &generator) == 0
        for y in 0..<cell.1 {
          for x in 0..<cell.0 {
            image[column * cell.0 + x, row * cell.1 + y] =
              hasInk ? RasterTestImages.randomColor(&generator) : paper
          }
        }
      }
    }
    return image
  }

  @Test(arguments: [(1, 2), (2, 2), (2, 3), (2, 4)], [0.3, 1.5] as [Float])
  func bandsAreSharpenedLikeTheWholeGrid(subCells: (Int, Int), amount: Float) {
    let space = ErrorSpace.lumaWeightedSRGB
    let (cellsAcross, cellsDown, box) = (13, 9, 3)
    let image = Self.page(
      cellsAcross: cellsAcross, cellsDown: cellsDown,
      cell: (subCells.0 * box, subCells.1 * box), seed: UInt64(subCells.0 * 10 + subCells.1))
    let (width, height) = (cellsAcross * subCells.0, cellsDown * subCells.1)
    var banded = SampleGrid(
      image, width: width, height: height, space: space, bandHeight: subCells.1,
      cellWidth: subCells.0, sharpening: amount)
    // Which cells each band found blank (they keep their samples).
    var blank = Set<[Int]>()
    var sharpened: [SIMD4<Float>] = []
    for band in 0..<cellsDown {
      banded.load(band: band)
      for cell in 0..<cellsAcross where banded.isBlank(cell: cell) { blank.insert([cell, band]) }
      for y in 0..<subCells.1 {
        for x in 0..<width { sharpened.append(banded.sample(x: x, y: band * subCells.1 + y)) }
      }
    }
    #expect(blank.count > cellsAcross, "the page has blank cells")
    let whole = SampleGrid(image, width: width, height: height, space: space)
    let expected = Self.naiveSharpened(whole, amount: amount, scale: space.scale) { x, y in
      blank.contains([x / subCells.0, y / subCells.1])
    }
    for y in 0..<height {
      for x in 0..<width {
        let cell = [x / subCells.0, y / subCells.1]
        // Only a band's first blank cell is made; the rasterizer copies it to the others.
        let firstBlank = (0..<cellsAcross).first { blank.contains([$0, cell[1]]) }
        if blank.contains(cell), cell[0] != firstBlank { continue }
        #expect(sharpened[y * width + x] == expected[y * width + x], "x \(x) y \(y)")
      }
    }
  }

  @Test func aSoftStrokeOnPaperGetsDarkerAndThePaperStays() {
    // A soft gray stroke two half-block columns wide on light gray paper (not white, where
    // the clamp alone would keep the paper).
    let rasterizer = BlockRasterizer(symbols: .half, supersampling: 1)
    let cells = CellSize(columns: 6, rows: 2)
    let levels: [UInt8] = [230, 230, 100, 160, 230, 230]
    let image = RasterTestImages.image(for: rasterizer, cells: cells) { x, _ in
      RGBA(red: levels[x], green: levels[x], blue: levels[x])
    }
    func grays(_ rasterizer: BlockRasterizer) -> [[Int]] {
      let drawn = rasterizer.cells(from: image, size: cells)
      return (0..<cells.rows).map { row in
        (0..<cells.columns).map { column in
          guard case .rgb(let red, _, _) = drawn[column, row].background else { return -1 }
          return Int(red)
        }
      }
    }
    var plain = rasterizer
    plain.sharpening = 0
    #expect(grays(plain) == [levels.map(Int.init), levels.map(Int.init)])
    // Each stroke column moves away from its neighbours' mean by 0.3 of the difference:
    // 100 + 0.075 × (200 − 230 − 160) = 85.75 and 160 + 0.075 × (320 − 100 − 230) = 159.25.
    // The paper cells are blank and stay as they are (sharpened, the one beside the stroke
    // would be 230 + 0.075 × (460 − 230 − 100) = 239.75).
    for row in grays(rasterizer) {
      #expect(row[0] == 230 && row[1] == 230 && row[4] == 230 && row[5] == 230)
      #expect((85...86).contains(row[2]))
      #expect((159...160).contains(row[3]))
    }
  }

  @Test func halfQuadAndSextantAreSharpenedByDefaultAndTheTwoByFourSetsAreNot() {
    let sharpened: Set<SymbolSet> = [.half, .quad, .sextant]
    for symbols in SymbolSet.allCases {
      let expected: Float = sharpened.contains(symbols) ? BlockRasterizer.defaultBlockSharpening : 0
      #expect(BlockRasterizer(symbols: symbols).sharpeningAmount == expected, "\(symbols)")
    }
    #expect(BlockRasterizer(symbols: .braille, sharpening: 0.5).sharpeningAmount == 0.5)
    #expect(BlockRasterizer(symbols: .sextant, sharpening: -1).sharpeningAmount == 0)
    #expect(BlockRasterizer(symbols: .half, sharpening: .nan).sharpeningAmount == 0)
    #expect(
      BlockRasterizer(symbols: .half, sharpening: .infinity).sharpeningAmount
        == BlockRasterizer.largestSharpening)
  }

  @Test(arguments: [Float.infinity, 1e30, .nan, 4])
  func anyAmountGivesColorsInRange(amount: Float) {
    // Cut to at most `largestSharpening`, so no sample becomes infinite or NaN.
    var rasterizer = BlockRasterizer(symbols: .sextant, supersampling: 2)
    rasterizer.sharpening = amount
    let cells = CellSize(columns: 6, rows: 4)
    var generator = SplitMix64(seed: 5)
    let image = RasterTestImages.image(for: rasterizer, cells: cells) { _, _ in
      RasterTestImages.randomColor(&generator)
    }
    let drawn = rasterizer.cells(from: image, size: cells)
    #expect(drawn.cells.count == cells.area)
  }
}

/// The columns a band still has to make when the band before made its first row.
@Suite("Uncovered runs")
struct UncoveredRunsTests {
  /// Ascending disjoint runs within 0..<40, some touching.
  static func randomRuns(_ generator: inout SplitMix64) -> [Range<Int>] {
    var runs: [Range<Int>] = []
    var start = Int.random(in: 0..<4, using: &generator)
    while start < 40 {
      let end = min(40, start + Int.random(in: 1..<8, using: &generator))
      runs.append(start..<end)
      start = end + Int.random(in: 0..<5, using: &generator)
    }
    return runs
  }

  @Test func uncoveredColumnsAreTheSetDifference() {
    var generator = SplitMix64(seed: 11)
    for _ in 0..<500 {
      let runs = Self.randomRuns(&generator)
      let covered = Self.randomRuns(&generator)
      let result = BandSharpener.uncovered(runs, by: covered)
      let expected = Set(runs.flatMap { $0 }).subtracting(covered.flatMap { $0 })
      #expect(Set(result.flatMap { $0 }) == expected)
      #expect(result.allSatisfy { !$0.isEmpty })
      #expect(zip(result, result.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound })
    }
  }
}
