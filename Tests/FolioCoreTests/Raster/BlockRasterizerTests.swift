import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioLayout
@testable import FolioRaster

/// Synthetic images with known answers for each symbol set.
struct BlockRasterizerTests {
  typealias Images = RasterTestImages
  static let black = RGBA.black
  static let white = RGBA.white

  @Test(arguments: SymbolSet.allCases)
  func solidColorGivesSpacesInThatColor(symbols: SymbolSet) {
    let rasterizer = BlockRasterizer(symbols: symbols)
    let cells = CellSize(columns: 5, rows: 3)
    let teal = RGBA(red: 20, green: 140, blue: 150)
    let image = RGBAImage(size: rasterizer.pixelSize(for: cells), fill: teal)
    let buffer = rasterizer.cells(from: image, size: cells)
    for cell in buffer.cells {
      #expect(cell.scalar == " ")
      #expect(cell.background == TerminalColor(20, 140, 150))
    }
  }

  @Test(arguments: [SymbolSet.quad, .sextant, .octant])
  func verticalEdgeAtMidCellPicksLeftHalfBlock(symbols: SymbolSet) {
    let rasterizer = BlockRasterizer(symbols: symbols)
    let cells = CellSize(columns: 4, rows: 2)
    let image = Images.image(for: rasterizer, cells: cells) { x, _ in
      x % 2 == 0 ? Self.black : Self.white
    }
    for cell in rasterizer.cells(from: image, size: cells).cells {
      #expect(
        cell
          == Cell("▌", foreground: TerminalColor(0, 0, 0), background: TerminalColor(255, 255, 255))
      )
    }
    // The mirror image draws ink on the right.
    let mirrored = Images.image(for: rasterizer, cells: cells) { x, _ in
      x % 2 == 1 ? Self.black : Self.white
    }
    for cell in rasterizer.cells(from: mirrored, size: cells).cells {
      #expect(cell.scalar == "▐")
      #expect(cell.foreground == TerminalColor(0, 0, 0))
    }
  }

  @Test func halfBlocksAreBoxAveragesWithTheDarkerHalfAsInk() {
    let rasterizer = BlockRasterizer(symbols: .half, sharpening: 0)
    let cells = CellSize(columns: 3, rows: 2)
    let red = RGBA(red: 255, green: 0, blue: 0)
    let blue = RGBA(red: 0, green: 0, blue: 255)
    let image = Images.image(for: rasterizer, cells: cells) { _, y in y % 2 == 0 ? red : blue }
    for cell in rasterizer.cells(from: image, size: cells).cells {
      // Blue is darker, so it is the ink: the lower half block.
      #expect(
        cell
          == Cell("▄", foreground: TerminalColor(0, 0, 255), background: TerminalColor(255, 0, 0)))
    }
    // A vertical edge cannot be drawn with half blocks: both halves get the mean.
    let one = CellSize(columns: 1, rows: 1)
    var split = RGBAImage(size: rasterizer.pixelSize(for: one), fill: .white)
    for y in 0..<split.height {
      for x in 0..<split.width / 2 { split[x, y] = .black }
    }
    let mean = rasterizer.cells(from: split, size: one)[0, 0]
    #expect(
      mean
        == Cell(
          " ", foreground: TerminalColor(128, 128, 128), background: TerminalColor(128, 128, 128)))
  }

  @Test func checkerboardAtSextantResolution() {
    let rasterizer = BlockRasterizer(symbols: .sextant)
    let cells = CellSize(columns: 3, rows: 2)
    let image = Images.image(for: rasterizer, cells: cells) { x, y in
      (x + y) % 2 == 0 ? Self.black : Self.white
    }
    let buffer = rasterizer.cells(from: image, size: cells)
    for row in 0..<cells.rows {
      for column in 0..<cells.columns {
        let cell = buffer[column, row]
        #expect(cell.foreground == TerminalColor(0, 0, 0))
        #expect(cell.background == TerminalColor(255, 255, 255))
        // Black sub-cells (0,0), (1,1), (0,2) are bits 0, 3, 4; cell rows are 3 sub-cells
        // high, so every other cell row starts with white.
        let expected = row % 2 == 0 ? 0b011001 : 0b100110
        #expect(SymbolTable.sextant.pattern(of: cell.scalar) == expected)
      }
    }
  }

  @Test(arguments: [SymbolSet.half, .quad, .sextant, .octant])
  func randomTwoColorCellsAreReproducedExactly(symbols: SymbolSet) {
    var generator = SplitMix64(seed: 42)
    // The fit alone: sharpening would move the colors away from their neighbours'.
    let rasterizer = BlockRasterizer(symbols: symbols, sharpening: 0)
    let table = symbols.table
    let cells = CellSize(columns: 12, rows: 10)
    var patterns: [Int] = []
    var colors: [(RGBA, RGBA)] = []
    for _ in 0..<cells.area {
      patterns.append(Int.random(in: 0..<(1 << table.subCellCount), using: &generator))
      colors.append((Images.randomColor(&generator), Images.randomColor(&generator)))
    }
    let image = Images.image(for: rasterizer, cells: cells) { x, y in
      let index = (y / table.rows) * cells.columns + x / table.columns
      let bit = (y % table.rows) * table.columns + x % table.columns
      return patterns[index] & 1 << bit != 0 ? colors[index].0 : colors[index].1
    }
    let buffer = rasterizer.cells(from: image, size: cells)
    for (index, cell) in buffer.cells.enumerated() {
      let (on, off) = colors[index]
      let shown = table.pattern(of: cell.scalar) ?? -1
      let full = (1 << table.subCellCount) - 1
      let expected: Set<TerminalColor> = [TerminalColor(on), TerminalColor(off)]
      if patterns[index] == 0 || patterns[index] == full || on == off {
        #expect(cell.scalar == " ")
      } else if cell.foreground == TerminalColor(on) {
        #expect(shown == patterns[index])
        #expect(cell.background == TerminalColor(off))
      } else {
        #expect(shown == ~patterns[index] & full)
        #expect(Set([cell.foreground, cell.background]) == expected)
      }
    }
  }

  @Test func horizontalGradientGivesMonotonicColors() {
    for symbols in [SymbolSet.half, .sextant] {
      let rasterizer = BlockRasterizer(symbols: symbols)
      let cells = CellSize(columns: 32, rows: 1)
      let image = Images.image(for: rasterizer, cells: cells) { x, _ in
        let v = UInt8(x * 255 / (cells.columns * symbols.table.columns - 1))
        return RGBA(red: v, green: v, blue: v)
      }
      let buffer = rasterizer.cells(from: image, size: cells)
      var last = -1.0
      for cell in buffer.cells {
        let light = (Images.luma(cell.foreground) + Images.luma(cell.background)) / 2
        #expect(light >= last)
        last = light
      }
      #expect(last > 200)
    }
  }

  @Test func brailleDrawsTheMinorityAsDots() {
    let rasterizer = BlockRasterizer(symbols: .braille)
    let cells = CellSize(columns: 1, rows: 1)
    let ink = RGBA(red: 30, green: 30, blue: 90)
    let image = Images.image(for: rasterizer, cells: cells) { x, y in
      (x == 1 && y == 2) || (x == 0 && y == 0) ? ink : Self.white
    }
    let cell = rasterizer.cells(from: image, size: cells)[0, 0]
    // Dots 1 (top left) and 6 (right column, third row).
    #expect(cell.scalar == "\u{2821}")
    #expect(cell.foreground == TerminalColor(30, 30, 90))
    #expect(cell.background == TerminalColor(255, 255, 255))
    // Mostly dark: the few light sub-cells become the dots.
    let inverse = Images.image(for: rasterizer, cells: cells) { x, y in
      (x == 1 && y == 2) ? Self.white : ink
    }
    let dark = rasterizer.cells(from: inverse, size: cells)[0, 0]
    #expect(dark.scalar == "\u{2820}")
    #expect(dark.foreground == TerminalColor(255, 255, 255))
  }

  @Test func asciiFollowsShapeAndTone() {
    let rasterizer = BlockRasterizer(symbols: .ascii)
    let cells = CellSize(columns: 1, rows: 1)
    // Dark bottom row on white: a glyph with ink at the bottom, such as "_".
    let image = Images.image(for: rasterizer, cells: cells) { _, y in
      y == 3 ? Self.black : Self.white
    }
    let cell = rasterizer.cells(from: image, size: cells)[0, 0]
    let index = SymbolTable.ascii.glyphs.firstIndex(of: cell.scalar) ?? 0
    let coverage = AsciiGlyphCoverage.coverage[(index * 8)..<(index * 8 + 8)].map(Int.init)
    #expect(coverage[6] + coverage[7] > coverage[0] + coverage[1] + 40, "\(cell.scalar)")
    #expect(Images.luma(cell.foreground) < Images.luma(cell.background))
  }

  /// Without colors the page's ink is drawn in the terminal's foreground and its paper is the
  /// terminal's background, so text reads as text (NO_COLOR); inverted, the other way round.
  @Test func withoutColorsDarkSubCellsAreOn() {
    let cells = CellSize(columns: 2, rows: 2)
    for symbols in [SymbolSet.half, .sextant, .braille] {
      let rasterizer = BlockRasterizer(symbols: symbols, colorMode: .none, dithering: .none)
      let white = RGBAImage(size: rasterizer.pixelSize(for: cells), fill: .white)
      let black = RGBAImage(size: rasterizer.pixelSize(for: cells), fill: .black)
      let full = symbols.table.glyphs[(1 << symbols.table.subCellCount) - 1]
      #expect(rasterizer.cells(from: black, size: cells).cells.allSatisfy { $0 == Cell(full) })
      #expect(rasterizer.cells(from: white, size: cells).cells.allSatisfy { $0 == Cell(" ") })
      var inverted = rasterizer
      inverted.isInverted = true
      #expect(inverted.cells(from: white, size: cells).cells.allSatisfy { $0 == Cell(full) })
      #expect(inverted.cells(from: black, size: cells).cells.allSatisfy { $0 == Cell(" ") })
    }
  }

  @Test func orderedDitheringDrawsMidTonesAsPatterns() {
    let cells = CellSize(columns: 8, rows: 8)
    let gray = RGBA(red: 154, green: 154, blue: 154)  // 60 % lightness: 40 % ink
    var rasterizer = BlockRasterizer(symbols: .sextant, colorMode: .none, dithering: .none)
    let image = RGBAImage(size: rasterizer.pixelSize(for: cells), fill: gray)
    #expect(rasterizer.cells(from: image, size: cells).cells.allSatisfy { $0.scalar == " " })
    rasterizer.dithering = .ordered
    let on = rasterizer.cells(from: image, size: cells).cells.reduce(0) {
      $0 + (SymbolTable.sextant.pattern(of: $1.scalar) ?? 0).nonzeroBitCount
    }
    let fraction = Double(on) / Double(cells.area * 6)
    #expect(abs(fraction - 0.4) < 0.05, "\(fraction)")
  }

  @Test func asciiWithoutColorsUsesDenseGlyphsForInk() {
    let rasterizer = BlockRasterizer(symbols: .ascii, colorMode: .none)
    let cells = CellSize(columns: 2, rows: 1)
    let white = RGBAImage(size: rasterizer.pixelSize(for: cells), fill: .white)
    let black = RGBAImage(size: rasterizer.pixelSize(for: cells), fill: .black)
    #expect(rasterizer.cells(from: white, size: cells).cells.allSatisfy { $0.scalar == " " })
    let dense = rasterizer.cells(from: black, size: cells)[0, 0].scalar
    let index = SymbolTable.ascii.glyphs.firstIndex(of: dense) ?? 0
    let coverage = AsciiGlyphCoverage.coverage[(index * 8)..<(index * 8 + 8)].reduce(0) {
      $0 + Int($1)
    }
    #expect(coverage > 8 * 50, "\(dense)")
  }

  @Test func paletteModesQuantizeAndInvertKeepsHue() {
    let cells = CellSize(columns: 1, rows: 1)
    let red = RGBA(red: 255, green: 0, blue: 0)
    let navy = RGBA(red: 0, green: 0, blue: 128)
    func color(_ mode: ColorMode, _ fill: RGBA, inverted: Bool = false) -> TerminalColor {
      let rasterizer = BlockRasterizer(colorMode: mode, isInverted: inverted)
      let image = RGBAImage(size: rasterizer.pixelSize(for: cells), fill: fill)
      return rasterizer.cells(from: image, size: cells)[0, 0].background
    }
    #expect(color(.palette256, red) == .indexed(196))
    #expect(color(.ansi16, red) == .indexed(9))
    #expect(color(.truecolor, navy, inverted: true) == TerminalColor(127, 127, 255))
    #expect(color(.truecolor, .white, inverted: true) == TerminalColor(0, 0, 0))
  }

  @Test func pixelSizeCoversEverySubCellWithTheSupersampling() {
    let cells = CellSize(columns: 80, rows: 40)
    #expect(
      BlockRasterizer(symbols: .sextant, supersampling: 1).pixelSize(for: cells)
        == PixelSize(width: 160, height: 120))
    #expect(
      BlockRasterizer(symbols: .half, supersampling: 2).pixelSize(for: cells)
        == PixelSize(width: 160, height: 160))
    #expect(
      BlockRasterizer(symbols: .octant, supersampling: 9).pixelSize(for: cells)
        == PixelSize(width: 1280, height: 1280))
  }

  @Test func imagesOfOtherSizesStillConvert() {
    let rasterizer = BlockRasterizer(symbols: .sextant)
    let cells = CellSize(columns: 3, rows: 2)
    for size in [
      PixelSize(width: 7, height: 5), PixelSize(width: 1, height: 1),
      PixelSize(width: 500, height: 300),
    ] {
      let buffer = rasterizer.cells(from: RGBAImage(size: size, fill: .black), size: cells)
      #expect(buffer.size == cells)
      #expect(buffer.cells.allSatisfy { $0.background == TerminalColor(0, 0, 0) })
    }
  }

  @Test func transparentPixelsAreDrawnOverWhite() {
    let rasterizer = BlockRasterizer(symbols: .half)
    let cells = CellSize(columns: 1, rows: 1)
    let clear = RGBAImage(
      size: rasterizer.pixelSize(for: cells), fill: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
    #expect(
      rasterizer.cells(from: clear, size: cells)[0, 0].background == TerminalColor(255, 255, 255))
  }

  @Test func linearLightKeepsFlatColorsExact() {
    let rasterizer = BlockRasterizer(symbols: .quad, errorSpace: .linearLight)
    let cells = CellSize(columns: 1, rows: 1)
    for value in stride(from: 0, through: 255, by: 5) {
      let fill = RGBA(red: UInt8(value), green: UInt8(255 - value), blue: 7)
      let image = RGBAImage(size: rasterizer.pixelSize(for: cells), fill: fill)
      #expect(rasterizer.cells(from: image, size: cells)[0, 0].background == TerminalColor(fill))
    }
  }
}

