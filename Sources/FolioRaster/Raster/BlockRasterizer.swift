import FolioCore

/// Turns page pixels into terminal cells: for each cell a symbol from a `SymbolSet` and the
/// foreground and background colors that reproduce the cell's pixels best.
///
/// Render the page at `pixelSize(for:)`, then call `cells(from:size:)`. Each cell's pixels are
/// box-filtered to one sample per sub-cell (for half, quad and sextant blocks then sharpened a
/// little, `sharpening`); block sets then take the pattern and two colors
/// with the least squared error in `errorSpace` (exhaustively up to inversion for half, quad
/// and sextant; a shortlist refined by single flips for octants). Braille splits by luma with
/// the dots on the smaller part; ASCII fits each character's measured ink coverage. In 16
/// colors quad, sextant and octant blocks choose among the palette's colors from the start
/// (`PaletteFitter`); the other sets and the 256-color palette round fitted colors to the
/// nearest entry. With `ColorMode.none` patterns come from lightness alone: the page's ink in
/// the terminal's foreground, its paper the terminal's background (so text reads as text on
/// any terminal; `isInverted` the other way round).
public struct BlockRasterizer: Sendable {
  /// The symbols cells are drawn with.
  public var symbols: SymbolSet
  /// The colors the output may use.
  public var colorMode: ColorMode
  /// Whether to invert lightness (keeping hue) for dark paper on dark terminals.
  public var isInverted: Bool
  /// Where color error is measured and colors are averaged.
  public var errorSpace: ErrorSpace
  /// Pixels rendered per sub-cell along each axis (1…8), averaged down to one sample; nil
  /// picks the largest factor that keeps the render within `pixelBudget`.
  public var supersampling: Int?
  /// The most pixels an automatic supersampling factor may ask Poppler for.
  public var pixelBudget: Int
  /// How lightness becomes patterns without colors.
  public var dithering: Dithering
  /// Effort for 2 x 4 block sets: rounds of single-flip refinement after the shortlist (not
  /// used in 16 colors, where octants choose among the palette's colors exhaustively).
  public var workFactor: Int
  /// How much contrast an `UnsharpMask` gives back to the samples before the fit (0: none);
  /// nil takes `defaultBlockSharpening` for half, quad and sextant blocks and 0 for the rest.
  public var sharpening: Float?

  /// The error space chosen by measurement (docs/decisions.md): sRGB with luma weights.
  public static let defaultErrorSpace = ErrorSpace.lumaWeightedSRGB
  /// 600,000 pixels: 8 x 8 per sub-cell for thumbnails and 40 x 20 pages, 6 x 6 for a Letter
  /// page in 80 x 40 sextants, 4 x 4 in 160 x 60. Larger budgets measured no better at those
  /// sizes and cost more to render and convert (docs/decisions.md).
  public static let defaultPixelBudget = 600_000
  /// The sharpening half, quad and sextant blocks get by default, chosen by measurement
  /// (docs/decisions.md). Octants, braille and ASCII (2 x 4 sub-cells) measured no better
  /// with it and get none.
  public static let defaultBlockSharpening: Float = 0.3

  /// Creates a rasterizer.
  public init(
    symbols: SymbolSet = .sextant, colorMode: ColorMode = .truecolor, isInverted: Bool = false,
    errorSpace: ErrorSpace = defaultErrorSpace, supersampling: Int? = nil,
    pixelBudget: Int = defaultPixelBudget, dithering: Dithering = .ordered, workFactor: Int = 2,
    sharpening: Float? = nil
  ) {
    self.symbols = symbols
    self.colorMode = colorMode
    self.isInverted = isInverted
    self.errorSpace = errorSpace
    self.supersampling = supersampling
    self.pixelBudget = pixelBudget
    self.dithering = dithering
    self.workFactor = workFactor
    self.sharpening = sharpening
  }

  /// The most sharpening `cells` applies; larger amounts (and infinite or NaN ones) are cut.
  public static let largestSharpening: Float = 4

