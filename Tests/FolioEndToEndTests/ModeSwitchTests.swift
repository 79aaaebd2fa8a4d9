import FolioFixtures
import Foundation
import Testing

/// Grid, continuous and spread: switching between them keeps the page; the keys of each mode
/// do what the help says; right-to-left binding really swaps a spread's pages on screen.
@Suite("Modes")
struct ModeSwitchTests {
  @Test func tabCyclesModesKeepingThePage() throws {
    let folio = try FolioSession(.numbered)
    try folio.type("17G")
    try folio.expectSelected("17")
    try folio.press("Tab")
    try folio.expectStatus("17 / 40", "continuous", "single", "100%")
    try folio.press("Tab")
    try folio.expectStatus("17 / 40", "spread", "single", "100%")
    try folio.expectSelected("17")  // marked in the filmstrip
    try folio.press("Tab")
    try folio.expectStatus("17 / 40", "grid", "10 per screen")
    try folio.expectSelected("17")
    // Scrolled elsewhere in continuous, the grid comes back at the page now in view.
    try folio.press("Tab")
    try folio.expectStatus("continuous")
    try folio.type("200j")
    let scrolled = try folio.waitForStatus { FolioSession.position(in: $0)?.page != 17 }
    let page = try #require(FolioSession.position(in: scrolled)?.page)
    #expect(page > 17, "200j scrolls down: \(scrolled)")
    try folio.press("Tab", "Tab")
    try folio.expectStatus("grid")
    try folio.expectPage(page, of: 40)
    try folio.expectSelected(String(page))
  }

  /// `s` in the spread view gives exactly the screen that opening with that pairing gives,
  /// with the filmstrip hidden (`F`) and without: no page cut at the screen's edges.
  @Test(arguments: [true, false])
  func switchingSpreadsEqualsOpeningWithThem(hidesFilmstrip: Bool) throws {
    func screen(_ spreads: String, keys: [String]) throws -> [String] {
      let scratch = try ScratchFolder()
      let folio = try FolioSession(
        .numbered,
        arguments: ["--mode", "spread", "--spreads", spreads, "--page", "24", "--no-remember"],
        columns: 100, rows: 30, environment: scratch.environment)
      if hidesFilmstrip { try folio.press("F") }
      for key in keys { try folio.press(key) }
      try folio.expectStatus("spread", "book")
      try folio.waitForRenders()
      // What shows: tmux keeps a row's trailing blanks or not by how they were cleared.
      let shown = try folio.screen().dropLast().map {
        String($0.reversed().drop { $0 == " " }.reversed())
      }
      try folio.quit()
      return shown
    }
    let switched = try screen("single", keys: ["s", "s"])
    let opened = try screen("book", keys: [])
    #expect(switched == opened)
  }

  @Test func digitsPickModesAndStillCount() throws {
    let folio = try FolioSession(.numbered)
    try folio.type("17G")
    try folio.expectPage(17, of: 40)
    // A lone digit waits for a key that takes a count, then picks its mode.
    try folio.type("2")
    try folio.expectStatus("17 / 40", "continuous")
    try folio.type("3")
    try folio.expectStatus("17 / 40", "spread")
    try folio.type("1")
    try folio.expectStatus("17 / 40", "grid")
    try folio.expectSelected("17")
    // Followed by a key without a count, the digit picks its mode at once.
    try folio.type("3g")
    try folio.expectStatus("1 / 40", "spread")
    try folio.type("1")
    try folio.expectStatus("grid")
    // Followed by a key that takes a count, it is a count.
    try folio.type("3G")
    try folio.expectStatus("3 / 40", "grid")
    try folio.type("2l")
    try folio.expectStatus("5 / 40", "grid")
  }

  /// Where a spread's page is wide enough to read (here at 200x60), Enter opens the spread view.
  @Test func enterOpensEscapeAndBackspaceReturn() throws {
    let folio = try FolioSession(.numbered, columns: 200, rows: 60)
    try folio.type("23G")
    try folio.expectSelected("23")
    try folio.press("Enter")
    try folio.expectStatus("23 / 40", "spread")
    try folio.press("Escape")
    try folio.expectStatus("23 / 40", "grid")
    try folio.expectSelected("23")
    try folio.press("Enter")
    try folio.expectStatus("spread")
    try folio.press("l")
    try folio.expectPage(24, of: 40)
    try folio.press("BSpace")
    try folio.expectStatus("24 / 40", "grid")
    try folio.expectSelected("24")
    // Enter in the other modes does not leave them; Escape in the grid stays.
    try folio.press("Escape")
    try folio.expectStatus("24 / 40", "grid")
    try folio.type("2")
    try folio.expectStatus("continuous")
    try folio.press("Enter")
    try folio.press("l")  // a key after Enter: Enter was handled by then
    try folio.expectStatus("24 / 40", "continuous")
  }

