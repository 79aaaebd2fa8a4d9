import Foundation

/// A captured screen (`capture-pane -p -e`) read back into cells: each cell's character,
/// colors and attributes, as the terminal would show them. Only SGR sequences are understood;
/// anything else that looks like an escape sequence is counted in `foreignEscapes` (tmux never
/// emits one, so a non-zero count means something leaked through).
struct StyledScreen {
  /// An RGB color, 0…255 per channel.
  struct Color: Equatable {
    var red: Int
    var green: Int
    var blue: Int

    /// Red minus blue: positive for pink paper, negative for blue paper.
    var redness: Int { red - blue }
    /// Rough lightness, 0…255.
    var lightness: Int { (red * 3 + green * 6 + blue) / 10 }
  }

  struct Cell {
    var character: Character = " "
    var foreground: Color?
    var background: Color?
    var isBold = false
    var isDim = false
    var isReverse = false
  }

  /// A run of text on one row with one style.
  struct Run {
    var row: Int
    var column: Int
    var text: String
  }

  private(set) var rows: [[Cell]] = []
  private(set) var foreignEscapes = 0

  init(_ capture: String) {
    var current = Cell()
    var row: [Cell] = []
    var scalars = Array(capture.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\n":
        rows.append(row)
        row = []
      case "\u{1B}":
        guard scalars.first == "[" else {
          foreignEscapes += 1
          continue
        }
        scalars.removeFirst()
        var parameters = ""
        var final: Unicode.Scalar = "m"
        while let next = scalars.popFirst() {
          if (0x40...0x7E).contains(next.value) {
            final = next
            break
          }
          parameters.unicodeScalars.append(next)
        }
        if final == "m" {
          Self.apply(parameters, to: &current)
        } else {
          foreignEscapes += 1
        }
      default:
        var cell = current
        cell.character = Character(scalar)
        row.append(cell)
        // A wide character covers two columns.
        if Self.isWide(scalar) {
          cell.character = " "
          row.append(cell)
        }
      }
    }
    if !row.isEmpty { rows.append(row) }
  }

  /// The text of row `y`, one character per column.
  func text(ofRow y: Int) -> String {
    guard rows.indices.contains(y) else { return "" }
    return String(rows[y].map(\.character))
  }

  /// Maximal runs of cells on rows `range` for which `matches` holds, trimmed of spaces,
  /// empty ones left out.
  func runs(rows range: Range<Int>? = nil, where matches: (Cell) -> Bool) -> [Run] {
    var result: [Run] = []
    for y in range ?? rows.indices where rows.indices.contains(y) {
      var x = 0
      let cells = rows[y]
      while x < cells.count {
        guard matches(cells[x]) else {
          x += 1
          continue
        }
        let start = x
        while x < cells.count && matches(cells[x]) { x += 1 }
        let text = String(cells[start..<x].map(\.character))
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty {
          let leading = text.prefix { $0 == " " }.count
          result.append(Run(row: y, column: start + leading, text: trimmed))
        }
      }
    }
    return result
  }

  /// The mean redness of the explicit colors in a rectangle (nil when it has none).
  func meanRedness(columns: Range<Int>, rows rowRange: Range<Int>) -> Double? {
    mean(columns: columns, rows: rowRange) { $0.redness }
  }

  /// The mean lightness of the explicit colors in a rectangle (nil when it has none).
  func meanLightness(columns: Range<Int>, rows rowRange: Range<Int>) -> Double? {
    mean(columns: columns, rows: rowRange) { $0.lightness }
  }

  private func mean(columns: Range<Int>, rows rowRange: Range<Int>, _ measure: (Color) -> Int)
    -> Double?
  {
    var total = 0
    var count = 0
    for y in rowRange where rows.indices.contains(y) {
      for x in columns where rows[y].indices.contains(x) {
        for color in [rows[y][x].foreground, rows[y][x].background].compactMap({ $0 }) {
          total += measure(color)
          count += 1
        }
      }
    }
    return count == 0 ? nil : Double(total) / Double(count)
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  private static func apply(_ parameters: String, to cell: inout Cell) {
    var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 0
    }[...]
    if codes.isEmpty { codes = [0] }
    while let code = codes.popFirst() {
      switch code {
      case 0:
        cell = Cell()
      case 1: cell.isBold = true
      case 2: cell.isDim = true
      case 7: cell.isReverse = true
      case 22:
        cell.isBold = false
        cell.isDim = false
      case 27: cell.isReverse = false
      case 30...37: cell.foreground = palette(code - 30)
      case 90...97: cell.foreground = palette(code - 90 + 8)
      case 39: cell.foreground = nil
      case 40...47: cell.background = palette(code - 40)
      case 100...107: cell.background = palette(code - 100 + 8)
      case 49: cell.background = nil
      case 38, 48:
        var color: Color?
        if codes.first == 5 {
          codes.removeFirst()
          color = palette(codes.popFirst() ?? 0)
        } else if codes.first == 2 {
          codes.removeFirst()
          let channels = (codes.popFirst() ?? 0, codes.popFirst() ?? 0, codes.popFirst() ?? 0)
          color = Color(red: channels.0, green: channels.1, blue: channels.2)
        }
        if code == 38 { cell.foreground = color } else { cell.background = color }
      default:
        break
      }
    }
  }

  /// xterm's 256-color palette.
  static func palette(_ index: Int) -> Color {
    let basic: [(Int, Int, Int)] = [
      (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
      (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
      (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    switch index {
    case 0..<16:
      return Color(red: basic[index].0, green: basic[index].1, blue: basic[index].2)
    case 16..<232:
      let levels = [0, 95, 135, 175, 215, 255]
      let cube = index - 16
      return Color(red: levels[cube / 36], green: levels[(cube / 6) % 6], blue: levels[cube % 6])
    default:
      let gray = 8 + 10 * (min(index, 255) - 232)
      return Color(red: gray, green: gray, blue: gray)
    }
  }
}
