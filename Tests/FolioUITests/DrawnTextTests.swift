import FolioCore
import Testing

@testable import FolioUI

/// Finding the letters the text layer drew for some of a page's text near its box.
@Suite struct DrawnTextTests {
  /// A 40x4 screen with `rows` written from column 0.
  func screen(_ rows: [String]) -> ScreenBuffer {
    var screen = ScreenBuffer(size: CellSize(columns: 40, rows: 4))
    for (y, row) in rows.enumerated() {
      for (x, scalar) in row.unicodeScalars.enumerated() { screen[x, y] = Cell(scalar) }
    }
    return screen
  }

  let bounds = CellRect(x: 0, y: 0, columns: 40, rows: 4)

  @Test func findsTheNearestOccurrenceOfTheWordsWithTheirGaps() {
    let screen = screen(["", "a protrusion and   character protrusion", ""])
    // The box says column 26: the text layer drew the second "character protrusion" at 19.
    let found = DrawnText.cells(
      of: "character protrusion", near: CellRect(x: 26, y: 1, columns: 16, rows: 1),
      in: bounds, on: screen, width: .approximate)
    #expect(found == CellRect(x: 19, y: 1, columns: 20, rows: 1))
    let single = DrawnText.cells(
      of: "protrusion", near: CellRect(x: 4, y: 1, columns: 8, rows: 2), in: bounds,
      on: screen, width: .approximate)
    #expect(single == CellRect(x: 2, y: 1, columns: 10, rows: 1))
  }

  @Test func blockArtOrABoxOffTheScreenIsNotDrawnText() {
    let art = screen(["🬂🬦🬦🬓🬦🬦🬂🬂🬂🬩🬂🬓🬦🬂🬂🬂🬓🬞"])
    #expect(
      DrawnText.cells(
        of: "MAX", near: CellRect(x: 0, y: 0, columns: 3, rows: 1), in: bounds, on: art,
        width: .approximate) == nil)
    let text = screen(["MAX"])
    for box in [
      CellRect(x: -80, y: 0, columns: 3, rows: 1), CellRect(x: 0, y: 30, columns: 3, rows: 1),
    ] {
      #expect(
        DrawnText.cells(of: "MAX", near: box, in: bounds, on: text, width: .approximate) == nil)
    }
  }
}
