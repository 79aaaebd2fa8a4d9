import Testing

@testable import FolioCore
@testable import FolioRaster

/// The text layer over block art: legible lines drawn at their places, in reading order with
/// their word gaps, never two characters in a cell; tiny text left to the block art.
@Suite struct TextOverlayTests {
  /// A white 40 x 10 picture, as block art of blank paper gives it.
  func paper(columns: Int = 40, rows: Int = 10) -> ScreenBuffer {
    var picture = ScreenBuffer(size: CellSize(columns: columns, rows: rows))
    for y in 0..<rows {
      for x in 0..<columns {
        picture[x, y] = Cell(" ", foreground: .rgb(250, 250, 250), background: .rgb(250, 250, 250))
      }
    }
    return picture
  }

  /// Page text of `lines`: each its string, where it starts (fractions of the page) and each
  /// character's advance and height (fractions too).
  func text(_ lines: [(String, x: Double, y: Double, advance: Double, height: Double)]) -> PageText
  {
    var string = ""
    var boxes: [TextBox] = []
    func box(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double) -> TextBox {
      func unit(_ value: Double) -> UInt16 { UInt16(min(max(value, 0), 1) * 65535) }
      return TextBox(left: unit(left), top: unit(top), right: unit(right), bottom: unit(bottom))
    }
    for (index, line) in lines.enumerated() {
      if index > 0 {
        string += "\n"
        boxes.append(TextBox())
      }
      var x = line.x
      for scalar in line.0.unicodeScalars {
        string.unicodeScalars.append(scalar)
        let advance = line.advance * (TextWidth.approximate.columns(scalar) == 2 ? 2 : 1)
        boxes.append(box(x, line.y, x + advance, line.y + line.height))
        x += advance
      }
    }
    return PageText(text: string, boxes: boxes)
  }

  func row(_ picture: ScreenBuffer, _ y: Int) -> String {
    String(
      String.UnicodeScalarView(
        (0..<picture.size.columns).compactMap { x in
          picture[x, y].isContinuation ? nil : picture[x, y].scalar
        }))
  }