  /// The `UnsharpMask` amount `cells` uses with colors: `sharpening` limited to
  /// 0…`largestSharpening` (NaN counts as 0), or the symbol set's default. (`ColorMode.none`
  /// takes patterns from lightness alone and does not sharpen.)
  public var sharpeningAmount: Float {
    if let sharpening {
      return sharpening.isNaN ? 0 : min(Self.largestSharpening, max(0, sharpening))
    }
    let table = symbols.table
    return table.kind == .blocks && table.subCellCount < 8 ? Self.defaultBlockSharpening : 0
  }

  /// Pixels rendered per sub-cell along each axis for `cells`: `supersampling` clamped to
  /// 1…8, or the largest factor up to 8 whose render fits in `pixelBudget` (at least 1).
  public func supersamplingFactor(for cells: CellSize) -> Int {
    if let supersampling { return min(8, max(1, supersampling)) }
    let table = symbols.table
    // Capped so that the products below cannot overflow, whatever the size.
    let samples = max(1, min(cells.area, 1 << 40) * table.subCellCount)
    var factor = 8
    while factor > 1 && samples * factor * factor > pixelBudget { factor -= 1 }
    return factor
  }

  /// The pixel size to render a page at so that it fills `cells` exactly.
  public func pixelSize(for cells: CellSize) -> PixelSize {
    let table = symbols.table
    let factor = supersamplingFactor(for: cells)
    return PixelSize(
      width: cells.columns * table.columns * factor, height: cells.rows * table.rows * factor)
  }

