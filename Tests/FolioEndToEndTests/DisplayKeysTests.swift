import FolioFixtures
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Keys that change how pages are drawn rather than which page is shown: symbol sets,
/// inverted paper, the help overlay.
@Suite("Display keys")
struct DisplayKeysTests {
  @Test func cCyclesSymbolSets() throws {
    let folio = try FolioSession(.numbered)
    try folio.waitForRenders()
    let sextant = try folio.screen().dropLast()
    var names: [String] = []
    for _ in 0..<6 {
      let previous = names.last
      try folio.press("c")
      let status = try folio.waitForStatus { status in
        guard let match = status.firstMatch(of: #/symbols: (\w+)/#) else { return false }
        return String(match.1) != previous
      }
      names.append(status.firstMatch(of: #/symbols: (\w+)/#).map { String($0.1) } ?? "?")
    }
    // Octants only where the C library knows them (folio draws through ncurses, which places
    // characters by the C library's widths). Octants are Unicode 16; Debian 12's glibc 2.36
    // does not have them.
    let expected =
      Self.cLibraryKnowsOctants
      ? ["octant", "braille", "ascii", "half", "quad", "sextant"]
      : ["braille", "ascii", "half", "quad", "sextant", "braille"]
    #expect(names == expected, "\(names)")
    // Back at sextant; the ascii set really draws with ASCII.
    if !Self.cLibraryKnowsOctants { try folio.press("c", "c", "c", "c") }
    try folio.expectStatus("symbols: sextant")
    for _ in 0..<(Self.cLibraryKnowsOctants ? 3 : 2) { try folio.press("c") }
    try folio.expectStatus("symbols: ascii")
    try folio.expectScreen("pages drawn in ASCII") { screen in
      (0..<(folio.rows - 1)).allSatisfy {
        screen.text(ofRow: $0).unicodeScalars.allSatisfy(\.isASCII)
      }
    }
    try folio.press("c", "c", "c")
    try folio.expectStatus("symbols: sextant")
    try folio.waitForRenders()
    try folio.expectScreen("sextants again") { _ in (try? folio.screen().dropLast()) == sextant }
    try folio.expectPage(1, of: 40)
  }

  @Test func octantsWhereTheyCannotBeDrawnBecomeSextantsAndSaySo() throws {
    // The first key clears a message, and waiting for renders types one: looked at first.
    let folio = try FolioSession(.numbered, arguments: ["--symbols", "octant"])
    let octants: ClosedRange<UInt32> = 0x1CD00...0x1CDE5
    func drawsOctants(_ screen: StyledScreen) -> Bool {
      (0..<(folio.rows - 1)).contains {
        screen.text(ofRow: $0).unicodeScalars.contains { octants.contains($0.value) }
      }
    }
    if Self.cLibraryKnowsOctants {
      try folio.expectScreen("octants drawn", drawsOctants)
    } else {
      try folio.expectStatus("cannot draw octant here; using sextant")
      try folio.expectScreen("sextants drawn, no octants") { screen in
        !drawsOctants(screen)
          && (0..<(folio.rows - 1)).contains {
            screen.text(ofRow: $0).unicodeScalars.contains {
              (0x1FB00...0x1FB3B).contains($0.value)
            }
          }
      }
    }
    try folio.expectPage(1, of: 40)
  }

  @Test func blocksInALocaleWithoutThemBecomeAscii() throws {
    // In the C locale no block character has a width, so even an explicit set gives way.
    let folio = try FolioSession(
      .numbered, arguments: ["--symbols", "sextant"], environment: ["LC_ALL": "C"])
    try folio.expectStatus("cannot draw sextant here; using ascii")
    try folio.expectScreen("pages drawn in ASCII") { screen in
      (0..<(folio.rows - 1)).allSatisfy {
        screen.text(ofRow: $0).unicodeScalars.allSatisfy(\.isASCII)
      }
        && (0..<(folio.rows - 1)).contains {
          screen.text(ofRow: $0).contains { !$0.isWhitespace && !$0.isNumber }
        }
    }
    try folio.press("c")
    try folio.expectStatus("symbols: ascii")
    try folio.expectPage(1, of: 40)
  }

  @Test func aMissingUTF8LocaleStillDrawsBlocks() throws {
    // Over SSH, LANG names the client's locale, which the server may not have. The terminal
    // still speaks UTF-8, so sextants are drawn (through C.UTF-8), with no message.
    let folio = try FolioSession(.numbered, environment: ["LC_ALL": "xx_XX.UTF-8"])
    try folio.expectScreen("sextants drawn") { screen in
      (0..<(folio.rows - 1)).contains {
        screen.text(ofRow: $0).unicodeScalars.contains { (0x1FB00...0x1FB3B).contains($0.value) }
      }
    }
    #expect(!(try folio.status()).contains("cannot draw"))
    try folio.expectPage(1, of: 40)
  }

  /// Whether the C library gives the first octant (U+1CD00) a width in a UTF-8 locale.
  static let cLibraryKnowsOctants: Bool = {
    // Glibc's module leaves wcwidth out (it needs _XOPEN_SOURCE), so it is looked up.
    typealias WidthFunction = @convention(c) (Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth"),
      let utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
    else { return false }
    defer { freelocale(utf8) }
    let previous = uselocale(utf8)
    defer { uselocale(previous) }
    return unsafeBitCast(symbol, to: WidthFunction.self)(0x1CD00) == 1
  }()

  @Test func iInvertsThePaper() throws {
    let folio = try FolioSession(.numbered)
    try folio.waitForRenders()
    let area = 0..<folio.columns
    let rows = 0..<(folio.rows - 1)
    let light = try #require(try folio.styled().meanLightness(columns: area, rows: rows))
    try folio.press("i")
    try folio.expectScreen("dark paper") { screen in
      (screen.meanLightness(columns: area, rows: rows) ?? 255) < light - 60
    }
    try folio.press("i")
    try folio.expectScreen("light paper again") { screen in
      abs((screen.meanLightness(columns: area, rows: rows) ?? 0) - light) < 10
    }
    try folio.expectPage(1, of: 40)
  }

  @Test func questionMarkShowsTheKeys() throws {
    let folio = try FolioSession(.numbered)
    func helpShown(_ screen: StyledScreen) -> Bool {
      (0..<folio.rows).contains { screen.text(ofRow: $0).contains("Folio keys") }
    }
    try folio.press("?")
    // The whole box, down to its bottom border: tmux may show a frame still being written.
    let help = try folio.expectScreen("help overlay") { screen in
      helpShown(screen)
        && (0..<folio.rows).contains { row in
          let text = screen.text(ofRow: row)
          return text.contains("└") && text.contains("┘")
        }
    }
    // The keys that move scroll the help (to its end here) and do not move the selection.
    try folio.press("G")
    let end = try folio.expectScreen("the end of the help") { screen in
      (0..<folio.rows).contains { screen.text(ofRow: $0).contains("quit") }
    }
    let text = (0..<folio.rows).map { help.text(ofRow: $0) + "\n" + end.text(ofRow: $0) }
      .joined(separator: "\n")
    for line in [
      "hjkl", "PgDn", "Ctrl-D", "G End", "Enter", "Tab", "+ - =", "right-to-left", "filmstrip",
      "quit",
    ] {
      let words = line == "hjkl" ? "j ↓" : line
      #expect(text.contains(words), "help lists \(words)")
    }
    // Nothing in the box is cut short.
    #expect(!text.split(separator: "\n").contains { $0.contains("│") && $0.contains("…") })
    // Another key closes it and does nothing else (as in less and vim).
    try folio.press("l")
    try folio.expectScreen("help closed by l") { !helpShown($0) }
    try folio.expectPage(1, of: 40)
    // ? and Escape close it too.
    try folio.press("?")
    try folio.expectScreen("help overlay again", helpShown)
    try folio.press("?")
    try folio.expectScreen("help closed by ?") { !helpShown($0) }
    try folio.press("?")
    try folio.expectScreen("help overlay again", helpShown)
    try folio.press("Escape")
    try folio.expectScreen("help closed by Escape") { !helpShown($0) }
    try folio.expectPage(1, of: 40)
    try folio.press("?")
    try folio.expectScreen("help overlay again", helpShown)
    try folio.press("q")
    try folio.expectScreen("help closed by q, folio still running") { !helpShown($0) }
    #expect(folio.isAlive)
    try folio.quit()
  }
}
