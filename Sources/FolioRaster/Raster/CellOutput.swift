import FolioCore

/// Turns a fitted `CellChoice` into a terminal `Cell`: decodes its colors from error space,
/// picks which of a pattern and its inverse to draw, inverts lightness if asked, and
/// quantizes the colors for the color mode.
struct CellOutput {
  let table: SymbolTable
  let space: ErrorSpace
  let inverseScale: SIMD4<Float>
  let isInverted: Bool
  let colorMode: ColorMode

  init(table: SymbolTable, rasterizer: BlockRasterizer) {
    self.table = table
    space = rasterizer.errorSpace
    inverseScale = space.inverseScale
    isInverted = rasterizer.isInverted
    colorMode = rasterizer.colorMode
  }

  /// The cell for a choice. Block patterns are drawn with at most half their sub-cells in the
  /// foreground, and on a tie with the darker color as foreground, so that text is ink on
  /// paper and a uniform cell is a space; a cell whose two colors end up equal is a space.
  func cell(for choice: CellChoice, lumaAxis: SIMD4<Float>) -> Cell {
    var pattern = choice.pattern
    var foreground = choice.foreground
    var background = choice.background
    if table.kind == .blocks {
      let count = table.subCellCount
      let on = pattern.nonzeroBitCount
      // Which color is darker matters only when exactly half the sub-cells are on.
      if 2 * on > count
        || (2 * on == count
          && !((foreground * lumaAxis).sum() <= (background * lumaAxis).sum()))
      {
        pattern = ~pattern & ((1 << count) - 1)
        swap(&foreground, &background)
      }
    }
    let back = terminalColor(background)
    let glyph: Unicode.Scalar = pattern == 0 ? " " : table.glyphs[pattern]
    if glyph == " " { return Cell(" ", foreground: back, background: back) }
    let fore = terminalColor(foreground)
    if fore == back { return Cell(" ", foreground: back, background: back) }
    return Cell(glyph, foreground: fore, background: back)
  }

  /// The terminal color of a stored color.
  @inline(__always)
  func terminalColor(_ stored: SIMD4<Float>) -> TerminalColor {
    let v = stored * inverseScale
    var red = space.encode(v.x)
    var green = space.encode(v.y)
    var blue = space.encode(v.z)
    if isInverted { (red, green, blue) = Lightness.inverted(red: red, green: green, blue: blue) }
    if colorMode == .truecolor { return .rgb(red, green, blue) }
    return colorMode.color(red: red, green: green, blue: blue)
  }
}
