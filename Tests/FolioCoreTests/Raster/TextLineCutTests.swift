import Testing

@testable import FolioCore
@testable import FolioRaster

/// A line of the text layer starts where its page line starts and is cut at the right, a whole
/// word at a time, when its letters need more cells than it has; two page lines falling on one
/// row never have their letters interleaved (one is drawn, the other stays block art).
@Suite struct TextLineCutTests {
  let overlay = TextOverlayTests()

  /// `count` words of 2 to 7 letters, different on each line.
  func words(_ count: Int, seed: Int) -> [String] {
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    return (0..<count).map { index in
      let length = 2 + (index * 5 + seed) % 6
      return String((0..<length).map { letters[(index * 7 + $0 * 3 + seed) % letters.count] })
    }
  }

  /// The words drawn on `row` of `picture`, left to right, and the column of the first.
  func drawn(_ picture: ScreenBuffer, row: Int) -> (words: [String], start: Int?) {
    let text = overlay.row(picture, row)
    let start = text.firstIndex { $0 != " " }.map { text.distance(from: text.startIndex, to: $0) }
    return (text.split(separator: " ").map(String.init), start)
  }

  /// A justified line with more letters than the page has cells after its start (each letter
  /// two thirds of a cell): it starts at its place and its first words are drawn whole; what
  /// does not fit is left out at the right, never pushed out at the left.
  @Test(arguments: [60, 80, 120])
  func aLineTooLongForItsCellsIsCutAtTheRightNeverAtTheLeft(columns: Int) {
    let line = words(24, seed: 1)
    let string = line.joined(separator: " ")
    let advance = 0.62 / Double(string.count)
    let text = overlay.text([(string, x: 0.3, y: 0.5, advance: advance, height: 0.02)])
    var picture = overlay.paper(columns: columns, rows: 20)
    TextOverlay(mode: .on).draw(text, region: .whole, colors: .truecolor, on: &picture)
    let (shown, start) = drawn(picture, row: 10)
    #expect(start == Int((0.3 * Double(columns) + 0.3).rounded(.down)), "\(shown)")
    #expect(!shown.isEmpty && shown == Array(line.prefix(shown.count)), "\(shown)")
    #expect(shown.count < line.count)
  }

  /// After a zoom the screen shows a tile of the page: a long line starting on it begins the
  /// tile's row with its own first word, at its place, not with the tail of a cut word.
  @Test func aTileOfAZoomedPageBeginsALineWithItsFirstWord() {
    let line = words(30, seed: 3)
    let string = line.joined(separator: " ")
    // The page 160 cells wide; letters four fifths of a cell, the line from column 48.
    let advance = 0.8 / 160
    let text = overlay.text([(string, x: 0.3, y: 0.5, advance: advance, height: 0.01)])
    let region = PageRegion(x: 0.25, y: 0.4, width: 0.5, height: 0.2)
    var picture = overlay.paper(columns: 80, rows: 20)
    TextOverlay(mode: .on).draw(text, region: region, colors: .truecolor, on: &picture)
    let row = (0..<20).first { !overlay.row(picture, $0).allSatisfy { $0 == " " } }
    #expect(row != nil)
    let (shown, start) = drawn(picture, row: row ?? 0)
    #expect(start == 8, "\(shown)")
    #expect(shown == Array(line.prefix(shown.count)), "\(shown)")
  }

  /// A paragraph's lines that start at one place on the page start in one column, however
  /// many letters each has; its indented first line keeps its indent.
  @Test func aParagraphsLinesStartInOneColumn() {
    var lines: [(String, x: Double, y: Double, advance: Double, height: Double)] = []
    for index in 0..<5 {
      let line = words(10 + index * 3, seed: index).joined(separator: " ")
      // Justified: every line as wide on the page, its letters narrower the more it has.
      let x = index == 0 ? 0.14 : 0.1
      lines.append(
        (
          line, x: x, y: 0.2 + Double(index) * 0.1, advance: (0.9 - x) / Double(line.count),
          height: 0.05
        ))
    }
    var picture = overlay.paper(columns: 60, rows: 20)
    TextOverlay(mode: .on).draw(
      overlay.text(lines), region: .whole, colors: .truecolor, on: &picture)
    let starts = (0..<5).map { drawn(picture, row: 4 + $0 * 2).start }
    #expect(starts == [8, 6, 6, 6, 6], "\((0..<20).map { overlay.row(picture, $0) })")
  }

