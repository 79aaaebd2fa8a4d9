import FolioCore
import FolioFixtures
import FolioPoppler
import Foundation

/// Measures the Poppler backend: opening a huge document, reading page sizes, rendering, and
/// rendering from one versus two threads (one PopplerDocument each).
enum DocumentBenchmarks {
  static func run() throws -> String {
    let huge = try FixtureLibrary.path(.huge)
    let one = try FixtureLibrary.path(.onePage)
    var lines = ["## Poppler backend", "", "| measurement | result |", "|---|---|"]
    func row(_ name: String, _ value: String) { lines.append("| \(name) | \(value) |") }

    let openHuge = try Measure.median { _ = try PopplerDocument.open(path: huge) }
    let openOne = try Measure.median { _ = try PopplerDocument.open(path: one) }
    row("open 15,000-page fixture (no page touched)", Measure.format(openHuge))
    row("open 1-page fixture", Measure.format(openOne))

    // Cold: a fresh document each time; every page's size read once.
    let allSizes = try Measure.median(repetitions: 3) {
      let document = try PopplerDocument.open(path: huge)
      for page in document.pageIndices { _ = document.pageSize(at: page) }
    }
    row("read all 15,000 page sizes, cold (includes open)", Measure.format(allSizes))
    let lastPage = try Measure.median(repetitions: 3) {
      let document = try PopplerDocument.open(path: huge)
      _ = document.pageSize(at: PageIndex(14_999))
    }
    row("read the last page's size only, cold (includes open)", Measure.format(lastPage))
    // The floor under Folio's first frame: Poppler must parse the cross-reference table and
    // the root of the page tree (15,000 kids in this file) before any page can be drawn.
    let firstPage = try Measure.median(repetitions: 5) {
      let document = try PopplerDocument.open(path: huge)
      _ = document.pageSize(at: PageIndex(0))
    }
    row("read the first page's size only, cold (includes open)", Measure.format(firstPage))
    let warm = try PopplerDocument.open(path: huge)
    for page in warm.pageIndices { _ = warm.pageSize(at: page) }
    let cached = Measure.median {
      for page in warm.pageIndices { _ = warm.pageSize(at: page) }
    }
    row("read all 15,000 page sizes again (remembered)", Measure.format(cached))

    let document = try PopplerDocument.open(path: huge)
    let pages = (0..<60).map { PageIndex($0 * 250) }
    let size = PixelSize(width: 160, height: 213)
    let serial = try Measure.median(repetitions: 3) {
      for page in pages { _ = try document.render(page, size: size) }
    }
    row(
      "render 60 pages at 160x213 px, one thread",
      Measure.format(serial) + String(format: " (%.0f pages/s)", 60 / serial))
    // Each worker uses only its own instance, opened as page workers open theirs: the thread
    // rule of PopplerDocument.
    nonisolated(unsafe) let copies = try (0..<2).map { _ in
      try PopplerDocument.open(readablePath: document.readablePath, named: document.path)
    }
    let parallel = Measure.median(repetitions: 3) {
      DispatchQueue.concurrentPerform(iterations: 2) { worker in
        for (i, page) in pages.enumerated() where i % 2 == worker {
          _ = try? copies[worker].render(page, size: size)
        }
      }
    }
    row(
      "same 60 pages, two threads with a document each",
      Measure.format(parallel) + String(format: " (%.0f pages/s)", 60 / parallel))
    return lines.joined(separator: "\n")
  }
}
