import FolioCore

/// Draws a page's text layer as terminal text over its block art: each line of the text where
/// its glyphs are legible at this size (about a cell tall and a cell wide; every line with
/// `.on`), in the cells the page's `TextPlacement` gives it, in the ink's color over the
/// paper's. A picture of part of a page (a tile) draws its part of the placement of the whole
/// page at that size, so tiles agree where they meet. The block art across a drawn line's span
/// gives way to paper; everything else stays block art.
public struct TextOverlay: Sendable {
  /// Which text is drawn.
  public var mode: TextLayerMode
  /// How wide characters are on the terminal.
  public var width: TextWidth

  /// The smallest glyph height, in rows, that `.auto` draws.
  public static let legibleHeight = 0.9
  /// The smallest typical glyph advance, in columns, that `.auto` draws.
  public static let legibleAdvance = 0.75

  /// Creates an overlay.
  public init(mode: TextLayerMode, width: TextWidth = .approximate) {
    self.mode = mode
    self.width = width
  }

  /// Draws `text` over `picture`, the cells of `region` of the page (both as fractions of
  /// the page) in `colors`: lays the page's text out for the picture's grid, then draws it.
  public func draw(
    _ text: PageText, region: PageRegion, colors: ColorMode, on picture: inout ScreenBuffer
  ) {
    guard mode != .off, !text.text.isEmpty, !picture.size.isEmpty, region.width > 0,
      region.height > 0
    else { return }
    let grid = PageGrid(region: region, size: picture.size)
    draw(
      TextPlacement(text: text, grid: grid, width: width), region: region, colors: colors,
      on: &picture)
  }

  /// Draws the part of `placement` (the page's text laid out on the grid of `picture`) that
  /// falls in `picture`, the cells of `region` of the page, in `colors`.
  public func draw(
    _ placement: TextPlacement, region: PageRegion, colors: ColorMode,
    on picture: inout ScreenBuffer
  ) {
    guard mode != .off, !picture.size.isEmpty, mode == .on || placement.hasLegibleLines else {
      return
    }
    let origin = placement.grid.origin(of: region)
    let size = picture.size
    let tileRows = origin.y..<(origin.y + size.rows)
    let tileColumns = origin.x..<(origin.x + size.columns)
    // The lines on this tile, as its own rows and columns.
    let lines = placement.lines.filter { line in
      (mode == .on || line.isLegible) && tileRows.contains(line.row)
        && line.span.overlaps(tileColumns)
    }
    guard !lines.isEmpty else { return }
    let colors = InkAndPaper(picture: picture, colorMode: colors)
    func local(_ range: Range<Int>, from start: Int) -> Range<Int> {
      (range.lowerBound - start)..<(range.upperBound - start)
    }
    // Text that left no ink in the picture is invisible (rendering mode 3, painted over,
    // clipped, paper-colored): drawn only where no text shows at all, so a scan's OCR layer
    // (which lies over the scan's own ink anyway) is read, and hidden text under visible text
    // is not. Without colors thin ink can vanish in the block art, so every line counts as
    // seen.
    let inked = lines.map { line in
      colors.colorMode == .none
        || colors.hasInk(
          rows: local(line.rows, from: origin.y), columns: local(line.inkColumns, from: origin.x),
          in: picture)
    }
    let anyInked = inked.contains(true)
    var taken = [Bool](repeating: false, count: size.area)
    for (line, isInked) in zip(lines, inked) where isInked || !anyInked {
      draw(
        line, rows: local(line.rows, from: origin.y), span: local(line.span, from: origin.x),
        origin: origin, on: &picture, taken: &taken, colors: colors)
    }
  }

  /// Clears the line's span of block art (cells other lines' characters took stay) and puts
  /// its characters in.
  private func draw(
    _ line: TextPlacement.Line, rows: Range<Int>, span: Range<Int>, origin: CellPoint,
    on picture: inout ScreenBuffer, taken: inout [Bool], colors: InkAndPaper
  ) {
    let size = picture.size
    let columns = max(0, span.lowerBound)..<min(size.columns, span.upperBound)
    // Runs of cells alike (paper, mostly) get the same paper: work it out once a run.
    var last: (under: Cell, paper: Cell)?
    for y in max(0, rows.lowerBound)..<min(size.rows, rows.upperBound) {
      for x in columns where !taken[y * size.columns + x] {
        let under = picture[x, y]
        if last?.under != under { last = (under, colors.paper(under: under)) }
        picture[x, y] = last?.paper ?? under
      }
    }
    let row = line.row - origin.y
    for glyph in line.glyphs {
      let column = glyph.column - origin.x
      // Half a wide character on this tile: its other half is on the next.
      guard column >= 0, column + glyph.width <= size.columns else { continue }
      let drawn = colors.cell(glyph.scalar, under: picture[column, row])
      picture[column, row] = drawn
      taken[row * size.columns + column] = true
      if glyph.width == 2 {
        var continuation = drawn
        continuation.scalar = " "
        continuation.isContinuation = true
        picture[column + 1, row] = continuation
        taken[row * size.columns + column + 1] = true
      }
    }
  }
}
