import FolioCore

/// Folio's own table of ncurses color pairs. Every (foreground, background) on screen keeps its
/// pair: when a frame needs more pairs than the terminal has, its colors are quantized to
/// coarser modes until they fit, and when the table would overflow it is reset and the frame
/// redrawn whole — so a cell is never drawn with a pair that was reused for other colors.
struct ColorPairTable {
  /// A pair's colors as ncurses color numbers (-1 is the terminal default).
  struct Key: Hashable {
    var foreground: TerminalColor
    var background: TerminalColor
    init(_ cell: Cell) {
      foreground = cell.foreground
      background = cell.background
    }
  }

  /// The pairs the terminal offers beyond pair 0 (the default colors).
  let capacity: Int
  /// Whether colors are 24-bit numbers (direct-color terminfo) rather than palette indexes.
  let isDirect: Bool
  /// How many palette entries the terminal has (8 on `screen`, 256 on xterm-256color).
  let paletteSize: Int
  private var numbers: [Key: Int32] = [:]

  init(capacity: Int, isDirect: Bool, paletteSize: Int) {
    self.capacity = capacity
    self.isDirect = isDirect
    self.paletteSize = paletteSize
  }

  /// A color the terminal's palette has: entries past its size become the nearest it has.
  func available(_ color: TerminalColor) -> TerminalColor {
    guard !isDirect, case .indexed(let index) = color, Int(index) >= paletteSize else {
      return color
    }
    return .indexed(Palette.nearest16(index: index, limit: min(paletteSize, 16)))
  }

  /// The frame with colors quantized for `mode`, coarser if its distinct pairs would not fit,
  /// and the set of pairs it uses.
  func fitting(_ frame: ScreenBuffer, mode: ColorMode) -> (screen: ScreenBuffer, keys: Set<Key>) {
    let ladder: [ColorMode] = [.truecolor, .palette256, .ansi16, .none]
    var last: (ScreenBuffer, Set<Key>) = (frame, [])
    for candidate in ladder where candidate.richness <= mode.richness {
      var screen = frame
      // A cell with marks carries data in its color (kitty's image placeholders: the id).
      screen.mapCellsWithoutMarks { cell in
        cell.foreground = available(cell.foreground.quantized(for: candidate))
        cell.background = available(cell.background.quantized(for: candidate))
      }
      var keys = Set<Key>()
      for cell in screen.cells where !(cell.foreground == .default && cell.background == .default) {
        keys.insert(Key(cell))
      }
      last = (screen, keys)
      if keys.count <= capacity { break }
    }
    return last
  }

  /// Whether drawing pairs `keys` would overflow the table as it is.
  func needsReset(for keys: Set<Key>) -> Bool {
    numbers.count + keys.filter { numbers[$0] == nil }.count > capacity
  }

  mutating func removeAll() { numbers.removeAll(keepingCapacity: true) }

  /// The pair number for `key`, calling `allocate(number, fg, bg)` the first time.
  mutating func pair(for key: Key, allocate: (Int32, Int32, Int32) -> Int32) -> Int32 {
    if key.foreground == .default && key.background == .default { return 0 }
    if let number = numbers[key] { return number }
    guard numbers.count < capacity else { return 0 }
    let number = Int32(numbers.count + 1)
    _ = allocate(number, colorNumber(key.foreground), colorNumber(key.background))
    numbers[key] = number
    return number
  }

  /// The ncurses color number for a color.
  func colorNumber(_ color: TerminalColor) -> Int32 {
    switch color {
    case .default: return -1
    case .indexed(let index):
      guard isDirect else { return Int32(index) }
      let (r, g, b) = Palette.rgb(ofIndex: index)
      return Self.direct(red: r, green: g, blue: b)
    case .rgb(let r, let g, let b):
      guard isDirect else { return Int32(Palette.nearest256(red: r, green: g, blue: b)) }
      return Self.direct(red: Int(r), green: Int(g), blue: Int(b))
    }
  }

  /// A direct-color number; values below 256 would be read as palette indexes, so they are
  /// nudged by one step of green.
  static func direct(red: Int, green: Int, blue: Int) -> Int32 {
    let value = Int32(red << 16 | green << 8 | blue)
    return value < 256 ? value | 0x100 : value
  }
}