  @Test func spreadKeysTurnSpreads() throws {
    let folio = try FolioSession(.numbered)
    try folio.type("3")
    try folio.expectStatus("1 / 40", "spread", "single")
    try folio.press("l")
    try folio.expectPage(2, of: 40)
    try folio.press("j")
    try folio.expectPage(3, of: 40)
    try folio.press("Down", "Right")
    try folio.expectPage(5, of: 40)
    try folio.press("h")
    try folio.expectPage(4, of: 40)
    try folio.press("k", "Up", "Left")
    try folio.expectPage(1, of: 40)
    try folio.press("Space")
    try folio.expectPage(2, of: 40)
    try folio.press("NPage")
    try folio.expectPage(3, of: 40)
    try folio.press("b")
    try folio.expectPage(2, of: 40)
    try folio.press("PPage")
    try folio.expectPage(1, of: 40)
    try folio.press("C-d")
    try folio.expectPage(2, of: 40)
    try folio.press("C-u")
    try folio.expectPage(1, of: 40)
    try folio.type("5l")
    try folio.expectPage(6, of: 40)
    try folio.press("G")
    try folio.expectPage(40, of: 40)
    try folio.press("g")
    try folio.expectPage(1, of: 40)
    try folio.type("11G")
    try folio.expectPage(11, of: 40)
    // The wheel turns spreads too.
    try folio.wheel(down: true, count: 2, column: 50, row: 10)
    try folio.expectPage(13, of: 40)
    try folio.wheel(down: false, count: 2, column: 50, row: 10)
    try folio.expectPage(11, of: 40)

    // Double spreads pair 1-2, 3-4, …: turning goes by two pages.
    try folio.press("s")
    try folio.expectStatus("11 / 40", "double", "double spreads")
    try folio.press("l")
    try folio.expectPage(13, of: 40)
    try folio.press("h", "h")
    try folio.expectPage(9, of: 40)
    // Book spreads: 1, 2-3, 4-5, … (page 9 is in 8-9).
    try folio.press("s")
    try folio.expectStatus("9 / 40", "book")
    try folio.press("l")
    try folio.expectPage(10, of: 40)
    // Shifted by one, book pairs like double: 9-10.
    try folio.press("S")
    try folio.expectStatus("10 / 40", "book shifted")
    try folio.press("l")
    try folio.expectPage(11, of: 40)
    try folio.press("S")
    try folio.waitForStatus { !$0.contains("shifted") }
    try folio.press("s")
    try folio.expectStatus("spread", "single")
    try folio.waitForStatus { !$0.contains("spreads") }

    // Right to left: the left key moves forward.
    try folio.press("r")
    try folio.expectStatus("RTL")
    let before = try #require(FolioSession.position(in: try folio.status())?.page)
    try folio.press("h")
    try folio.expectPage(before + 1, of: 40)
    try folio.press("l")
    try folio.expectPage(before, of: 40)
    try folio.press("r")
    try folio.waitForStatus { !$0.contains("RTL") }
  }

  /// The left and right halves of the main view: which page (pink odd, blue even) shows where.
  func halves(_ screen: StyledScreen, columns: Int, rows: Int) -> (left: Double, right: Double)? {
    // The top half of the screen: the spread, above the filmstrip.
    let band = 0..<(rows / 2)
    guard let left = screen.meanRedness(columns: 0..<(columns / 2), rows: band),
      let right = screen.meanRedness(columns: (columns / 2)..<columns, rows: band)
    else { return nil }
    return (left, right)
  }

