import FolioFixtures
import Foundation
import Testing

/// The grid as a person uses it: what start-up shows, and every key and mouse gesture that
/// moves the selection, checked on the status line and on which thumbnail is marked.
@Suite("Grid navigation")
struct GridNavigationTests {
  /// The sample document's labels.
  static let sampleLabels = ["Cover", "i", "ii", "iii"] + (1...20).map(String.init)

  /// The number of grid columns: labels on the first row of labels.
  func columnCount(_ folio: FolioSession) throws -> Int {
    let labels = try folio.labels()
    let firstRow = labels.map(\.row).min() ?? 0
    return labels.filter { $0.row == firstRow }.count
  }

  @Test func startUpShowsTenThumbnailsAndFirstPage() throws {
    let folio = try FolioSession(nil)
    // Labels are learned as pages render (or the reader reaches them).
    try folio.waitForRenders()
    let status = try folio.expectStatus("Cover · 1 / 24", "grid", "10 per screen")
    #expect(status.hasPrefix(" Folio sample document"), "title on the left: \(status)")
    try folio.expectSelected("Cover")
    // Exactly the thumbnails the status line promises, in page order, each labeled.
    let labels = try folio.labels().map(\.text)
    #expect(labels == Array(Self.sampleLabels.prefix(10)), "\(labels)")
    #expect(try columnCount(folio) == 5)
    try folio.quit()
  }

  @Test func hjklAndArrowsMoveTheSelection() throws {
    let folio = try FolioSession(.numbered)
    try folio.expectPage(1, of: 40)
    let columns = try columnCount(folio)
    #expect(columns > 1)
    let first = try folio.labels().first { $0.text == "1" }

    try folio.press("l")
    try folio.expectPage(2, of: 40)
    try folio.expectSelected("2")
    try folio.press("h")
    try folio.expectPage(1, of: 40)
    try folio.press("j")
    try folio.expectPage(1 + columns, of: 40)
    try folio.expectSelected(String(1 + columns))
    // Straight below: same column, a lower row.
    let below = try folio.labels().first { $0.text == String(1 + columns) }
    #expect(
      below.map { $0.row > (first?.row ?? 0) } == true,
      "\(String(describing: below)) under \(String(describing: first))")
    if let below, let first { #expect(abs(below.column - first.column) <= 1) }
    try folio.press("k")
    try folio.expectPage(1, of: 40)

    try folio.press("Right")
    try folio.expectPage(2, of: 40)
    try folio.press("Down")
    try folio.expectPage(2 + columns, of: 40)
    try folio.press("Left")
    try folio.expectPage(1 + columns, of: 40)
    try folio.press("Up")
    try folio.expectPage(1, of: 40)
    try folio.expectSelected("1")
    // Moving past the first page stays there.
    try folio.press("h", "k")
    try folio.press("l")
    try folio.expectPage(2, of: 40)
  }

  @Test func countsRepeatMovesAndShowWhileTyped() throws {
    let folio = try FolioSession(.numbered)
    let columns = try columnCount(folio)
    try folio.type("12")
    try folio.expectStatus("12…")
    try folio.type("l")
    try folio.expectPage(13, of: 40)
    try folio.expectSelected("13")
    let status = try folio.status()
    #expect(!status.contains("12…"), "count cleared: \(status)")
    try folio.type("2j")
    try folio.expectPage(13 + 2 * columns, of: 40)
    try folio.type("3h")
    try folio.expectPage(10 + 2 * columns, of: 40)
    try folio.type("99j")
    try folio.expectPage(40, of: 40)
    try folio.expectSelected("40")
    // Escape cancels a count.
    try folio.type("5")
    try folio.expectStatus("5…")
    try folio.press("Escape")
    try folio.waitForStatus { !$0.contains("5…") }
    try folio.press("k")
    try folio.expectPage(40 - columns, of: 40)
  }

  @Test func firstLastAndNumberedGo() throws {
    let folio = try FolioSession(.numbered)
    try folio.press("G")
    try folio.expectPage(40, of: 40)
    try folio.expectSelected("40")
    try folio.press("g")
    try folio.expectPage(1, of: 40)
    try folio.expectSelected("1")
    try folio.press("End")
    try folio.expectPage(40, of: 40)
    try folio.press("Home")
    try folio.expectPage(1, of: 40)
    try folio.type("17G")
    try folio.expectPage(17, of: 40)
    try folio.expectSelected("17")
    try folio.type("5G")
    try folio.expectPage(5, of: 40)
    try folio.type("400G")
    try folio.expectPage(40, of: 40)
  }

