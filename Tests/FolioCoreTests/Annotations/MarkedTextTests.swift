import FolioCore
import Testing

/// The text under a text markup's quadrilaterals: the characters whose box centres are inside
/// one, in reading order, lines joined by a space, a word hyphenated at a line's end joined.
@Suite("Marked text")
struct MarkedTextTests {
  /// A page of `lines`, each character a box 1/100 of the page wide, the lines 1/10 high
  /// and apart from the top (line feeds have no box, as Poppler gives them).
  static func page(_ lines: [String]) -> PageText {
    var boxes: [TextBox] = []
    var text = ""
    for (row, line) in lines.enumerated() {
      if row > 0 {
        text += "\n"
        boxes.append(TextBox())
      }
      for (column, scalar) in line.unicodeScalars.enumerated() {
        text.unicodeScalars.append(scalar)
        boxes.append(
          TextBox(
            left: Double(column) / 100, top: Double(row) / 10, right: Double(column + 1) / 100,
            bottom: Double(row + 1) / 10))
      }
    }
    return PageText(text: text, boxes: boxes)
  }

  /// The quadrilateral over characters `columns` of line `row` of `page(_:)`.
  static func quad(row: Int, columns: Range<Int>) -> PageQuadrilateral {
    PageQuadrilateral(
      PageRegion(
        x: Double(columns.lowerBound) / 100, y: Double(row) / 10,
        width: Double(columns.count) / 100, height: 0.1))
  }

  let page = Self.page(["The quick brown fox", "jumps over a hyph-", "enated  dog twice"])

  @Test func oneWordIsItsCharacters() {
    #expect(MarkedText.text(in: page, under: [Self.quad(row: 0, columns: 4..<9)]) == "quick")
  }

  @Test func linesAreJoinedBySpaceAndHyphenatedWordsAgain() {
    let quads = [
      Self.quad(row: 0, columns: 16..<19), Self.quad(row: 1, columns: 0..<18),
      Self.quad(row: 2, columns: 0..<11),
    ]
    #expect(MarkedText.text(in: page, under: quads) == "fox jumps over a hyphenated dog")
  }

  @Test func wordsApartOnALineAreApartBySpace() {
    let quads = [Self.quad(row: 0, columns: 0..<3), Self.quad(row: 0, columns: 10..<15)]
    #expect(MarkedText.text(in: page, under: quads) == "The brown")
  }

  @Test func quadrilateralsGoInTheirOrderEachCharacterOnce() {
    // Marked second line first (as a writer may order them), and "brown" under two.
    let quads = [
      Self.quad(row: 1, columns: 0..<5), Self.quad(row: 0, columns: 10..<15),
      Self.quad(row: 0, columns: 4..<15),
    ]
    #expect(MarkedText.text(in: page, under: quads) == "jumps brown quick")
  }

  @Test func aCharacterHalfUnderIsTakenByItsCentre() {
    // Columns 4.6 to 8.4: the centres of "uic" (4.5 out, 8.5 out).
    let quad = PageQuadrilateral(PageRegion(x: 0.046, y: 0.02, width: 0.038, height: 0.05))
    #expect(MarkedText.text(in: page, under: [quad]) == "uic")
  }

  @Test func nothingUnderIsEmpty() {
    let quad = PageQuadrilateral(PageRegion(x: 0.5, y: 0.5, width: 0.1, height: 0.1))
    #expect(MarkedText.text(in: page, under: [quad]).isEmpty)
    #expect(MarkedText.text(in: page, under: []).isEmpty)
  }

  @Test func aTiltedQuadrilateralInAnyCornerOrder() {
    // A diamond around the centre of "q" (column 4, row 0): (0.045, 0.05).
    let diamond = PageQuadrilateral(
      UnitPoint(x: 0.045, y: 0.0), UnitPoint(x: 0.045, y: 0.1), UnitPoint(x: 0.04, y: 0.05),
      UnitPoint(x: 0.05, y: 0.05))
    #expect(diamond.contains(UnitPoint(x: 0.045, y: 0.05)))
    #expect(!diamond.contains(UnitPoint(x: 0.041, y: 0.01)))
    #expect(MarkedText.text(in: page, under: [diamond]) == "q")
  }

  @Test func kindsHaveTheirNames() {
    #expect(AnnotationKind.strikeOut.name == "strike-out")
    #expect(AnnotationKind.note.name == "note")
    #expect(AnnotationKind.other("stamp").name == "stamp")
    #expect(AnnotationKind.highlight.marksText && !AnnotationKind.note.marksText)
  }
}