  /// Two page lines whose centers fall on one row (a small size, tight line spacing): the row
  /// shows the words of one of them whole and in order, never the two lines' letters mixed.
  @Test(arguments: [24, 60])
  func twoLinesOnOneRowAreNeverInterleaved(rows: Int) {
    let first = words(9, seed: 2)
    let second = words(9, seed: 5)
    let height = 0.25 / Double(rows)
    let text = overlay.text([
      (first.joined(separator: " "), x: 0.1, y: 0.3, advance: 0.009, height: height),
      (
        second.joined(separator: " "), x: 0.1, y: 0.3 + height * 1.2, advance: 0.009, height: height
      ),
    ])
    var picture = overlay.paper(columns: 80, rows: rows)
    TextOverlay(mode: .on).draw(text, region: .whole, colors: .truecolor, on: &picture)
    let lines = (0..<rows).map { drawn(picture, row: $0).words }.filter { !$0.isEmpty }
    #expect(lines.count == 1, "\(lines)")
    for shown in lines {
      #expect(
        shown == Array(first.prefix(shown.count)) || shown == Array(second.prefix(shown.count)),
        "\(shown)")
    }
  }

  /// An index with dot leaders, its entries closer than a row: every entry drawn is drawn whole
  /// with its whole page number, and alone on its row.
  @Test(arguments: [120, 160])
  func anIndexKeepsEveryEntryAndNumberWhole(columns: Int) {
    let entries = [
      ("poisson.test", "1737"), ("poly", "1739"), ("polyroot", "1740"), ("prop.test", "1778"),
      ("prop.trend.test", "1781"), ("qqnorm", "1790"),
    ]
    let rows = columns * 3 / 4
    let spacing = 0.7 / Double(rows)
    var lines: [(String, x: Double, y: Double, advance: Double, height: Double)] = []
    for (index, (name, number)) in entries.enumerated() {
      let dots = String(repeating: " .", count: 40 - name.count)
      lines.append(
        (
          name + dots + "  " + number, x: 0.1, y: 0.2 + Double(index) * spacing, advance: 0.004,
          height: spacing * 0.8
        ))
    }
    var picture = overlay.paper(columns: columns, rows: rows)
    TextOverlay(mode: .on).draw(
      overlay.text(lines), region: .whole, colors: .truecolor, on: &picture)
    var seen = 0
    for row in 0..<rows {
      let shown = drawn(picture, row: row).words.filter { !$0.allSatisfy { $0 == "." } }
      guard !shown.isEmpty else { continue }
      #expect(entries.contains { [$0.0, $0.1] == shown }, "\(shown)")
      seen += 1
    }
    #expect(seen >= entries.count / 2)
  }

  /// A contents line too long for its cells squeezes its leader to nothing: the entry and its
  /// number a cell apart, never a crash ("2.1ASN.1 syntax. . . . . 2" on a small page), and a
  /// leader that ends a line past the page's edge.
  @Test(arguments: [20, 30, 40])
  func aLeaderSqueezedToNothingDrawsTheEntryAndItsNumber(columns: Int) {
    let dots = String(repeating: " .", count: 12)
    let text = overlay.text([
      ("Invoking asn1Coding" + dots + " 5", x: 0.2, y: 0.3, advance: 0.015, height: 0.05),
      ("Concept Index" + dots, x: 0.2, y: 0.6, advance: 0.015, height: 0.05),
    ])
    var picture = overlay.paper(columns: columns, rows: 20)
    TextOverlay(mode: .on).draw(text, region: .whole, colors: .truecolor, on: &picture)
    let shown = drawn(picture, row: 6).words.filter { !$0.allSatisfy { $0 == "." } }
    #expect(["Invoking", "asn1Coding", "5"].starts(with: shown), "\(shown)")
    #expect(drawn(picture, row: 12).words.first == "Concept")
  }

  /// A section number and its title that the text gives as two lines on one row ("2.1" and
  /// "ASN.1 syntax", a cell apart on the page): drawn with a gap between them, never run
  /// together into one word.
  @Test func twoLinesSideBySideKeepAGap() {
    let text = overlay.text([
      ("2.1", x: 0.2, y: 0.3, advance: 0.0125, height: 0.05),
      ("ASN.1 syntax", x: 0.2375, y: 0.3, advance: 0.0125, height: 0.05),
    ])
    var picture = overlay.paper(columns: 80, rows: 20)
    TextOverlay(mode: .on).draw(text, region: .whole, colors: .truecolor, on: &picture)
    #expect(
      drawn(picture, row: 6).words == ["2.1", "ASN.1", "syntax"], "\(overlay.row(picture, 6))")
  }

  /// A body line whose letters need more cells than the page gives them, with a margin note
  /// to its right on the same row ("options with braces" beside "Package options:"): the body
  /// line is cut a whole word before the note, and the note is drawn whole at its place, never
  /// spliced onto the body's last word or lost under it.
  @Test(arguments: [80, 120])
  func aMarginNoteBesideALongLineStaysWholeAndApart(columns: Int) {
    let body = words(14, seed: 5)
    let string = body.joined(separator: " ")
    // Letters four fifths of a cell: the line ends at 0.6 of the page but needs more cells.
    let advance = 0.5 / Double(string.count)
    let text = overlay.text([
      (string, x: 0.1, y: 0.5, advance: advance, height: 0.05),
      ("Package options:", x: 0.63, y: 0.5, advance: 0.0125 * 80 / Double(columns), height: 0.05),
    ])
    var picture = overlay.paper(columns: columns, rows: 20)
    TextOverlay(mode: .on).draw(text, region: .whole, colors: .truecolor, on: &picture)
    let row = overlay.row(picture, 10)
    let note = Int((0.63 * Double(columns) + 0.3).rounded(.down))
    let shown = row.split(separator: " ").map(String.init)
    #expect(shown.suffix(2) == ["Package", "options:"], "\(row)")
    #expect(row.range(of: "Package")?.lowerBound == row.index(row.startIndex, offsetBy: note))
    let bodyShown = Array(shown.dropLast(2))
    #expect(!bodyShown.isEmpty && bodyShown == Array(body.prefix(bodyShown.count)), "\(row)")
  }

  /// "..." in code followed by wide space and a comment is a word, not a leader: it keeps its
  /// three dots and the space after it stays space.
  @Test func anEllipsisInCodeKeepsItsThreeDots() {
    let text = overlay.text([
      ("def stub(): ...                # later", x: 0.1, y: 0.3, advance: 0.0125, height: 0.05)
    ])
    var picture = overlay.paper(columns: 80, rows: 20)
    TextOverlay(mode: .on).draw(text, region: .whole, colors: .truecolor, on: &picture)
    let row = overlay.row(picture, 6)
    #expect(drawn(picture, row: 6).words == ["def", "stub():", "...", "#", "later"], "\(row)")
    #expect(row.filter { $0 == "." }.count == 3, "\(row)")
  }
}