  @Test func screensAndHalfScreens() throws {
    let folio = try FolioSession(.numbered)
    let columns = try columnCount(folio)
    try folio.press("Space")
    let afterSpace = try folio.waitForStatus { FolioSession.position(in: $0)?.page != 1 }
    let screenStep = (FolioSession.position(in: afterSpace)?.page ?? 1) - 1
    #expect(
      screenStep > 0 && screenStep % columns == 0, "Space moved \(screenStep) pages: \(afterSpace)")
    try folio.expectSelected(String(1 + screenStep))
    try folio.press("b")
    try folio.expectPage(1, of: 40)
    try folio.press("NPage")
    try folio.expectPage(1 + screenStep, of: 40)
    try folio.press("PPage")
    try folio.expectPage(1, of: 40)
    try folio.press("C-f")
    try folio.expectPage(1 + screenStep, of: 40)
    try folio.press("C-b")
    try folio.expectPage(1, of: 40)
    try folio.type("2 ")
    try folio.expectPage(1 + 2 * screenStep, of: 40)
    try folio.press("g")
    try folio.expectPage(1, of: 40)

    try folio.press("C-d")
    let afterHalf = try folio.waitForStatus { FolioSession.position(in: $0)?.page != 1 }
    let halfStep = (FolioSession.position(in: afterHalf)?.page ?? 1) - 1
    #expect(
      halfStep > 0 && halfStep <= screenStep && halfStep % columns == 0,
      "Ctrl-D moved \(halfStep): \(afterHalf)")
    try folio.expectSelected(String(1 + halfStep))
    try folio.press("C-u")
    try folio.expectPage(1, of: 40)
  }

  @Test func promptGoesToNumbersAndLabels() throws {
    let folio = try FolioSession(nil)
    try folio.waitForRenders()
    try folio.type(":")
    try folio.expectStatus(":")
    try folio.type("iii")
    let prompt = try folio.expectStatus(":iii")
    #expect(prompt.hasPrefix(" :iii") || prompt.hasPrefix(":iii"), "prompt on the left: \(prompt)")
    try folio.press("Enter")
    try folio.expectStatus("iii · 4 / 24")
    try folio.expectSelected("iii")
    try folio.type(":ii")
    try folio.press("Enter")
    try folio.expectStatus("ii · 3 / 24")
    try folio.expectSelected("ii")
    // A label that is also a number names the label's page (page 21 is labeled 17).
    try folio.type(":17")
    try folio.press("Enter")
    try folio.expectStatus("17 · 21 / 24")
    try folio.expectSelected("17")
    try folio.type(":3")
    try folio.press("Enter")
    try folio.expectStatus("3 · 7 / 24")
    // Unknown targets leave the page and say so; Backspace edits, Escape cancels.
    try folio.type(":nope")
    try folio.press("Enter")
    try folio.expectStatus("no page", "3 · 7 / 24")
    try folio.type(":Coverx")
    try folio.press("BSpace")
    try folio.press("Enter")
    try folio.expectStatus("Cover · 1 / 24")
    try folio.type(":20")
    try folio.press("Escape")
    try folio.waitForStatus { !$0.contains(":20") }
    try folio.expectStatus("Cover · 1 / 24")
  }

  @Test func mouseClickSelectsWheelScrollsDoubleClickOpens() throws {
    let folio = try FolioSession(.numbered)
    try folio.expectSelected("1")
    let seven = try #require(try folio.labels().first { $0.text == "7" })
    try folio.click(column: seven.column, row: seven.row - 3)
    try folio.expectPage(7, of: 40)
    try folio.expectSelected("7")

    // The wheel scrolls the grid; the selection stays.
    let before = try folio.labels().map(\.text)
    try folio.wheel(down: true, count: 5)
    try folio.expectScreen("the wheel scrolls the grid") { screen in
      screen.runs(rows: 0..<29) { $0.isDim || ($0.isReverse && $0.isBold) }.map(\.text) != before
    }
    try folio.expectPage(7, of: 40)
    try folio.wheel(down: false, count: 5)
    try folio.expectScreen("the wheel scrolls back") { screen in
      screen.runs(rows: 0..<29) { $0.isDim || ($0.isReverse && $0.isBold) }.map(\.text) == before
    }

    let three = try #require(try folio.labels().first { $0.text == "3" })
    try folio.doubleClick(column: three.column, row: three.row - 3)
    try folio.expectStatus("spread")
    try folio.expectPage(3, of: 40)
  }

  @Test func rightToLeftGridReadsFromTheRight() throws {
    let folio = try FolioSession(.numbered)
    try folio.press("r")
    try folio.expectStatus("1 / 40", "grid", "RTL")
    try folio.expectScreen("page 1 right of page 2") { screen in
      let labels = screen.runs(rows: 0..<(folio.rows - 1)) {
        $0.isDim || ($0.isReverse && $0.isBold)
      }
      guard let one = labels.first(where: { $0.text == "1" }),
        let two = labels.first(where: { $0.text == "2" })
      else { return false }
      return one.row == two.row && one.column > two.column
    }
    // Left moves forward, right back.
    try folio.press("h")
    try folio.expectPage(2, of: 40)
    try folio.expectSelected("2")
    try folio.press("l")
    try folio.expectPage(1, of: 40)
    try folio.press("r")
    try folio.waitForStatus { !$0.contains("RTL") }
    try folio.press("l")
    try folio.expectPage(2, of: 40)
  }
}
