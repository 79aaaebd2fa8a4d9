import FolioCore
import FolioFixtures
import FolioPoppler
import Foundation
import Testing

/// The headings of a tagged PDF's structure tree, as cairo writes one: H1 and H2 elements with
/// their page, level and text, paragraphs left out; an untagged document has none.
@Suite("Tagged headings")
struct TaggedHeadingsTests {
  @Test func headingsAreReadWithTheirPageLevelAndText() throws {
    let path = NSTemporaryDirectory() + "folio-tagged-\(UUID().uuidString.prefix(8)).pdf"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try FixturePDF.write(
      [
        FixturePage(
          width: 595, height: 842,
          texts: [
            FixtureText("Getting started", x: 72, y: 72, tag: "H1"),
            FixtureText("A paragraph of the first page.", x: 72, y: 90, tag: "P"),
          ]),
        FixturePage(width: 595, height: 842, lines: ["An untagged line."]),
        FixturePage(
          width: 595, height: 842,
          texts: [
            FixtureText("Installing – ünïcode", x: 72, y: 72, tag: "H2"),
            FixtureText("Another paragraph.", x: 72, y: 90, tag: "P"),
            FixtureText("Straßenbau – í", x: 72, y: 110, tag: "H3"),
          ]),
      ], to: path)
    let headings = try PopplerDocument.open(path: path).taggedHeadings()
    #expect(headings.map(\.page) == [PageIndex(0), PageIndex(2), PageIndex(2)])
    #expect(headings.map(\.level) == [1, 2, 3])
    // Poppler loses the UTF-8 bytes PDFDocEncoding leaves undefined (0x9F of "ß", 0xAD of
    // "í"): those characters come back unknown, the others whole.
    #expect(
      headings.map { $0.text.trimmingCharacters(in: .whitespaces) } == [
        "Getting started", "Installing – ünïcode", "Stra\u{FFFD}enbau – \u{FFFD}",
      ])
  }

  @Test func anUntaggedDocumentHasNone() throws {
    let document = try PopplerDocument.open(path: FixtureLibrary.path(.navigation))
    #expect(document.taggedHeadings().isEmpty)
  }
}

/// The runs of a page's text set in a bold font, by the fonts' names, in the text's scalars.
@Suite("Bold runs")
struct BoldRunsTests {
  @Test func boldTextIsFoundWhereTheTextHasIt() throws {
    let path = NSTemporaryDirectory() + "folio-bold-\(UUID().uuidString.prefix(8)).pdf"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try FixturePDF.write(
      [
        FixturePage(
          width: 595, height: 842,
          texts: [
            FixtureText("Getting started", x: 72, y: 72, isBold: true),
            FixtureText("A plain paragraph line.", x: 72, y: 90),
            FixtureText("Installing", x: 72, y: 120, isBold: true),
          ])
      ], to: path)
    let document = try PopplerDocument.open(path: path)
    let text = document.text(at: PageIndex(0))
    let runs = document.boldRuns(at: PageIndex(0))
    let styled = PageText(text: text.text, boxes: text.boxes, bold: runs)
    let scalars = Array(text.text.unicodeScalars)
    func range(of word: String) throws -> Range<Int> {
      let characters = Array(word.unicodeScalars)
      let start = try #require(
        scalars.indices.first { scalars[$0...].starts(with: characters) })
      return start..<start + characters.count
    }
    #expect(styled.isBold(try range(of: "Getting")))
    #expect(styled.isBold(try range(of: "started")))
    #expect(styled.isBold(try range(of: "Installing")))
    #expect(!styled.isBold(try range(of: "plain")))
    #expect(!styled.isBold(try range(of: "paragraph")))
  }
}