  @Test func rightToLeftPutsPageTwoLeftOfPageOne() throws {
    let folio = try FolioSession(.numbered)
    try folio.type("3")
    try folio.expectStatus("1 / 40", "spread")
    try folio.press("s")
    try folio.expectStatus("1 / 40", "spread", "double")
    let leftToRight = try folio.expectScreen("page 1 (pink) left of page 2 (blue)") { screen in
      guard let halves = halves(screen, columns: folio.columns, rows: folio.rows) else {
        return false
      }
      return halves.left > 30 && halves.right < -30
    }
    let ltr = halves(leftToRight, columns: folio.columns, rows: folio.rows)
    try folio.press("r")
    try folio.expectStatus("1 / 40", "double", "RTL")
    let rightToLeft = try folio.expectScreen("page 2 (blue) left of page 1 (pink)") { screen in
      guard let halves = halves(screen, columns: folio.columns, rows: folio.rows) else {
        return false
      }
      return halves.left < -30 && halves.right > 30
    }
    let rtl = halves(rightToLeft, columns: folio.columns, rows: folio.rows)
    #expect(
      ltr != nil && rtl != nil, "ltr \(String(describing: ltr)) rtl \(String(describing: rtl))")
    // The filmstrip reads right to left too: page 1's label right of page 2's.
    let labels = try folio.labels()
    let one = labels.first { $0.text == "1" }
    let two = labels.first { $0.text == "2" }
    #expect(one != nil && two != nil && one!.column > two!.column, "\(labels)")
  }

  @Test func filmstripTogglesAndMarksTheSpread() throws {
    let folio = try FolioSession(.numbered)
    try folio.type("5G")
    try folio.type("3")
    try folio.expectStatus("5 / 40", "spread")
    try folio.press("s")
    try folio.expectStatus("5 / 40", "double")
    try folio.expectScreen("the filmstrip marks pages 5 and 6") { screen in
      screen.runs(rows: 0..<(folio.rows - 1)) { $0.isReverse && $0.isBold }.map(\.text) == [
        "5", "6",
      ]
    }
    let withStrip = try folio.labels().count
    #expect(withStrip >= 6, "filmstrip labels: \(withStrip)")
    try folio.press("F")
    try folio.expectScreen("no filmstrip") { screen in
      screen.runs(rows: 0..<(folio.rows - 1)) { $0.isDim || ($0.isReverse && $0.isBold) }.isEmpty
    }
    try folio.expectStatus("5 / 40", "double")
    try folio.press("F")
    try folio.expectScreen("the filmstrip is back") { screen in
      screen.runs(rows: 0..<(folio.rows - 1)) { $0.isDim || ($0.isReverse && $0.isBold) }.count
        == withStrip
    }
    // Clicking a thumbnail in the strip goes to its page.
    let seven = try #require(try folio.labels().first { $0.text == "7" })
    try folio.click(column: seven.column, row: seven.row - 2)
    try folio.expectPage(7, of: 40)
    try folio.expectScreen("the filmstrip marks pages 7 and 8") { screen in
      screen.runs(rows: 0..<(folio.rows - 1)) { $0.isReverse && $0.isBold }.map(\.text) == [
        "7", "8",
      ]
    }
  }

  /// The number of thumbnails per screen the status line shows in the grid.
  func perScreen(_ status: String) -> Int? {
    status.firstMatch(of: #/(\d+) per screen/#).flatMap { Int($0.1) }
  }

  @Test func zoomInEveryMode() throws {
    let folio = try FolioSession(.numbered)
    // Grid: fewer, bigger thumbnails; more; back to the standard count.
    let standard = try #require(perScreen(try folio.expectStatus("10 per screen")))
    let labelsAtStandard = try folio.labels().count
    try folio.press("+")
    let bigger = try folio.waitForStatus { perScreen($0) != standard }
    #expect((perScreen(bigger) ?? 99) < standard, "\(bigger)")
    try folio.expectScreen("fewer thumbnails") { screen in
      screen.runs(rows: 0..<(folio.rows - 1)) { $0.isDim || ($0.isReverse && $0.isBold) }.count
        < labelsAtStandard
    }
    try folio.press("=")
    try folio.expectStatus("10 per screen")
    try folio.press("-")
    let smaller = try folio.waitForStatus { perScreen($0) != standard }
    #expect((perScreen(smaller) ?? 0) > standard, "\(smaller)")
    try folio.press("=")
    try folio.expectStatus("10 per screen")
    try folio.expectPage(1, of: 40)

    // Continuous: the document scales, the page stays.
    try folio.type("9G")
    try folio.type("2")
    try folio.expectStatus("9 / 40", "continuous", "100%")
    try folio.press("+")
    try folio.expectStatus("9 / 40", "125%")
    // Wider than the screen now: l and h scroll sideways by two columns.
    let wide = try settledRows(folio)
    try folio.press("l")
    let right = try settledRows(folio)
    #expect(
      zip(wide, right).allSatisfy {
        Array($0.1.prefix(folio.columns - 2)) == Array($0.0.dropFirst(2).prefix(folio.columns - 2))
      },
      "l scrolls right by 2:\n\(wide.joined(separator: "\n"))\n→\n\(right.joined(separator: "\n"))")
    try folio.press("h")
    #expect(try settledRows(folio) == wide)
    try folio.expectPage(9, of: 40)
    try folio.press("-", "-")
    try folio.expectStatus("9 / 40", "80%")
    try folio.press("=")
    try folio.expectStatus("9 / 40", "100%")

    // Spread: the spread grows; arrows pan it instead of turning; = fits it again.
    try folio.type("3")
    try folio.expectStatus("9 / 40", "spread", "100%")
    try folio.type("6+")
    let zoomed = try folio.waitForStatus { !$0.contains(" 100%") }
    #expect(zoomed.contains("9 / 40") && !zoomed.contains(" 100%"), "\(zoomed)")
    let before = try folio.screen()
    try folio.press("l")
    try folio.expectScreen("l pans the zoomed spread") { _ in (try? folio.screen()) != before }
    try folio.type("20l")
    try folio.press("j", "j", "k")
    try folio.type("40h")
    try folio.expectPage(9, of: 40)
    try folio.press("=")
    try folio.expectStatus("9 / 40", "100%")
    try folio.press("l")
    try folio.expectPage(10, of: 40)
  }

  /// The main view's rows (all but the status line), once nothing is left to render.
  func settledRows(_ folio: FolioSession) throws -> [String] {
    try folio.waitForRenders()
    return Array(try folio.screen().dropLast())
  }

  /// Checks the view moved down by `rows` rows: what was at row `rows` is now at the top.
  func expectScrolled(
    _ folio: FolioSession, from before: [String], by rows: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> [String] {
    let expected = Array(before.dropFirst(rows))
    let after = try settledRows(folio)
    if Array(after.prefix(expected.count)) == expected { return after }
    Issue.record(
      "not scrolled by \(rows) rows:\n\(before.joined(separator: "\n"))\n→\n\(after.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
    return after
  }

  @Test func continuousScrollsByRowsScreensAndWheel() throws {
    let folio = try FolioSession(.numbered)
    try folio.type("5G")
    try folio.type("2")
    try folio.expectStatus("5 / 40", "continuous")
    let mainRows = folio.rows - 1
    // j: one row; Space: a screen less one row; Ctrl-D: half a screen; the wheel: three rows.
    var rows = try settledRows(folio)
    try folio.press("j")
    rows = try expectScrolled(folio, from: rows, by: 1)
    try folio.press("Space")
    rows = try expectScrolled(folio, from: rows, by: mainRows - 1)
    try folio.press("C-d")
    rows = try expectScrolled(folio, from: rows, by: mainRows / 2)
    try folio.wheel(down: true)
    rows = try expectScrolled(folio, from: rows, by: 3)
    try folio.wheel(down: false)
    try folio.press("k", "C-u", "b")
    let back = try settledRows(folio)
    try folio.press("j")
    _ = try expectScrolled(folio, from: back, by: 1)

    // Pages change as they pass the middle of the screen.
    try folio.press("g")
    try folio.expectPage(1, of: 40)
    try folio.type("100j")
    try folio.expectPage(2, of: 40)
    try folio.type("100k")
    try folio.expectPage(1, of: 40)
    try folio.press("G")
    try folio.expectPage(40, of: 40)
    try folio.type(":12")
    try folio.press("Enter")
    try folio.expectPage(12, of: 40)
    try folio.wheel(down: true, count: 40)
    try folio.waitForStatus { FolioSession.position(in: $0)?.page != 12 }
    let wheeled = try #require(FolioSession.position(in: try folio.status())?.page)
    #expect(wheeled > 12)
  }
}
