import FolioCore

/// The colors text is drawn in over a picture: the paper is the color most of the picture's
/// cells have, and on each cell the ink is the cell's color farthest from the paper, made dark
/// (or light, on dark paper) enough to read when the block art under it has little ink.
struct InkAndPaper {
  /// The picture's most common background, as sRGB; nil when it has no colors.
  let paper: (Int, Int, Int)?
  /// The colors the picture uses.
  let colorMode: ColorMode
  /// Without colors: whether the paper is drawn with full blocks (light paper in the
  /// terminal's foreground color), so text is drawn in reverse video to sit on it.
  let paperIsFullBlocks: Bool

  init(picture: ScreenBuffer, colorMode: ColorMode) {
    self.colorMode = colorMode
    var blocks = 0
    var blanks = 0
    if colorMode == .none {
      for y in 0..<picture.size.rows {
        for x in 0..<picture.size.columns {
          switch picture[x, y].scalar {
          case "█": blocks += 1
          case " ": blanks += 1
          default: break
          }
        }
      }
    }
    paperIsFullBlocks = blocks > blanks
    // Colors close together count together (16 levels a channel); every other cell of every
    // other row is enough to find the most common one.
    var counts = [Int](repeating: 0, count: 4096)
    var counted = 0
    for y in stride(from: 0, to: picture.size.rows, by: 2) {
      for x in stride(from: 0, to: picture.size.columns, by: 2) {
        guard let rgb = Self.rgb(picture[x, y].background) else { continue }
        counts[(rgb.0 >> 4) << 8 | (rgb.1 >> 4) << 4 | rgb.2 >> 4] += 1
        counted += 1
      }
    }
    if counted > 0, let best = counts.indices.max(by: { counts[$0] < counts[$1] }) {
      paper = ((best >> 8 & 15) * 17, (best >> 4 & 15) * 17, (best & 15) * 17)
    } else {
      paper = nil
    }
  }

  /// A character over `cell`, in the ink's color on the paper's.
  func cell(_ scalar: Unicode.Scalar, under cell: Cell) -> Cell {
    if colorMode == .none {
      return Cell(scalar, attributes: paperIsFullBlocks ? [.reverse] : [])
    }
    let (ink, paper) = inkAndPaper(under: cell)
    return Cell(scalar, foreground: ink, background: paper)
  }

  /// A cell of paper where `cell` is.
  func paper(under cell: Cell) -> Cell {
    if colorMode == .none { return Cell(paperIsFullBlocks ? "█" : " ") }
    guard let paper else { return Cell(" ") }
    let background = Self.rgb(cell.background) ?? paper
    let foreground = Self.rgb(cell.foreground) ?? background
    let here =
      Self.distance(background, paper) <= Self.distance(foreground, paper)
      ? background : foreground
    let color = colorMode.color(red: UInt8(here.0), green: UInt8(here.1), blue: UInt8(here.2))
    return Cell(" ", foreground: color, background: color)
  }

  /// Whether the block art in `rows` and `columns` of `picture` (a line's glyph boxes) shows
  /// any ink: a cell with two colors, or one color away from the paper. Always false without
  /// colors.
  func hasInk(rows: Range<Int>, columns: Range<Int>, in picture: ScreenBuffer) -> Bool {
    let firstColumn = max(0, columns.lowerBound)
    let lastColumn = min(picture.size.columns, columns.upperBound)
    let firstRow = max(0, rows.lowerBound)
    let lastRow = min(picture.size.rows, rows.upperBound)
    guard firstColumn < lastColumn, firstRow < lastRow else { return false }
    for y in firstRow..<lastRow {
      for x in firstColumn..<lastColumn {
        let cell = picture[x, y]
        guard let background = Self.rgb(cell.background) else { continue }
        if let foreground = Self.rgb(cell.foreground), cell.scalar != " ",
          Self.distance(foreground, background) > 24 * 24
        {
          return true
        }
        if let paper, Self.distance(background, paper) > 48 * 48 { return true }
      }
    }
    return false
  }

  /// The ink and paper colors for a character over `cell`.
  func inkAndPaper(under cell: Cell) -> (TerminalColor, TerminalColor) {
    guard let paper, colorMode != .none else { return (.default, .default) }
    let background = Self.rgb(cell.background) ?? paper
    let foreground = Self.rgb(cell.foreground) ?? background
    let backgroundIsPaper =
      Self.distance(background, paper) <= Self.distance(foreground, paper)
    let paperHere = backgroundIsPaper ? background : foreground
    var ink = backgroundIsPaper ? foreground : background
    let paperLuma = Self.luma(paperHere)
    // Too little contrast to read: ink moves toward black on light paper, white on dark.
    if abs(Self.luma(ink) - paperLuma) < 110 {
      let target = paperLuma > 128 ? 0 : 255
      let amount = 0.75
      ink = (
        Int(Double(ink.0) * (1 - amount) + Double(target) * amount),
        Int(Double(ink.1) * (1 - amount) + Double(target) * amount),
        Int(Double(ink.2) * (1 - amount) + Double(target) * amount)
      )
    }
    return (
      colorMode.color(red: UInt8(ink.0), green: UInt8(ink.1), blue: UInt8(ink.2)),
      colorMode.color(red: UInt8(paperHere.0), green: UInt8(paperHere.1), blue: UInt8(paperHere.2))
    )
  }

  static func rgb(_ color: TerminalColor) -> (Int, Int, Int)? {
    switch color {
    case .rgb(let red, let green, let blue): return (Int(red), Int(green), Int(blue))
    case .indexed(let index): return Palette.rgb(ofIndex: index)
    case .default: return nil
    }
  }

  static func luma(_ color: (Int, Int, Int)) -> Int {
    (color.0 * 299 + color.1 * 587 + color.2 * 114) / 1000
  }

  static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
    let red = a.0 - b.0
    let green = a.1 - b.1
    let blue = a.2 - b.2
    return red * red + green * green + blue * blue
  }
}
