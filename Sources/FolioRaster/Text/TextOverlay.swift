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
    let colors = InkAndPaper(picture: picture, colorMode: colors)
    var taken = Set<Int>()
    for line in TextLine.lines(of: text, region: region, size: picture.size) {
      guard mode == .on || line.isLegible else { continue }
      place(line, on: &picture, taken: &taken, colors: colors)
    }
  }

  private func place(
    _ line: TextLine, on picture: inout ScreenBuffer, taken: inout Set<Int>, colors: InkAndPaper
  ) {
    let columns = picture.size.columns
    let row = line.row
    guard row >= 0, row < picture.size.rows else { return }
    var next = Int.min
    for glyph in line.glyphs {
      let cellWidth = width.columns(glyph.scalar)
      guard cellWidth > 0 else { continue }
      var column = max(Int((glyph.left + 0.3).rounded(.down)), next + (glyph.followsGap ? 1 : 0))
      column = max(column, 0)
      // A cell another line took moves this character right too.
      while taken.contains(row * columns + column)
        || cellWidth == 2
          && taken.contains(row * columns + column + 1)
      {
        column += 1
      }
      guard column + cellWidth <= columns else { return }
      let under = picture[column, row]
      let (ink, paper) = colors.inkAndPaper(under: under)
      picture[column, row] = Cell(glyph.scalar, foreground: ink, background: paper)
      taken.insert(row * columns + column)
      if cellWidth == 2 {
        var continuation = Cell(" ", foreground: ink, background: paper)
        continuation.isContinuation = true
        picture[column + 1, row] = continuation
        taken.insert(row * columns + column + 1)
      }
      next = column + cellWidth
    }
  }
}
