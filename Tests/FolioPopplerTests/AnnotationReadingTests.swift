import FolioCore
import FolioFixtures
import FolioPoppler
import Foundation
import Testing

/// Annotations read with poppler-glib: their kinds, pages, places as page fractions, notes,
/// authors, colours, and the text under their quadrilaterals; links are not annotations.
@Suite("Reading annotations")
struct AnnotationReadingTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus/pdfs").path

  /// The annotated sample, written to a temporary file for the test.
  func sample() throws -> (document: PopplerDocument, path: String) {
    let path = NSTemporaryDirectory() + "folio-annotations-\(UUID().uuidString.prefix(8)).pdf"
    try FixturePDF.writeAnnotatedSample(to: path)
    return (try PopplerDocument.open(path: path), path)
  }

  @Test func kindsPagesMarkedTextAndNotes() throws {
    let (document, path) = try sample()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let read = document.annotations()
    #expect(read.map(\.kind) == [.highlight, .underline, .strikeOut, .note])
    #expect(read.map(\.page) == [PageIndex(0), PageIndex(0), PageIndex(1), PageIndex(1)])
    #expect(read.map(\.markedText) == ["quick brown", "hyphenated", "words", ""])
    #expect(read.map(\.note) == ["Fast\tand\nbrown\u{1B}[31m", nil, nil, "Check this"])
    #expect(read.first?.author == "Ada")
    #expect(read.first?.color == RGBA(red: 255, green: 255, blue: 0))
    #expect(document.annotations(at: PageIndex(1)).map(\.kind) == [.strikeOut, .note])
  }

  @Test func placesAreFractionsOfThePageFromItsTopLeft() throws {
    let (document, path) = try sample()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let read = document.annotations()
    let highlight = try #require(read.first)
    let area = try #require(FixturePDF.annotatedSampleAnnotations.first?.areas.first)
    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-3 }
    let quad = try #require(highlight.quadrilaterals.first)
    #expect(highlight.quadrilaterals.count == 1)
    // Top-left first, as the writer put it: the area's corner from the page's top-left.
    #expect(near(quad.corners[0].x, area.x / 612) && near(quad.corners[0].y, area.y / 792))
    #expect(
      near(quad.corners[3].x, (area.x + area.width) / 612)
        && near(quad.corners[3].y, (area.y + area.height) / 792))
    #expect(near(highlight.rectangle.x, area.x / 612) && near(highlight.rectangle.y, area.y / 792))
    #expect(read[1].quadrilaterals.count == 2)
    let note = read[3]
    #expect(note.quadrilaterals.isEmpty)
    #expect(near(note.rectangle.x, 400 / 612) && near(note.rectangle.y, 300 / 792))
  }

  @Test func theNameAndDateAreRead() throws {
    let (_, path) = try sample()
    defer { try? FileManager.default.removeItem(atPath: path) }
    // A /NM written into the highlight's dictionary (poppler-glib writes none).
    let qdf = path + ".qdf"
    defer { try? FileManager.default.removeItem(atPath: qdf) }
    _ = try ChildProcess.run("qpdf", ["--qdf", "--object-streams=disable", path, qdf])
    var text = try String(contentsOfFile: qdf, encoding: .isoLatin1)
    let subtype = try #require(text.range(of: "/Subtype /Highlight\n"))
    text.replaceSubrange(subtype, with: "/Subtype /Highlight\n  /NM (folio-mark-1)\n")
    try text.write(toFile: qdf, atomically: true, encoding: .isoLatin1)
    try ChildProcess.run("fix-qdf", [qdf]).standardOutput.write(to: URL(fileURLWithPath: path))
    let read = try PopplerDocument.open(path: path).annotations()
    #expect(read.map(\.name) == ["folio-mark-1", nil, nil, nil])
    // poppler-glib dates what it adds: /M (D:YYYYMMDDHHmmSS…).
    #expect(read.allSatisfy { $0.modified?.hasPrefix("D:20") == true })
  }

  @Test func aDocumentWithoutAnnotationsHasNone() throws {
    let document = try PopplerDocument.open(path: FixtureLibrary.path(.onePage))
    #expect(document.annotations().isEmpty)
  }

  @Test func linksAreNotAnnotations() throws {
    let path = NSTemporaryDirectory() + "folio-links-\(UUID().uuidString.prefix(8)).pdf"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try FixturePDF.write(
      [
        FixturePage(
          width: 612, height: 792, lines: ["See the next page"],
          links: [
            FixtureLink(
              x: 72, y: 72, width: 100, height: 20, target: .uri("https://example.org"))
          ]),
        FixturePage(width: 612, height: 792),
      ], to: path)
    let document = try PopplerDocument.open(path: path)
    #expect(document.annotations().isEmpty)
  }

  @Test func anotherProgramsAnnotations() throws {
    // Made by fpdf2: a sticky note, a highlight over "Line 1" and "Line 2" (two
    // quadrilaterals in that order; Poppler's reading order puts "Line 2" first, the lines
    // overlapping) with a comment, and an ink drawing.
    let document = try PopplerDocument.open(path: Self.corpus + "/pypdf-annotated.pdf")
    let read = document.annotations()
    #expect(read.map(\.kind) == [.note, .highlight, .ink])
    #expect(read.map(\.markedText) == ["", "Line 1 Line 2", ""])
    #expect(
      read.map(\.note) == ["This is a text annotation.", "Highlight comment", "Hello world!"])
    // poppler-glib 22.12 gives no author for ink (it is no markup annotation to it).
    #expect(read[1].modified == "D:19900428000000")
  }
}
