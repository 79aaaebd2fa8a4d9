import FolioCore

/// The colors text is drawn in over a picture: the paper is the color most of the picture's
/// cells have, and on each cell the ink is the cell's color farthest from the paper, made dark
/// (or light, on dark paper) enough to read when the block art under it has little ink.
struct InkAndPaper {
  /// The picture's most common background, as sRGB; nil when it has no colors.
  let paper: (Int, Int, Int)?
  /// The colors the picture uses.
  let colorMode: ColorMode

  init(picture: ScreenBuffer, colorMode: ColorMode) {
    self.colorMode = colorMode
    var counts: [Int: Int] = [:]
    for y in 0..<picture.size.rows {
      for x in 0..<picture.size.columns {
        let cell = picture[x, y]
        guard let rgb = Self.rgb(cell.background) else { continue }
        // Colors close together count together (16 levels a channel).
        counts[(rgb.0 >> 4) << 8 | (rgb.1 >> 4) << 4 | rgb.2 >> 4, default: 0] += 1
      }
    }
    if let best = counts.max(by: { $0.value < $1.value })?.key {
      paper = ((best >> 8 & 15) * 17, (best >> 4 & 15) * 17, (best & 15) * 17)
    } else {
      paper = nil
    }
  }

  /// The ink and paper colors for a character over `cell`.
  func inkAndPaper(under cell: Cell) -> (TerminalColor, TerminalColor) {
    guard let paper, colorMode != .none else { return (.default, .default) }
    let colors = [cell.foreground, cell.background].compactMap(Self.rgb)
    let paperHere =
      colors.min { Self.distance($0, paper) < Self.distance($1, paper) } ?? paper
    var ink = colors.max { Self.distance($0, paperHere) < Self.distance($1, paperHere) } ?? paper
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
