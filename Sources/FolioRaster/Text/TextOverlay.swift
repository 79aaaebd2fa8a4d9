import FolioCore

/// Draws a page's text layer as terminal text over its block art: each line of the text where
/// its glyphs are legible at this size (about a cell tall and a cell wide; every line with
/// `.on`), at the glyphs' places, in the ink's color over the paper's. Per line characters keep
/// their order left to right and their word gaps: never two in one cell (a collision moves the
/// rest of the line right), a wide character takes two cells, and what runs past the right
/// edge is dropped. Everything else stays block art.
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
  /// the page) in `colors`.
  public func draw(
    _ text: PageText, region: PageRegion, colors: ColorMode, on picture: inout ScreenBuffer
  ) {
    guard mode != .off, !text.text.isEmpty, !picture.size.isEmpty, region.width > 0,
      region.height > 0
    else { return }
    let lines = TextLine.lines(of: text, region: region, size: picture.size)
    guard mode == .on || lines.contains(where: \.isLegible) else { return }
    let colors = InkAndPaper(picture: picture, colorMode: colors)
    // Text that left no ink in the picture is invisible (rendering mode 3, painted over,
    // clipped, paper-colored): drawn only where no text shows at all, so a scan's OCR layer
    // (which lies over the scan's own ink anyway) is read, and hidden text under visible text
    // is not.
    let inked = lines.map { colors.hasInk(under: $0, in: picture) }
    let anyInked = inked.contains(true)
    var taken = [Bool](repeating: false, count: picture.size.area)
    for (line, isInked) in zip(lines, inked) where isInked || !anyInked {
      guard mode == .on || line.isLegible else { continue }
      place(line, on: &picture, taken: &taken, colors: colors)
    }
  }

  private func place(
    _ line: TextLine, on picture: inout ScreenBuffer, taken: inout [Bool], colors: InkAndPaper
  ) {
    let columns = picture.size.columns
    let row = line.row
    guard row >= 0, row < picture.size.rows else { return }
    // The block art of the line's glyphs goes: its cells become paper, so the characters
    // stand alone (cells other lines' text took stay).
    let firstColumn = max(0, line.columns.lowerBound)
    let lastColumn = min(columns, line.columns.upperBound)
    let firstRow = max(0, min(row, Int(line.top.rounded(.down))))
    let lastRow = min(picture.size.rows, max(row + 1, Int(line.bottom.rounded(.up))))
    if firstColumn < lastColumn {
      for y in firstRow..<lastRow {
        for x in firstColumn..<lastColumn where !taken[y * columns + x] {
          picture[x, y] = colors.paper(under: picture[x, y])
        }
      }
    }
    var next = Int.min
    for glyph in line.glyphs {
      let cellWidth = width.columns(glyph.scalar)
      guard cellWidth > 0 else { continue }
      // A word's characters follow each other; a word starts at its place on the page, at
      // least a cell after the word before.
      let place = Int((glyph.left + 0.3).rounded(.down))
      var column = next == Int.min ? place : glyph.followsGap ? max(place, next + 1) : next
      column = max(column, 0)
      // A cell another line took moves this character right too.
      while column + cellWidth <= columns
        && (taken[row * columns + column] || cellWidth == 2 && taken[row * columns + column + 1])
      {
        column += 1
      }
      guard column + cellWidth <= columns else { return }
      let drawn = colors.cell(glyph.scalar, under: picture[column, row])
      picture[column, row] = drawn
      taken[row * columns + column] = true
      if cellWidth == 2 {
        var continuation = drawn
        continuation.scalar = " "
        continuation.isContinuation = true
        picture[column + 1, row] = continuation
        taken[row * columns + column + 1] = true
      }
      next = column + cellWidth
    }
  }
}
