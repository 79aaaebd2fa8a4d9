import FolioCore
import FolioTestSupport
import Testing

/// SGR text for `--print`: exact widths, resets, only SGR escapes.
struct AnsiPrinterTests {
  static func sample() -> ScreenBuffer {
    var buffer = ScreenBuffer(size: CellSize(columns: 6, rows: 3))
    buffer[0, 0] = Cell("▌", foreground: .rgb(1, 2, 3), background: .rgb(250, 250, 250))
    buffer[1, 0] = Cell(" ", foreground: .rgb(9, 9, 9), background: .rgb(250, 250, 250))
    buffer[2, 0] = Cell("x", foreground: .indexed(1), background: .indexed(9))
    buffer[3, 0] = Cell("y", foreground: .indexed(200), background: .default, attributes: .bold)
    buffer[0, 1] = Cell("界", foreground: .rgb(0, 0, 0))
    buffer[1, 1] = Cell(" ", isContinuation: true)
    buffer[3, 1] = Cell("界")  // no continuation cell: printed as a space
    buffer[4, 1] = Cell("\u{1B}")  // a control character in a cell: printed as a space
    buffer[5, 1] = Cell(" ", isContinuation: true)  // stray continuation
    buffer[0, 2] = Cell("\u{1CD00}", foreground: .rgb(10, 20, 30), background: .rgb(40, 50, 60))
    return buffer
  }

  @Test(arguments: [ColorMode.truecolor, .palette256, .ansi16])
  func linesHaveExactWidthsResetsAndOnlySGR(mode: ColorMode) {
    let text = AnsiPrinter(colorMode: mode).text(for: Self.sample())
    #expect(AnsiTextChecks.problems(in: text, columns: 6, rows: 3, colored: true).isEmpty)
  }

  @Test func noColorsMeansNoEscapes() {
    let text = AnsiPrinter(colorMode: .none).text(for: Self.sample())
    #expect(!text.contains("\u{1B}"))
    #expect(AnsiTextChecks.problems(in: text, columns: 6, rows: 3, colored: false).isEmpty)
    #expect(text == "▌ xy  \n界    \n\u{1CD00}     \n")
  }

  @Test func colorCodesForEachKindOfColor() {
    let text = AnsiPrinter(colorMode: .truecolor).text(for: Self.sample())
    let first = text.split(separator: "\n")[0]
    #expect(first.hasPrefix("\u{1B}[38;2;1;2;3;48;2;250;250;250m▌"))
    // The space keeps the current foreground: only the next glyph changes colors.
    #expect(first.contains("▌ \u{1B}[31;101mx"))
    #expect(first.contains("\u{1B}[0;1;38;5;200my"))
  }

  @Test func paletteModeQuantizesTrueColors() {
    var buffer = ScreenBuffer(size: CellSize(columns: 1, rows: 1))
    buffer[0, 0] = Cell("▀", foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255))
    #expect(
      AnsiPrinter(colorMode: .palette256).text(for: buffer)
        == "\u{1B}[38;5;196;48;5;21m▀\u{1B}[0m\n")
    #expect(AnsiPrinter(colorMode: .ansi16).text(for: buffer) == "\u{1B}[91;44m▀\u{1B}[0m\n")
  }

  @Test func defaultColoredBlankLinesCarryNoColorCodes() {
    let buffer = ScreenBuffer(size: CellSize(columns: 3, rows: 2))
    #expect(AnsiPrinter(colorMode: .truecolor).text(for: buffer) == "   \u{1B}[0m\n   \u{1B}[0m\n")
  }
}