  @Test func aLegibleLineIsDrawnAtItsPlaceWithItsWordGaps() {
    var picture = paper()
    // Each character a column wide and a row and a half tall, from column 4 of row 3.
    let page = text([("Hello world", x: 0.1, y: 0.3, advance: 0.025, height: 0.15)])
    TextOverlay(mode: .auto).draw(page, region: .whole, colors: .truecolor, on: &picture)
    #expect(row(picture, 3) == "    Hello world                         ")
    // Dark ink on the paper's color.
    #expect(picture[4, 3].background == .rgb(250, 250, 250))
    if case .rgb(let red, _, _) = picture[4, 3].foreground { #expect(red < 100) }
  }

  @Test func tinyTextStaysBlockArtUnlessTheLayerIsOn() {
    let page = text([("small print", x: 0.1, y: 0.5, advance: 0.01, height: 0.03)])
    var auto = paper()
    TextOverlay(mode: .auto).draw(page, region: .whole, colors: .truecolor, on: &auto)
    #expect(auto == paper())
    var on = paper()
    TextOverlay(mode: .on).draw(page, region: .whole, colors: .truecolor, on: &on)
    // Characters narrower than a cell: each takes the next free cell, words keep their gap.
    #expect(row(on, 5).contains("small print"))
    var off = paper()
    TextOverlay(mode: .off).draw(page, region: .whole, colors: .truecolor, on: &off)
    #expect(off == paper())
  }

  @Test func wideCharactersTakeTwoCellsAndRightToLeftRunsKeepTheirVisualOrder() {
    var picture = paper()
    let page = text([("日本語", x: 0.1, y: 0.2, advance: 0.025, height: 0.12)])
    TextOverlay(mode: .auto).draw(page, region: .whole, colors: .truecolor, on: &picture)
    #expect(row(picture, 2).hasPrefix("    日本語"))
    #expect(picture[5, 2].isContinuation)
    // Hebrew in logical order, laid out right to left on the page.
    var boxes: [TextBox] = []
    let word = "שלום"
    for index in 0..<4 {
      let right = 0.5 - 0.025 * Double(index)
      boxes.append(
        TextBox(
          left: UInt16((right - 0.025) * 65535), top: UInt16(0.6 * 65535),
          right: UInt16(right * 65535), bottom: UInt16(0.72 * 65535)))
    }
    var rtl = paper()
    TextOverlay(mode: .auto).draw(
      PageText(text: word, boxes: boxes), region: .whole, colors: .truecolor, on: &rtl)
    #expect(row(rtl, 6).contains(String(word.reversed())))
  }

  @Test func aRegionDrawsOnlyItsPartAndControlCharactersNever() {
    var picture = paper()
    let page = text([
      ("top\u{1B}line", x: 0.1, y: 0.1, advance: 0.05, height: 0.15),
      ("lower", x: 0.1, y: 0.8, advance: 0.05, height: 0.15),
    ])
    // The top half of the page in the picture: rows are twice as many per page height.
    TextOverlay(mode: .auto).draw(
      page, region: PageRegion(x: 0, y: 0, width: 0.5, height: 0.5), colors: .truecolor,
      on: &picture)
    // Twice the columns and rows per page width and height; a word's characters follow each other.
    #expect(row(picture, 3).filter { $0 != " " } == "topline")
    #expect(row(picture, 3).hasPrefix("        topline"))
    #expect((0..<10).allSatisfy { !row(picture, $0).contains("lower") })
  }

  @Test func noTwoCharactersShareACell() {
    var picture = paper()
    // Two lines a fraction of a row apart land on one row: the first is drawn, the second
    // stays block art (never their letters interleaved).
    let page = text([
      ("abc", x: 0.1, y: 0.30, advance: 0.025, height: 0.1),
      ("xyz", x: 0.1, y: 0.31, advance: 0.025, height: 0.1),
    ])
    TextOverlay(mode: .on).draw(page, region: .whole, colors: .truecolor, on: &picture)
    #expect(row(picture, 3).filter { $0 != " " } == "abc")
    #expect((0..<10).allSatisfy { !row(picture, $0).contains("x") })
  }

  @Test func withoutColorsTextUsesTheTerminalsOwn() {
    var picture = ScreenBuffer(size: CellSize(columns: 40, rows: 10))
    let page = text([("plain", x: 0.1, y: 0.3, advance: 0.025, height: 0.15)])
    TextOverlay(mode: .auto).draw(page, region: .whole, colors: .none, on: &picture)
    #expect(row(picture, 3).hasPrefix("    plain"))
    #expect(picture[4, 3].foreground == .default)
  }

  @Test func textThatLeftNoInkIsDrawnOnlyWhereNoTextShows() {
    let page = text([
      ("shown", x: 0.1, y: 0.2, advance: 0.025, height: 0.12),
      ("hidden", x: 0.1, y: 0.6, advance: 0.025, height: 0.12),
    ])
    // Ink under the first line only: the second is invisible text (painted over, clipped).
    var picture = paper()
    for x in 4..<9 {
      picture[x, 2] = Cell("▀", foreground: .rgb(20, 20, 20), background: .rgb(250, 250, 250))
    }
    TextOverlay(mode: .auto).draw(page, region: .whole, colors: .truecolor, on: &picture)
    #expect(row(picture, 2).contains("shown"))
    #expect(!row(picture, 6).contains("hidden"))
    // No ink under any line (an OCR layer over a blank or faint scan): all of it is drawn.
    var blank = paper()
    TextOverlay(mode: .auto).draw(page, region: .whole, colors: .truecolor, on: &blank)
    #expect(row(blank, 2).contains("shown") && row(blank, 6).contains("hidden"))
  }

  /// Without colors thin ink can vanish from the block art: every line counts as seen.
  @Test func withoutColorsALineWhoseInkVanishedIsDrawn() {
    let page = text([
      ("shown", x: 0.1, y: 0.2, advance: 0.025, height: 0.12),
      ("faint", x: 0.1, y: 0.6, advance: 0.025, height: 0.12),
    ])
    var picture = ScreenBuffer(size: CellSize(columns: 40, rows: 10))
    for y in 0..<10 { for x in 0..<40 { picture[x, y] = Cell("█") } }
    for x in 4..<9 { picture[x, 2] = Cell("▀") }
    TextOverlay(mode: .auto).draw(page, region: .whole, colors: .none, on: &picture)
    #expect(row(picture, 2).contains("shown"))
    #expect(row(picture, 6).contains("faint"))
  }

  @Test func theBlockArtOfALineGivesWayToItsCharacters() {
    var picture = paper()
    for y in 2..<5 {
      for x in 0..<40 {
        picture[x, y] = Cell("▚", foreground: .rgb(30, 30, 30), background: .rgb(250, 250, 250))
      }
    }
    let page = text([("ab", x: 0.1, y: 0.25, advance: 0.025, height: 0.15)])
    TextOverlay(mode: .auto).draw(page, region: .whole, colors: .truecolor, on: &picture)
    // Row 3 holds the characters; the glyphs' other rows and the cells between are paper.
    #expect(row(picture, 3).hasPrefix("▚▚▚▚ab▚"))
    #expect(row(picture, 2).hasPrefix("▚▚▚▚  ▚"))
  }

  @Test func thumbnailsDoNotReadText() {
    func request(rows: Int, region: PageRegion = .whole, text: TextLayerMode) -> RenderRequest {
      RenderRequest(
        page: PageIndex(0), region: region, size: CellSize(columns: rows, rows: rows),
        style: RenderStyle(symbols: .half, colors: .truecolor, text: text))
    }
    #expect(!request(rows: 20, text: .auto).drawsText)
    #expect(request(rows: 20, text: .on).drawsText)
    #expect(request(rows: 40, text: .auto).drawsText)
    #expect(!request(rows: 40, text: .off).drawsText)
    // A tile of a large page: the whole page's rows count.
    #expect(
      request(rows: 20, region: PageRegion(x: 0, y: 0, width: 1, height: 0.25), text: .auto)
        .drawsText)
  }
}
