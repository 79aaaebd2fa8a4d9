import Testing

@testable import FolioCore
@testable import FolioRaster

/// The text layer placed per page: tiles of a page at any zoom draw their parts of one
/// placement, so no word is lost or doubled at a tile's edge; leaders give way so a table of
/// contents keeps its page numbers; the block art across a line gives way to paper.
@Suite struct TextPlacementTests {
  let overlay = TextOverlayTests()

  /// A page of prose: lines of words of different lengths, some long enough to cross tiles.
  func prose() -> PageText {
    let words = [
      "the", "category", "codes", "of", "characters", "are", "correct", "probably",
      "cautious", "changes", "within", "preamble", "protrusion", "expansion", "kerning",
      "tracking", "a", "an", "interword", "spacing",
    ]
    var lines: [(String, x: Double, y: Double, advance: Double, height: Double)] = []
    for line in 0..<12 {
      let text = (0..<6).map { words[(line * 7 + $0 * 3) % words.count] }.joined(separator: " ")
      lines.append((text, x: 0.11, y: 0.08 + Double(line) * 0.07, advance: 0.0157, height: 0.02))
    }
    return overlay.text(lines)
  }

  /// The page drawn whole at `size`, and the same page drawn as tiles of `tile` cells aligned
  /// to its top-left (as the views cut a zoomed page) and put back together.
  func wholeAndTiled(_ text: PageText, size: CellSize, tile: CellSize, mode: TextLayerMode)
    -> (ScreenBuffer, ScreenBuffer)
  {
    var whole = overlay.paper(columns: size.columns, rows: size.rows)
    TextOverlay(mode: mode).draw(text, region: .whole, colors: .truecolor, on: &whole)
    var stitched = overlay.paper(columns: size.columns, rows: size.rows)
    for y in stride(from: 0, to: size.rows, by: tile.rows) {
      for x in stride(from: 0, to: size.columns, by: tile.columns) {
        let piece = CellSize(
          columns: min(tile.columns, size.columns - x), rows: min(tile.rows, size.rows - y))
        let region = PageRegion(
          x: Double(x) / Double(size.columns), y: Double(y) / Double(size.rows),
          width: Double(piece.columns) / Double(size.columns),
          height: Double(piece.rows) / Double(size.rows))
        var picture = overlay.paper(columns: piece.columns, rows: piece.rows)
        TextOverlay(mode: mode).draw(text, region: region, colors: .truecolor, on: &picture)
        for row in 0..<piece.rows {
          for column in 0..<piece.columns { stitched[x + column, y + row] = picture[column, row] }
        }
      }
    }
    return (whole, stitched)
  }

  func rows(_ picture: ScreenBuffer) -> [String] {
    (0..<picture.size.rows).map { overlay.row(picture, $0) }
  }

  @Test(arguments: [
    (CellSize(columns: 80, rows: 52), CellSize(columns: 37, rows: 23)),
    (CellSize(columns: 118, rows: 76), CellSize(columns: 80, rows: 23)),
    (CellSize(columns: 160, rows: 104), CellSize(columns: 47, rows: 30)),
    (CellSize(columns: 233, rows: 151), CellSize(columns: 120, rows: 39)),
  ])
  func tilesOfAPageAtAnyZoomDrawTheSameTextAsTheWholePage(size: CellSize, tile: CellSize) {
    let text = prose()
    let (whole, stitched) = wholeAndTiled(text, size: size, tile: tile, mode: .on)
    #expect(rows(stitched) == rows(whole))
    // Every word of the page is drawn whole, once per line it is on.
    let drawn = rows(stitched).flatMap { $0.split(separator: " ").map(String.init) }
    let expected = text.text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    #expect(drawn.sorted() == expected.sorted())
  }

