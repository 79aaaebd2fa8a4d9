import FolioCore
import Testing

/// Defaults from the environment and parsing of command-line values, all in the core.
struct SettingsParsingTests {
  @Test(arguments: [
    (["LANG": "en_US.UTF-8"], SymbolSet.sextant),
    (["LANG": "C.utf8"], .sextant),
    (["LANG": "de_DE.UTF-8@euro"], .sextant),
    (["LANG": "C"], .ascii),
    (["LANG": "de_DE.ISO-8859-1"], .ascii),
    ([:], .ascii),
    (["LC_ALL": "C", "LANG": "en_US.UTF-8"], .ascii),
    (["LC_ALL": "", "LC_CTYPE": "en_US.UTF-8", "LANG": "C"], .sextant),
    (["LC_CTYPE": "POSIX", "LANG": "en_US.UTF-8"], .ascii),
    (["LANG": "en_US.UTF-8", "TERM": "linux"], .half),
    (["LANG": "C", "TERM": "linux"], .ascii),
    (["LANG": "en_US.UTF-8", "TERM": "xterm-256color"], .sextant),
  ])
  func symbolsDefaultFollowsTheLocale(environment: [String: String], expected: SymbolSet) {
    #expect(SymbolSet.preferred(environment: environment) == expected)
  }

  @Test(arguments: [
    (["NO_COLOR": "1", "COLORTERM": "truecolor"], ColorMode.none),
    (["NO_COLOR": "", "COLORTERM": "truecolor"], .truecolor),
    (["COLORTERM": "24bit"], .truecolor),
    (["COLORTERM": "TrueColor"], .truecolor),
    (["COLORTERM": "yes"], .palette256),
    ([:], .palette256),
  ])
  func colorsDefaultFollowsTheEnvironment(environment: [String: String], expected: ColorMode) {
    #expect(ColorMode.preferred(environment: environment) == expected)
  }

  @Test func namesParseAsOnTheCommandLine() {
    #expect(SymbolSet(rawValue: "sextant") == .sextant)
    #expect(SymbolSet(rawValue: "Sextant") == nil)
    #expect(ColorMode(rawValue: "256") == .palette256)
    #expect(ColorMode(rawValue: "16") == .ansi16)
    #expect(ColorMode(rawValue: "none") == ColorMode.none)
    #expect(ColorMode(rawValue: "88") == nil)
  }

  @Test(arguments: [
    ("80x24", CellSize(columns: 80, rows: 24)),
    ("160X60", CellSize(columns: 160, rows: 60)),
    ("1x1", CellSize(columns: 1, rows: 1)),
    ("1000x1000", CellSize(columns: 1000, rows: 1000)),
    ("10000x100", CellSize(columns: 10_000, rows: 100)),
  ])
  func cellSizesParse(text: String, expected: CellSize) {
    #expect(CellSize(parsing: text) == expected)
  }

  @Test(arguments: [
    "", "80", "x24", "80x", "0x24", "80x0", "-1x5", "80x24x3", " 80x24", "8 0x24",
    "99999x2", "+80x24", "٨٠x24", "80.5x24", "1001x1000", "10000x10000", "10000x101",
  ])
  func badCellSizesDoNotParse(text: String) {
    #expect(CellSize(parsing: text) == nil)
  }
}
