import FolioCore
import FolioFixtures
import FolioTestSupport
import Foundation
import Testing

/// Resizing the terminal: the same page stays in view in every mode; tiny and huge sizes and
/// storms of resizes neither crash nor leave a stale screen.
@Suite("Resize")
struct ResizeTests {
  @Test(arguments: ["grid", "continuous", "spread"])
  func resizeKeepsThePage(mode: String) throws {
    let folio = try FolioSession(.numbered)
    try folio.type("23G")
    try folio.expectPage(23, of: 40)
    if mode != "grid" {
      try folio.type(mode == "continuous" ? "2" : "3")
      try folio.expectStatus("23 / 40", mode)
    }
    for (columns, rows) in [(60, 20), (160, 50), (45, 40), (100, 30)] {
      try folio.resize(columns: columns, rows: rows)
      try folio.expectScreen("status line at the last row of \(columns) x \(rows)") { screen in
        screen.text(ofRow: rows - 1).contains("23 / 40") && screen.rows.count >= rows
      }
      try folio.expectPage(23, of: 40)
      if mode == "grid" {
        try folio.expectSelected("23")
      } else {
        // Page 23 (pink; its neighbours are blue) is the one in the middle of the view.
        let band = mode == "spread" ? (rows / 4)..<(rows / 2) : (rows / 2 - 1)..<(rows / 2 + 1)
        try folio.expectScreen("page 23 in the middle of \(columns) x \(rows)") { screen in
          (screen.meanRedness(columns: (columns / 2 - 2)..<(columns / 2 + 2), rows: band) ?? 0) > 30
        }
      }
    }
    #expect(folio.isAlive)
    try folio.quit()
  }

  @Test func tinyAndHugeSizes() throws {
    let folio = try FolioSession(.numbered)
    try folio.type("17G")
    try folio.expectPage(17, of: 40)
    try folio.resize(columns: 1, rows: 1)
    // Give it a moment to draw at 1 x 1 (nothing to read there), then check it lives on.
    try folio.resize(columns: 10, rows: 5)
    try folio.expectScreen("page number on the 10 x 5 status line") { screen in
      screen.text(ofRow: 4).contains("17 / 40")
    }
    #expect(folio.isAlive)
    try folio.resize(columns: 1, rows: 1)
    try folio.press("l")
    try folio.resize(columns: 300, rows: 100)
    try folio.expectPage(18, of: 40)
    try folio.expectSelected("18")
    try folio.expectStatus("Numbered pages")
    // Every key works at 1 x 1 and 2 x 2 without a crash.
    for size in [(1, 1), (2, 2), (3, 1), (1, 3)] {
      try folio.resize(columns: size.0, rows: size.1)
      for key in ["Tab", "j", "+", "?", "Escape", "F", "s", "r", "Enter", "BSpace", "G", "g"] {
        try folio.press(key)
      }
    }
    try folio.resize(columns: 100, rows: 30)
    try folio.expectStatus("1 / 40")
    #expect(folio.isAlive)
    try folio.quit()
  }

  @Test func narrowStatusLineKeepsThePageNumber() throws {
    let folio = try FolioSession(nil)
    try folio.press("l")
    try folio.expectStatus("i · 2 / 24")
    for (columns, rows, expected) in [
      (16, 5, "i · 2 / 24"), (10, 5, "i · 2 / 24"), (9, 5, "2 / 24"), (6, 3, "2 / 24"), (3, 2, "2"),
    ] {
      try folio.resize(columns: columns, rows: rows)
      try folio.expectScreen("“\(expected)” on the last row at \(columns) x \(rows)") { screen in
        screen.text(ofRow: rows - 1).hasPrefix(expected)
      }
    }
    try folio.resize(columns: 100, rows: 30)
    try folio.expectStatus("i · 2 / 24", "grid")
    try folio.quit()
  }

  @Test func fiftyResizesInARow() throws {
    let folio = try FolioSession(.numbered)
    try folio.type("29G")
    try folio.expectSelected("29")
    var generator = SplitMix64(seed: 6)
    for index in 0..<50 {
      let columns = index % 10 == 0 ? 1 : Int(generator.next() % 250) + 1
      let rows = index % 10 == 5 ? 1 : Int(generator.next() % 80) + 1
      try folio.resize(columns: columns, rows: rows)
    }
    try folio.resize(columns: 100, rows: 30)
    #expect(folio.isAlive)
    try folio.expectPage(29, of: 40)
    try folio.expectSelected("29")
    // A full, fresh frame: the grid's labels in order, the status line last.
    let labels = try folio.labels().map(\.text).compactMap(Int.init)
    #expect(labels.count >= 5 && labels == labels.sorted() && labels.contains(29), "\(labels)")
    try folio.expectStatus("Numbered pages", "29 / 40", "grid")
    // And it still answers keys.
    try folio.press("l")
    try folio.expectPage(30, of: 40)
    try folio.quit()
  }

  @Test func resizeStormInSpreadMode() throws {
    let folio = try FolioSession(.numbered)
    try folio.type("12G")
    try folio.type("3")
    try folio.expectStatus("12 / 40", "spread")
    try folio.press("s")
    try folio.expectStatus("12 / 40", "double")
    for index in 0..<50 {
      try folio.resize(columns: 20 + (index * 37) % 200, rows: 3 + (index * 11) % 60)
    }
    try folio.resize(columns: 100, rows: 30)
    #expect(folio.isAlive)
    try folio.expectStatus("12 / 40", "spread", "double")
    try folio.expectScreen("the filmstrip marks pages 11 and 12") { screen in
      screen.runs(rows: 0..<29) { $0.isReverse && $0.isBold }.map(\.text) == ["11", "12"]
    }
    try folio.quit()
  }
}
