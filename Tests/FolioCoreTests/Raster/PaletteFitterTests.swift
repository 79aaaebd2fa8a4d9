import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioRaster

/// The 16-color fit against brute force over every pair of palette colors and every pattern,
/// and through the rasterizer.
struct PaletteFitterTests {
  /// Σ over sub-cells of the squared Oklab distance to the color the pattern gives it.
  static func error(
    _ lab: [SIMD4<Float>], pattern: Int, foreground: SIMD4<Float>, background: SIMD4<Float>
  ) -> Float {
    lab.indices.reduce(0) { total, s in
      let d = lab[s] - (pattern & (1 << s) != 0 ? foreground : background)
      return total + (d * d).sum()
    }
  }

  /// The least error of any two palette colors with any pattern: for each pattern, the best
  /// color of its on part plus the best color of its off part.
  static func bruteForce(_ lab: [SIMD4<Float>], colors: [SIMD4<Float>]) -> Float {
    var best = Float.infinity
    for pattern in 0..<(1 << lab.count) {
      func part(_ on: Bool) -> Float {
        colors.map { color in
          lab.indices.filter { (pattern & (1 << $0) != 0) == on }
            .reduce(Float(0)) { total, s in total + ((lab[s] - color) * (lab[s] - color)).sum() }
        }.min() ?? 0
      }
      best = min(best, part(true) + part(false))
    }
    return best
  }

  /// Oklab of a sample as drawn, computed apart from the fitter: its bytes, inverted if the
  /// output is, then the palette's own conversion.
  static func lab(_ sample: SIMD4<Float>, space: ErrorSpace, inverted: Bool) -> SIMD4<Float> {
    let scale = space.scale
    let channels = (0..<3).map { space.encode(scale[$0] > 0 ? sample[$0] / scale[$0] : 0) }
    var (r, g, b) = (channels[0], channels[1], channels[2])
    if inverted { (r, g, b) = Lightness.inverted(red: r, green: g, blue: b) }
    return Palette.oklab((Int(r), Int(g), Int(b)))
  }

  @Test(arguments: [1, 2, 4, 6, 8], [false, true])
  func fitIsTheBestOfEveryPairAndPattern(subCells: Int, inverted: Bool) {
    let palette = (0..<16).map { Palette.entries[$0] }
    for space in [ErrorSpace.lumaWeightedSRGB, .linearLight] {
      let fitter = PaletteFitter(space: space, isInverted: inverted)
      let scale = space.scale
      let cells = CellFitterTests.randomCells(
        count: subCells == 8 ? 15 : 60, subCells: subCells, seed: 5)
      for (index, x) in cells.enumerated() {
        // Some cells beyond the displayable range, as sharpened samples can be.
        let cell = x.map { index % 4 == 0 ? ($0 * 1.4 - 0.2) * scale : $0 * scale }
        let choice = cell.withUnsafeBufferPointer { fitter.fit($0.baseAddress!, count: subCells) }
        guard let foreground = fitter.colors.firstIndex(of: choice.foreground),
          let background = fitter.colors.firstIndex(of: choice.background)
        else {
          Issue.record("colors outside the palette")
          continue
        }
        let lab = cell.map { Self.lab($0, space: space, inverted: inverted) }
        let found = Self.error(
          lab, pattern: choice.pattern, foreground: palette[foreground],
          background: palette[background])
        let least = Self.bruteForce(lab, colors: palette)
        #expect(abs(found - least) <= 1e-5 * max(1, least), "\(found) against \(least)")
        if choice.pattern == 0 { #expect(choice.foreground == choice.background) }
      }
    }
  }

  @Test func samplesOfTwoPaletteColorsComeBackExactly() {
    let fitter = PaletteFitter(space: .lumaWeightedSRGB)
    let (navy, yellow) = (fitter.colors[4], fitter.colors[11])
    let cell = [navy, yellow, yellow, navy, navy, yellow]
    let choice = cell.withUnsafeBufferPointer { fitter.fit($0.baseAddress!, count: 6) }
    // Blue is the lower entry, so it is the foreground: on where the samples are navy.
    #expect(choice.pattern == 0b011001)
    #expect(choice.foreground == navy)
    #expect(choice.background == yellow)
  }

  /// Each palette color, as the fit returns it, goes out as exactly its own entry, with and
  /// without inversion and in both transfer functions.
  @Test(arguments: [false, true])
  func fittedColorsAreTheirOwnEntriesOnOutput(inverted: Bool) {
    for space in [ErrorSpace.lumaWeightedSRGB, .linearLight] {
      let fitter = PaletteFitter(space: space, isInverted: inverted)
      let rasterizer = BlockRasterizer(
        colorMode: .ansi16, isInverted: inverted, errorSpace: space)
      let output = CellOutput(table: SymbolSet.sextant.table, rasterizer: rasterizer)
      for (k, color) in fitter.colors.enumerated() {
        #expect(output.terminalColor(color) == .indexed(UInt8(k)), "entry \(k)")
      }
    }
  }

  /// In 16 colors the rasterizer draws each block cell as the palette fit of its samples
  /// (here exactly the sub-cells' colors: no supersampling blur and no sharpening).
  @Test(arguments: [SymbolSet.quad, .sextant, .octant], [false, true])
  func rasterizerDrawsThePaletteFit(symbols: SymbolSet, inverted: Bool) {
    let rasterizer = BlockRasterizer(
      symbols: symbols, colorMode: .ansi16, isInverted: inverted, supersampling: 1,
      sharpening: 0)
    let table = symbols.table
    let cells = CellSize(columns: 5, rows: 3)
    var generator = SplitMix64(seed: 3)
    let grid = (0..<(cells.rows * table.rows)).map { _ in
      (0..<(cells.columns * table.columns)).map { _ in RasterTestImages.randomColor(&generator) }
    }
    let image = RasterTestImages.image(for: rasterizer, cells: cells) { x, y in grid[y][x] }
    let buffer = rasterizer.cells(from: image, size: cells)
    let space = rasterizer.errorSpace
    let fitter = PaletteFitter(space: space, isInverted: inverted)
    let output = CellOutput(table: table, rasterizer: rasterizer)
    let scale = space.scale
    for row in 0..<cells.rows {
      for column in 0..<cells.columns {
        var samples: [SIMD4<Float>] = []
        for j in 0..<table.rows {
          for i in 0..<table.columns {
            let color = grid[row * table.rows + j][column * table.columns + i]
            samples.append(
              SIMD4(Float(color.red), Float(color.green), Float(color.blue), 0) / 255 * scale)
          }
        }
        let choice = samples.withUnsafeBufferPointer {
          fitter.fit($0.baseAddress!, count: samples.count)
        }
        let expected = output.cell(for: choice, lumaAxis: scale / (scale * scale).sum())
        #expect(buffer[column, row] == expected, "cell \(column), \(row)")
      }
    }
  }
}
