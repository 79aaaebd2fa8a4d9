import FolioCore
import FolioFixtures
import FolioPoppler
import Foundation
import Testing

/// Annotations on the shelf: a cover's label counts its document's annotations (as the
/// annotation reader reads them, from Poppler's annotation mapping alone), and the text the
/// shelf's search reads holds each page's notes after its own text.
@Suite("Annotations on the shelf")
struct LibraryAnnotationTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus/pdfs").path

  /// The annotated sample (2 pages, 4 annotations, notes "Fast…" on page 1 and "Check this"
  /// on page 2), written by poppler-glib as another program would, in a folder of its own.
  func sample() throws -> String {
    let folder = NSTemporaryDirectory() + "folio-shelf-notes-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let path = folder + "/notes.pdf"
    try FixturePDF.writeAnnotatedSample(to: path)
    return path
  }

  /// A library of `paths` as its workers open it (`separatingPages`: for its search).
  func library(_ paths: [String], separatingPages: Bool = false) throws -> LibraryDocument {
    let manifest = try PopplerDocument.readablePath(
      holding: LibraryDocument.manifest(of: paths, separatingPages: separatingPages))
    return try LibraryDocument(manifestAt: manifest, opensFiles: true)
  }

  @Test func theCountIsWhatTheReaderReads() throws {
    let path = try sample()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let document = try PopplerDocument.open(path: path)
    #expect(document.annotationCount() == 4)
    #expect(document.annotationCount(at: PageIndex(1)) == 2)
    #expect(document.annotationCount(at: PageIndex(7)) == 0)
    // A file made by pypdf, with links, which are not counted.
    let other = try PopplerDocument.open(path: Self.corpus + "/pypdf-annotated.pdf")
    #expect(other.annotationCount() == other.annotations().count)
  }

  @Test func aCoverLabelCountsItsAnnotationsAndOnlyWhereThereAreSome() throws {
    let path = try sample()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let shelf = try library([path, try FixtureLibrary.path(.labeled)])
    #expect(
      shelf.pageLabel(at: PageIndex(0)) == "notes.pdf · Annotated sample · 2 pages · 4 annotations")
    let plain = try #require(shelf.pageLabel(at: PageIndex(1)))
    #expect(plain.hasSuffix(" pages") && !plain.contains("annotation"), "\(plain)")
  }

  @Test func theSearchTextHasEachPagesNotesAfterItsOwnText() throws {
    let path = try sample()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let pages = try library([path], separatingPages: true).text(at: PageIndex(0)).text
      .unicodeScalars.split(separator: LibraryDocument.pageBreak, omittingEmptySubsequences: false)
      .map { page in
        page.split(separator: NotesPartition.mark, omittingEmptySubsequences: false)
          .map { String(String.UnicodeScalarView($0)) }
      }
    #expect(pages.count == 2)
    #expect(pages.map(\.count) == [2, 2])
    #expect(pages[0][0].contains("quick brown"))
    #expect(pages[0][1] == "Fast\tand\nbrown\u{1B}[31m")
    #expect(pages[1][0].contains("Second page"))
    #expect(pages[1][1] == "Check this")
  }

  @Test func aPagesNotesAreBoundedInBytes() throws {
    let path = try sample()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let long = String(repeating: "é", count: 5_000)
    try FixturePDF.annotate(
      path,
      with: (0..<3).map { index in
        FixtureAnnotation(
          page: 0, kind: .note,
          areas: [FixtureArea(x: 300, y: 100 + 40 * Double(index), width: 20, height: 20)],
          note: long)
      })
    let notes = try PopplerDocument.open(path: path).notes(at: PageIndex(0))
    // The highlight's note, one long note whole (10,000 bytes), then the rest cut at a
    // character; the third long note not at all.
    #expect(notes.count == 3)
    #expect(notes.map(\.utf8.count).reduce(0, +) <= PopplerDocument.notesLimit)
    #expect(notes[1] == long)
    #expect(notes[2].allSatisfy { $0 == "é" } && notes[2].count < 5_000)
  }

  @Test func aNotedManifestOpensOneFilesPagesWithTheirNotes() throws {
    let path = try sample()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let manifest = try PopplerDocument.readablePath(
      holding: LibraryDocument.notedManifest(of: path))
    let listed = try LibraryDocument(manifestAt: manifest, opensFiles: true)
    #expect(listed.notedFile == path)
    let noted = NotedDocument(try PopplerDocument.open(path: path))
    #expect(noted.pageCount == 2)
    let text = noted.text(at: PageIndex(1))
    #expect(text.text.hasSuffix(String(NotesPartition.mark) + "Check this"))
    #expect(text.boxes.count == text.text.unicodeScalars.count)
  }
}
