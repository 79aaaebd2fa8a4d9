import FolioFixtures
import Foundation
import Testing

/// What a reader sees of a search and of a page without colors, in tmux: the highlight covers
/// exactly the matched letters, readable, in true color and at 256 colors, whole-page and
/// zoomed; with NO_COLOR the text layer's words read as words.
@Suite("Highlights and NO_COLOR")
struct HighlightTests {
  static let lines = [
    "The category codes of characters are correct for character protrusion here,",
    "and the protrusion of glyphs into the margin makes the edge look straight.",
  ]

  static func writeDocument(in folder: ScratchFolder) throws -> String {
    let file = folder.path + "/protrusion.pdf"
    try FixturePDF.write(
      [FixturePage(width: 612, height: 792, lines: lines)], title: "Protrusion", to: file)
    return file
  }

  /// The text of the cells of `screen` (above the status line) whose background is the
  /// current hit's tint or, without colors, in bold reverse video; a row's cells joined, rows
  /// by newlines.
  static func highlighted(_ screen: StyledScreen, colors: Bool = true) -> String {
    var rows: [String] = []
    for row in screen.rows.dropLast() {
      let text = String(
        row.filter { cell in
          colors
            ? cell.background.map { $0.red > 200 && $0.green < 170 && $0.blue < 90 } ?? false
            : cell.isReverse && cell.isBold
        }.map(\.character))
      if !text.isEmpty { rows.append(text) }
    }
    return rows.joined(separator: "\n")
  }

  @Test(arguments: [("truecolor", 160, 50), ("256", 160, 50), ("truecolor", 120, 40)])
  func theCurrentHitCoversExactlyItsLetters(colors: String, columns: Int, rows: Int) throws {
    let folder = try ScratchFolder()
    let file = try Self.writeDocument(in: folder)
    let folio = try FolioSession(
      nil,
      arguments: [file, "--mode", "continuous", "--colors", colors, "--find", "protrusion"],
      columns: columns, rows: rows, environment: folder.environment)
    if columns < 160 { try folio.press("z") }
    try folio.waitForRenders()
    try folio.expectScreen("the current hit highlighted on its letters") { screen in
      Self.highlighted(screen) == "protrusion"
    }
    // The letters are readable: drawn in another color than the highlight's.
    let screen = try folio.styled()
    for row in screen.rows.dropLast() {
      for cell in row
      where cell.background.map({ $0.red > 200 && $0.green < 170 && $0.blue < 90 }) ?? false {
        #expect(cell.foreground != cell.background)
      }
    }
    // The next hit, on the next line, moves the highlight there.
    try folio.press("n")
    try folio.expectScreen("the second hit highlighted") { screen in
      Self.highlighted(screen) == "protrusion"
        && screen.rows.firstIndex { row in
          row.contains { $0.background.map { $0.red > 200 && $0.green < 170 } ?? false }
        }.map { row in screen.text(ofRow: row).contains("glyphs") } == true
    }
    try folio.quit()
  }

  @Test func withoutColorsTheTextLayerReadsAsText() throws {
    let folder = try ScratchFolder()
    let file = try Self.writeDocument(in: folder)
    var environment = folder.environment
    environment["NO_COLOR"] = "1"
    let folio = try FolioSession(
      nil, arguments: [file, "--mode", "continuous"], columns: 160, rows: 50,
      environment: environment)
    try folio.expectScreen("words with spaces between them") { screen in
      screen.rows.indices.contains {
        screen.text(ofRow: $0).contains(#/The +category +codes +of +characters/#)
      }
    }
    // Paper is the terminal's own background: no wall of full blocks, no reverse video.
    let screen = try folio.styled()
    let row = screen.rows.indices.first { screen.text(ofRow: $0).contains("category") }
    let text = try folio.screen().joined()
    #expect(!text.contains("█████"))
    if let row { #expect(!screen.rows[row].contains { $0.isReverse }) }
    // A search highlights its letters in reverse video.
    try folio.press("/")
    try folio.type("protrusion")
    try folio.press("Enter")
    try folio.expectScreen("the hit in reverse video") { screen in
      Self.highlighted(screen, colors: false) == "protrusion"
    }
    try folio.quit()
  }
}
