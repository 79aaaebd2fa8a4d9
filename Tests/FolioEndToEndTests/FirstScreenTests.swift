import Foundation
import Testing

/// What a new user sees first: the status line names the file (its title beside it where there
/// is room), points to the keys until the first key, counts the thumbnails that are on screen,
/// and keeps a finished search's count beside the page, not over the name.
@Suite("First screen")
struct FirstScreenTests {
  @Test(arguments: [(80, 24), (120, 40), (200, 60)])
  func theStatusLineNamesTheFileAndPointsToTheKeys(columns: Int, rows: Int) throws {
    let folio = try FolioSession(.numbered, columns: columns, rows: rows)
    let status = try folio.expectStatus("? keys", "1 / 40", "grid")
    #expect(status.hasPrefix(" numbered.pdf"), "\(status)")
    if columns >= 120 { #expect(status.hasPrefix(" numbered.pdf — Numbered pages  ? keys")) }
    // "N per screen": the thumbnails whose labels show.
    try folio.waitForRenders()
    let said = try #require(
      try folio.status().firstMatch(of: #/(\d+) per screen/#).map { Int($0.1) ?? -1 })
    let shown = try folio.screen().joined(separator: "\n")
    #expect(try folio.labels().count == said, "\(shown)")
    try folio.press("l")
    try folio.expectPage(2, of: 40)
    #expect(!(try folio.status()).contains("? keys"))
    #expect(try folio.status().hasPrefix(" numbered.pdf"))
    try folio.quit()
  }

  @Test func aFinishedSearchLeavesTheNameInPlace() throws {
    let folder = try ScratchFolder()
    let file = try FindTests.writeDocument(in: folder)
    let folio = try FolioSession(
      nil, arguments: [file, "--mode", "continuous"], environment: folder.environment)
    try folio.type("/gamma")
    try folio.press("Enter")
    try folio.expectStatus("hit 1 / 5")
    try folio.press("n")
    let status = try folio.expectStatus("hit 2 / 5", "7 / 14")
    #expect(status.hasPrefix(" known-text.pdf"), "\(status)")
    try folio.quit()
  }

  /// In a small terminal a spread's page would be a few cells wide: Enter opens the page as wide
  /// as the screen (the continuous view) and says so; `3` still shows the spread.
  @Test(arguments: [(80, 24), (100, 30)])
  func enterInASmallTerminalOpensAPageThatCanBeRead(columns: Int, rows: Int) throws {
    let folio = try FolioSession(.numbered, columns: columns, rows: rows)
    try folio.type("7G")
    try folio.expectSelected("7")
    try folio.press("Enter")
    try folio.expectStatus("the page as wide as the screen")
    try folio.expectStatus("7 / 40", "continuous")
    // The page spans the screen's width less its margins (a spread's page here: under 40).
    try folio.waitForRenders()
    let spans = try folio.screen().dropLast().map { row -> Int in
      let cells = Array(row)
      guard let first = cells.firstIndex(where: { $0 != " " }),
        let last = cells.lastIndex(where: { $0 != " " })
      else { return 0 }
      return last - first + 1
    }
    #expect((spans.max() ?? 0) >= columns - 12, "widest row: \(spans.max() ?? 0)")
    // From the page's top (its top edge in the first rows), not its middle.
    let top = try folio.screen().prefix(3)
    #expect(top.contains { $0.contains("🬭🬭🬭🬭") || $0.contains("🬋🬋🬋🬋") }, "\(top)")
    try folio.press("Escape")
    try folio.expectStatus("7 / 40", "grid")
    try folio.type("3")
    try folio.expectStatus("7 / 40", "spread")
    try folio.quit()
  }
}