  /// Converts `image` into `size` cells. The image should be `pixelSize(for: size)`; any other
  /// size is box-filtered onto the sub-cell grid as well as it divides. O(pixels + cells).
  public func cells(from image: RGBAImage, size: CellSize) -> ScreenBuffer {
    guard !size.isEmpty else { return ScreenBuffer(size: size) }
    let table = symbols.table
    let count = table.subCellCount
    let cell = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: count)
    defer { cell.deallocate() }
    let output = CellOutput(table: table, rasterizer: self)
    if colorMode == .none {
      // One band of cells at a time, as below: memory follows a row of cells, not the image.
      var grid = SampleGrid(
        image, width: size.columns * table.columns, height: size.rows * table.rows,
        space: errorSpace, bandHeight: table.rows)
      var buffer = ScreenBuffer(size: size)
      fillMonochrome(&buffer, grid: &grid, table: table, output: output)
      return buffer
    }
    // One row of cells at a time, fitted while its samples are still in cache; blank cells
    // (every pixel the band's first pixel's color) are made once and copied.
    var grid = SampleGrid(
      image, width: size.columns * table.columns, height: size.rows * table.rows,
      space: errorSpace, bandHeight: table.rows, cellWidth: table.columns,
      sharpening: sharpeningAmount)
    let fitter = CellFitter(subCellCount: count, space: errorSpace, refinementRounds: workFactor)
    let glyphs = table.kind == .glyphs ? GlyphFitter(space: errorSpace) : nil
    let tables = ExhaustiveTables(subCellCount: count <= 6 ? count : 1)
    // 16 colors: block cells of two or more samples a part choose among the palette's
    // colors from the start. (Half blocks and flat cells have one color a part, which the
    // output rounds to the same entry the palette fit would choose.) A plain value and a flag
    // rather than an optional, which would be copied for every cell.
    let fitsPalette = colorMode == .ansi16 && table.kind == .blocks && count > 2
    let palette =
      fitsPalette ? PaletteFitter(space: errorSpace, isInverted: isInverted) : .placeholder
    // Every cell is written exactly once, in order.
    let cells = [Cell](unsafeUninitializedCapacity: size.area) { buffer, initialized in
      guard let cells = buffer.baseAddress else { return }
      var lastFlat: (color: SIMD4<Float>, cell: Cell)? = nil
      var lastBlank: (color: UInt32, cell: Cell)? = nil
      var index = 0
      for row in 0..<size.rows {
        // The grid holds band 0 from its start: loading it again would repeat its work.
        if row > 0 { grid.load(band: row) }
        var column = 0
        while column < size.columns {
          let isBlank = grid.isBlank(cell: column)
          // Only the band's first blank cell has samples; it is made like any other cell,
          // and it stands for the run of blank cells that follows.
          if isBlank, let last = lastBlank, last.color == grid.blankColor {
            let run = grid.blankRun(from: column, to: size.columns)
            (cells + index).initialize(repeating: last.cell, count: run)
            index += run
            column += run
            continue
          }
          defer {
            index += 1
            column += 1
          }
          grid.gather(column: column, columns: table.columns, rows: table.rows, into: cell)
          let choice: CellChoice
          let isFlat = fitter.isUniform(cell, tolerance: 1e-5)
          if isFlat {
            // Runs of one flat color (paper, margins) reuse the cell made for the first.
            if let last = lastFlat, last.color == cell[0] {
              (cells + index).initialize(to: last.cell)
              if isBlank { lastBlank = (grid.blankColor, last.cell) }
              continue
            }
            choice = fitter.flat(cell)
          } else {
            switch table.kind {
            case .blocks:
              if fitsPalette {
                choice = palette.fit(cell, count: count)
              } else {
                choice =
                  count <= 6
                  ? fitter.fitExhaustive(cell, tables: tables) : fitter.fitShortlist(cell)
              }
            case .dots:
              choice = fitter.fitDots(cell)
            case .glyphs:
              choice = glyphs.map { $0.fit(cell) } ?? fitter.flat(cell)
            }
          }
          let made = output.cell(for: choice, lumaAxis: fitter.lumaAxis)
          (cells + index).initialize(to: made)
          if isFlat { lastFlat = (cell[0], made) }
          if isBlank { lastBlank = (grid.blankColor, made) }
        }
      }
      assert(index == size.area, "every cell written once")
      initialized = index
    }
    return ScreenBuffer(size: size, cells: cells) ?? ScreenBuffer(size: size)
  }

  /// Patterns from lightness alone: a sub-cell is on (drawn in the terminal's foreground,
  /// taken to be light) where its lightness passes the dithering threshold.
  private func fillMonochrome(
    _ buffer: inout ScreenBuffer, grid: inout SampleGrid, table: SymbolTable,
    output: CellOutput
  ) {
    let scale = errorSpace.scale
    let lumaAxis = scale / max((scale * scale).sum(), .leastNormalMagnitude)
    let glyphs = table.kind == .glyphs ? GlyphFitter(space: errorSpace) : nil
    for row in 0..<buffer.size.rows {
      if row > 0 { grid.load(band: row) }
      for column in 0..<buffer.size.columns {
        var mask = 0
        var lightness = SIMD8<Float>(repeating: 0)
        for j in 0..<table.rows {
          for i in 0..<table.columns {
            let x = column * table.columns + i
            let y = row * table.rows + j
            var l = (grid.sample(x: x, y: y) * lumaAxis).sum()
            if errorSpace.transfer == .linear { l = Float(errorSpace.encode(l)) / 255 }
            // Ink is drawn, paper is the terminal's background (inverted: the other way).
            if !isInverted { l = 1 - l }
            let s = j * table.columns + i
            if s < 8 { lightness[s] = l }
            if l > dithering.threshold(x: x, y: y) { mask |= 1 << s }
          }
        }
        let glyph = glyphs.map { table.glyphs[$0.fitMonochrome(lightness)] }
        buffer[column, row] = Cell(glyph ?? (mask == 0 ? " " : table.glyphs[mask]))
      }
    }
  }
}

extension SampleGrid {
  /// Copies the samples of cell `column` of the loaded band (whose height is `rows`),
  /// row-major, into `cell`.
  @inline(__always)
  func gather(
    column: Int, columns: Int, rows: Int, into cell: UnsafeMutablePointer<SIMD4<Float>>
  ) {
    let base = bandSamples
    if columns == 2 {
      // Every set but half blocks: a pair of samples a row.
      var source = base + column &* 2
      for j in 0..<rows {
        cell[j &* 2] = source[0]
        cell[j &* 2 &+ 1] = source[1]
        source += width
      }
      return
    }
    var s = 0
    for j in 0..<rows {
      let row = j &* width &+ column &* columns
      for i in 0..<columns {
        cell[s] = base[row &+ i]
        s &+= 1
      }
    }
  }
}