extension BlockRasterizerTests {
  @Test func automaticSupersamplingStaysWithinThePixelBudget() {
    let rasterizer = BlockRasterizer(symbols: .sextant)
    #expect(rasterizer.supersamplingFactor(for: CellSize(columns: 28, rows: 20)) == 8)
    #expect(rasterizer.supersamplingFactor(for: CellSize(columns: 85, rows: 60)) == 4)
    #expect(rasterizer.supersamplingFactor(for: CellSize(columns: 400, rows: 150)) == 1)
    for columns in stride(from: 1, through: 300, by: 7) {
      let cells = CellSize(columns: columns, rows: columns / 2 + 1)
      let pixels = rasterizer.pixelSize(for: cells)
      let factor = rasterizer.supersamplingFactor(for: cells)
      #expect(pixels.area <= BlockRasterizer.defaultPixelBudget || factor == 1)
      #expect((1...8).contains(factor))
    }
  }

  @Test(arguments: SymbolSet.allCases)
  func bothChannelOrdersGiveTheSameCells(symbols: SymbolSet) {
    let rasterizer = BlockRasterizer(symbols: symbols)
    let cells = CellSize(columns: 9, rows: 4)
    let size = rasterizer.pixelSize(for: cells)
    // Random ink on every third pixel row of the left two thirds, paper on the right third, so
    // that inked and blank cells mix.
    var generator = SplitMix64(seed: 42)
    var image = RGBAImage(size: size)
    for y in stride(from: 0, to: size.height, by: 3) {
      for x in 0..<(size.width * 2 / 3) {
        image[x, y] = RGBA(
          red: .random(in: 0...255, using: &generator),
          green: .random(in: 0...255, using: &generator),
          blue: .random(in: 0...255, using: &generator))
      }
    }
    let swapped = SampleGridTests.swappingRedAndBlue(image)
    #expect(
      rasterizer.cells(from: swapped, size: cells) == rasterizer.cells(from: image, size: cells))
  }
}
