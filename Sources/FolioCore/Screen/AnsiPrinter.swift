/// Writes a `ScreenBuffer` as plain text with SGR color sequences: the picture output of
/// `--print`, for scripts and file-manager previews.
///
/// Each row becomes one line of exactly `columns` display columns (a double-width character
/// and its continuation cell count as two), followed by a reset (`ESC[0m`) and a newline.
/// Colors are written only when they change within the line. The only control characters
/// are the ESC of SGR sequences and the newlines; unprintable scalars in cells become spaces.
/// In `ColorMode.none` no SGR sequence is written, but on a line with cells that carry
/// combining marks (`CombiningMarks`: kitty's image placeholders), whose color is data.
public struct AnsiPrinter: Sendable {
  /// The colors to write; cell colors beyond the mode are quantized to it.
  public var colorMode: ColorMode

  /// Creates a printer.
  public init(colorMode: ColorMode) {
    self.colorMode = colorMode
  }

  /// The text of `buffer`: `buffer.size.rows` lines, each ending in a newline. O(cells).
  public func text(for buffer: ScreenBuffer) -> String {
    var out = String()
    out.reserveCapacity(buffer.size.area * (colorMode == .none ? 3 : 24))
    for row in 0..<buffer.size.rows {
      appendLine(row, of: buffer, to: &out)
    }
    return out
  }

  private func appendLine(_ row: Int, of buffer: ScreenBuffer, to out: inout String) {
    // Cells with marks carry data in their color even without colors.
    let colored =
      colorMode != .none
      || (0..<buffer.size.columns).contains { buffer.marks(x: $0, y: row) != nil }
    var style = Style()
    var column = 0
    while column < buffer.size.columns {
      let cell = buffer[column, row]
      column += 1
      if let marks = buffer.marks(x: column - 1, y: row) {
        // Marks written after the character; the color is data, kept whatever the colors.
        out += style.change(
          to: cell.foreground, background: cell.background, attributes: cell.attributes)
        out.unicodeScalars.append(cell.scalar)
        out.unicodeScalars.append(contentsOf: marks.scalars)
        continue
      }
      var scalar = cell.isContinuation ? " " : cell.scalar
      if Self.isUnprintable(scalar) { scalar = " " }
      // A wide character covers the continuation cell after it, and prints as a space when
      // there is none; a stray continuation cell prints as a space.
      if Self.isWide(scalar) {
        if column < buffer.size.columns, buffer[column, row].isContinuation {
          column += 1
        } else {
          scalar = " "
        }
      }
      if colored {
        // A plain space shows no foreground: keep the current one to save bytes.
        let showsInk = scalar != " " || !cell.attributes.isEmpty
        out += style.change(
          to: showsInk ? cell.foreground.quantized(for: colorMode) : style.foreground,
          background: cell.background.quantized(for: colorMode), attributes: cell.attributes)
      }
      out.unicodeScalars.append(scalar)
    }
    if colored { out += "\u{1B}[0m" }
    out += "\n"
  }

  /// The style a line has reached, starting from the reset state.
  struct Style {
    var foreground = TerminalColor.default
    var background = TerminalColor.default
    var attributes: CellAttributes = []

    /// The SGR sequence (possibly empty) that moves to the given style, setting only what
    /// changes; a change of attributes resets and sets everything.
    mutating func change(
      to foreground: TerminalColor, background: TerminalColor, attributes: CellAttributes
    ) -> String {
      var parameters: [String] = []
      if attributes != self.attributes {
        parameters.append("0")
        if attributes.contains(.bold) { parameters.append("1") }
        if attributes.contains(.dim) { parameters.append("2") }
        if attributes.contains(.underline) { parameters.append("4") }
        if attributes.contains(.reverse) { parameters.append("7") }
        parameters += [
          AnsiPrinter.code(foreground, isBackground: false),
          AnsiPrinter.code(background, isBackground: true),
        ]
        .compactMap { $0 }
      } else {
        if foreground != self.foreground {
          parameters.append(AnsiPrinter.code(foreground, isBackground: false) ?? "39")
        }
        if background != self.background {
          parameters.append(AnsiPrinter.code(background, isBackground: true) ?? "49")
        }
      }
      self = Style(foreground: foreground, background: background, attributes: attributes)
      return parameters.isEmpty ? "" : "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }
  }

  /// The SGR parameters of a color; nil for the default (already set by the reset).
  static func code(_ color: TerminalColor, isBackground: Bool) -> String? {
    switch color {
    case .default:
      return nil
    case .indexed(let index) where index < 8:
      return String((isBackground ? 40 : 30) + Int(index))
    case .indexed(let index) where index < 16:
      return String((isBackground ? 100 : 90) + Int(index) - 8)
    case .indexed(let index):
      return (isBackground ? "48;5;" : "38;5;") + String(index)
    case .rgb(let red, let green, let blue):
      return (isBackground ? "48;2;" : "38;2;") + "\(red);\(green);\(blue)"
    }
  }

  /// C0 and C1 controls and DEL.
  static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// East Asian wide and emoji ranges, conservatively: a wide scalar without a continuation
  /// cell after it would push the line past its width, so it is printed as a space.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
