import FolioCore
import Glibc
import Testing

@testable import FolioTerminal

@Suite("Color pairs")
struct ColorPairTableTests {
  func frame(_ colors: [TerminalColor]) -> ScreenBuffer {
    var screen = ScreenBuffer(size: CellSize(columns: colors.count, rows: 1))
    for (x, color) in colors.enumerated() {
      screen[x, 0] = Cell("▀", foreground: color, background: .rgb(238, 243, 255))
    }
    return screen
  }

  @Test func eightColorTerminalGetsItsOwnEntries() {
    let table = ColorPairTable(capacity: 63, isDirect: false, paletteSize: 8)
    let fitted = table.fitting(frame([.rgb(255, 255, 255), .rgb(10, 10, 20)]), mode: .ansi16)
    #expect(fitted.screen[0, 0].foreground == .indexed(7))
    #expect(fitted.screen[0, 0].background == .indexed(7))
    #expect(fitted.screen[1, 0].foreground == .indexed(0))
  }

  @Test func tooManyPairsAreQuantizedUntilTheyFit() {
    let table = ColorPairTable(capacity: 10, isDirect: true, paletteSize: 1 << 24)
    let colors = (0..<200).map { TerminalColor.rgb(UInt8($0), UInt8(255 - $0), 128) }
    let fitted = table.fitting(frame(colors), mode: .truecolor)
    #expect(fitted.keys.count <= 10)
    #expect(fitted.screen.size == CellSize(columns: 200, rows: 1))
  }

  @Test func overflowingTheTableAsksForAReset() {
    var table = ColorPairTable(capacity: 3, isDirect: false, paletteSize: 256)
    var allocated: [Int32] = []
    for i in 0..<3 {
      let key = ColorPairTable.Key(
        Cell("x", foreground: .indexed(UInt8(i + 1)), background: .indexed(0)))
      _ = table.pair(for: key) { number, _, _ in
        allocated.append(number)
        return 0
      }
    }
    #expect(allocated == [1, 2, 3])
    let next = ColorPairTable.Key(Cell("x", foreground: .indexed(9), background: .indexed(0)))
    #expect(table.needsReset(for: [next]))
  }

  @Test func directColorsBelow256AreNudged() {
    #expect(ColorPairTable.direct(red: 0, green: 0, blue: 5) == 0x105)
    #expect(ColorPairTable.direct(red: 1, green: 2, blue: 3) == 0x010203)
  }
}

@Suite("Locale text width")
struct LocaleTextWidthTests {
  @Test func matchesWcwidthInUTF8() {
    setlocale(LC_ALL, "C.UTF-8")
    #expect(TextWidth.locale.width(of: "abc") == 3)
    #expect(TextWidth.locale.width(of: "日本") == 4)
    #expect(TextWidth.locale.columns("\u{0301}") == 0)
  }

  @Test func truncatesByDisplayWidth() {
    setlocale(LC_ALL, "C.UTF-8")
    let text = TextWidth.locale.truncated("日本語のタイトル", toWidth: 7)
    #expect(text == "日本語…")
    #expect(TextWidth.locale.width(of: text) <= 7)
  }
}