  /// A table of contents: an entry, a dot leader, a four-digit page number at the right edge;
  /// at a size where the dots would push the number off the page, the leader gives way.
  @Test(arguments: [60, 80, 120, 160])
  func aDotLeaderGivesWaySoThePageNumberStaysWhole(columns: Int) {
    var entries: [(String, x: Double, y: Double, advance: Double, height: Double)] = []
    for (index, (title, number)) in [
      ("Appendix", "1758"), ("The grid", "1760"), ("Index of functions", "2412"),
    ].enumerated() {
      // Dots a third of a character apart, the number ending at 92 % of the width.
      let dots = String(repeating: ". ", count: 60)
      entries.append(
        (
          title + " " + dots + number, x: 0.1, y: 0.1 + Double(index) * 0.05, advance: 0.006,
          height: 0.012
        ))
    }
    let text = overlay.text(entries)
    var picture = overlay.paper(columns: columns, rows: columns * 3 / 4)
    TextOverlay(mode: .on).draw(text, region: .whole, colors: .truecolor, on: &picture)
    let shown = rows(picture).joined(separator: "\n")
    for number in ["1758", "1760", "2412"] { #expect(shown.contains(number), "\(shown)") }
    for title in ["Appendix", "grid", "functions"] { #expect(shown.contains(title)) }
  }

  /// 40x10 cells of block art.
  func blockArt() -> ScreenBuffer {
    var picture = overlay.paper()
    for y in 0..<10 {
      for x in 0..<40 {
        picture[x, y] = Cell("▚", foreground: .rgb(30, 30, 30), background: .rgb(250, 250, 250))
      }
    }
    return picture
  }

  /// Words pushed right by the ones before them: the cells between a line's words are paper,
  /// not block art ("This is🬃us.").
  @Test func theBlockArtAcrossALineGivesWay() {
    var picture = blockArt()
    // Narrow characters: the words take more cells than the page gives them.
    let text = overlay.text([("This is us.", x: 0.1, y: 0.3, advance: 0.02, height: 0.15)])
    TextOverlay(mode: .on).draw(text, region: .whole, colors: .truecolor, on: &picture)
    let line = overlay.row(picture, 3)
    #expect(line.contains("This is us."), "\(line)")
  }

  /// Text a little smaller than legible (a monospaced word, a caption beside another) is
  /// drawn on a page whose body is legible, where no other line drawn is; alone on a page of
  /// small text it is not (a thumbnail stays block art).
  @Test func slightlySmallerTextIsDrawnBesideLegibleText() {
    // 40x10 cells: a row is 0.1 of the page, a column 0.025.
    let body = ("Body text", x: 0.1, y: 0.1, advance: 0.025, height: 0.1)
    let caption = ("caption", x: 0.1, y: 0.5, advance: 0.024, height: 0.082)
    let beside = ("beside", x: 0.6, y: 0.5, advance: 0.024, height: 0.082)
    let overlapping = ("under", x: 0.15, y: 0.1, advance: 0.024, height: 0.082)
    var picture = overlay.paper()
    TextOverlay(mode: .auto).draw(
      overlay.text([body, caption, beside, overlapping]), region: .whole, colors: .truecolor,
      on: &picture)
    #expect(overlay.row(picture, 1).contains("Body text"))
    #expect(!overlay.row(picture, 1).contains("under"))
    #expect(overlay.row(picture, 5).contains("caption"))
    #expect(overlay.row(picture, 5).contains("beside"))

    var alone = overlay.paper()
    TextOverlay(mode: .auto).draw(
      overlay.text([caption]), region: .whole, colors: .truecolor, on: &alone)
    #expect(!overlay.row(alone, 5).contains("caption"))
  }

  /// Text `.auto` leaves out never pushes the text it draws aside.
  @Test func textLeftOutTakesNoCells() {
    let tiny = ("xxxxxxxxxxxxxxxxxxxx", x: 0.1, y: 0.12, advance: 0.01, height: 0.03)
    let body = ("Body text", x: 0.1, y: 0.1, advance: 0.025, height: 0.1)
    var picture = overlay.paper()
    TextOverlay(mode: .auto).draw(
      overlay.text([tiny, body]), region: .whole, colors: .truecolor, on: &picture)
    #expect(overlay.row(picture, 1).hasPrefix("    Body text"), "\(overlay.row(picture, 1))")
  }

  /// A heading's large letters reach past the cells its characters take: no piece of its block
  /// art is left beside its text, on any row it covers.
  @Test func aHeadingsInkPastItsCharactersIsCleared() {
    var picture = blockArt()
    // Letters two cells wide, a row and a half tall, from column 4: ink to column 20.
    let text = overlay.text([("Headings", x: 0.1, y: 0.3, advance: 0.05, height: 0.15)])
    TextOverlay(mode: .on).draw(text, region: .whole, colors: .truecolor, on: &picture)
    let line = overlay.row(picture, 3)
    #expect(line.contains("Headings"), "\(line)")
    for row in 3...4 {
      let cells = Array(overlay.row(picture, row))
      #expect(!cells[4..<20].contains("▚"), "row \(row): \(String(cells))")
      #expect(cells[21] == "▚", "art beyond the ink stays: \(String(cells))")
    }
  }

  /// A paragraph's short last line ("breaks.") is measured on a few letters: it goes with its
  /// paragraph, drawn when the paragraph is and left as block art when it is not. A short line
  /// on its own is judged by itself.
  @Test func aShortLineGoesWithItsParagraph() {
    // 80x20 cells: a column is 0.0125 of the page, a row 0.05. The paragraph's letters are
    // a row tall but too narrow (0.55 of a cell); its last line's few letters measure 0.8.
    let narrow = 0.0125 * 0.55
    var lines: [(String, x: Double, y: Double, advance: Double, height: Double)] = (0..<3).map {
      (
        "the words of a long paragraph line", x: 0.1, y: 0.1 + Double($0) * 0.05, advance: narrow,
        height: 0.05
      )
    }
    lines.append(("breaks.", x: 0.1, y: 0.25, advance: 0.0125 * 0.8, height: 0.05))
    lines.append(("Alone", x: 0.5, y: 0.7, advance: 0.0125 * 0.8, height: 0.05))
    var picture = overlay.paper(columns: 80, rows: 20)
    TextOverlay(mode: .auto).draw(
      overlay.text(lines), region: .whole, colors: .truecolor, on: &picture)
    #expect(!overlay.row(picture, 5).contains("breaks"), "\(overlay.row(picture, 5))")
    #expect(!overlay.row(picture, 2).contains("paragraph"))
    #expect(overlay.row(picture, 14).contains("Alone"))
    // Where the paragraph is drawn, so is its last line.
    let wide = lines.map { ($0.0, x: $0.x, y: $0.y, advance: 0.0125 * 0.9, height: $0.height) }
    var drawn = overlay.paper(columns: 80, rows: 20)
    TextOverlay(mode: .auto).draw(
      overlay.text(wide), region: .whole, colors: .truecolor, on: &drawn)
    #expect(overlay.row(drawn, 5).contains("breaks."))
  }
}
