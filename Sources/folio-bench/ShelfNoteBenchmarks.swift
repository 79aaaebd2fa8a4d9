import FolioCore
import FolioFixtures
import FolioPoppler
import Foundation

/// What annotations cost the shelf: a cover's label counts its document's annotations
/// (`PopplerDocument.annotationCount()`, every page's annotation mapping, in the page worker's
/// label read), and the shelf's search reads each page's notes after its text
/// (`textWithNotes(at:)`). Cold: a fresh document (or library) each time, as a page worker
/// reads a cover's label once.
enum ShelfNoteBenchmarks {
  /// The section's rows: the label with and without the count, the count alone per page, and
  /// a page's text with and without its notes.
  static func run() throws -> String {
    var lines = [
      "## Shelf: annotation counts and notes", "", "| measurement | result |", "|---|---|",
    ]
    func row(_ name: String, _ value: String) { lines.append("| \(name) | \(value) |") }
    let huge = try FixtureLibrary.path(.huge)
    let manual = try FixtureLibrary.path(.manual)
    let annotated = NSTemporaryDirectory() + "folio-bench-notes-\(getpid()).pdf"
    try writeAnnotated(to: annotated)
    defer { try? FileManager.default.removeItem(atPath: annotated) }

    for (name, path) in [
      ("15,000-page fixture", huge), ("2,415-page manual", manual),
      ("200-page document with 5 notes a page", annotated),
    ] {
      let (count, pages) = try counted(path)
      // The label as it was read before: open, title, page count.
      let plain = try Measure.median(repetitions: 3) {
        let document = try PopplerDocument.open(path: path)
        _ = CoverLabel.text(
          name: "x.pdf", title: document.title, pageCount: document.pageCount, place: nil)
      }
      let labeled = try Measure.median(repetitions: 3) {
        _ = try library(of: path).pageLabel(at: PageIndex(0))
      }
      row("cover label of the \(name), cold, without the count", Measure.format(plain))
      row(
        "cover label of the \(name), cold, with the count (\(count) annotations)",
        Measure.format(labeled)
          + String(format: " (%.1f µs a page)", (labeled - plain) / Double(pages) * 1e6))
    }
    let notes = try Measure.median(repetitions: 3) {
      let document = try PopplerDocument.open(path: annotated)
      for page in document.pageIndices { _ = document.notes(at: page) }
    }
    row("notes of the 200 annotated pages (1,000 notes), cold", Measure.format(notes))
    // What the library's workers read of small files, as `--find --list DIR` does cold.
    let small = NSTemporaryDirectory() + "folio-bench-small-\(getpid())"
    try LibraryWriter.write(count: 400, into: small)
    defer { try? FileManager.default.removeItem(atPath: small) }
    let files = (0..<400).map {
      small + "/shelf-\($0 / 100)" + String(format: "/paper-%05d.pdf", $0)
    }
    func readAll(withNotes: Bool) throws {
      for file in files {
        let document = try PopplerDocument.open(path: file)
        for page in document.pageIndices {
          _ = withNotes ? document.textWithNotes(at: page) : document.text(at: page)
        }
      }
    }
    let smallOwn = try Measure.median(repetitions: 3) { try readAll(withNotes: false) }
    let smallNoted = try Measure.median(repetitions: 3) { try readAll(withNotes: true) }
    row(
      "400 small files (1,000 pages) opened and read, their pages' text", Measure.format(smallOwn))
    row(
      "the same with their notes",
      Measure.format(smallNoted) + String(format: " (%+.1f %%)", 100 * (smallNoted / smallOwn - 1)))
    let document = try PopplerDocument.open(path: manual)
    let first = (0..<200).map { PageIndex($0) }
    let manualOwn = Measure.median(repetitions: 3) {
      for page in first { _ = document.text(at: page) }
    }
    let manualNoted = Measure.median(repetitions: 3) {
      for page in first { _ = document.textWithNotes(at: page) }
    }
    row("text of the manual's first 200 pages (no annotations)", Measure.format(manualOwn))
    row("the same with their notes", Measure.format(manualNoted))
    return lines.joined(separator: "\n")
  }

  /// Writes a 200-page document with five sticky notes on every page.
  private static func writeAnnotated(to path: String) throws {
    try FixturePDF.write(
      (1...200).map { FixturePage(width: 612, height: 792, lines: ["page \($0) of notes"]) },
      title: "Notes", to: path)
    try FixturePDF.annotate(
      path,
      with: (0..<200).flatMap { page in
        (0..<5).map { note in
          FixtureAnnotation(
            page: page, kind: .note,
            areas: [FixtureArea(x: 400, y: 100 + 40 * Double(note), width: 20, height: 20)],
            note: "note \(note) of page \(page + 1)")
        }
      })
  }

  /// The annotation count and page count of the file at `path`.
  private static func counted(_ path: String) throws -> (Int, Int) {
    let document = try PopplerDocument.open(path: path)
    return (document.annotationCount(), document.pageCount)
  }

  /// A library of the one file at `path`, as a page worker opens it.
  private static func library(of path: String) throws -> LibraryDocument {
    let manifest = try PopplerDocument.readablePath(holding: LibraryDocument.manifest(of: [path]))
    return try LibraryDocument(manifestAt: manifest, opensFiles: true)
  }
}
