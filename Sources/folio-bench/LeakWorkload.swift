import FolioCore
import FolioFixtures
import FolioPoppler

/// Exercises every Poppler and cairo object Folio creates, so a leak checker run over it
/// (`make leak-check`) finds any create without its release.
enum LeakWorkload {
  static func run(paths: [String]) throws {
    let files =
      paths.isEmpty
      ? [try FixtureLibrary.path(.mixedSizes), try FixtureLibrary.path(.labeled)] : paths
    for _ in 0..<3 {
      for file in files {
        let document = try PopplerDocument.open(path: file)
        _ = document.title
        for page in document.pageIndices {
          _ = document.pageSize(at: page)
          _ = document.pageLabel(at: page)
          _ = try document.render(page, size: PixelSize(width: 40, height: 50))
          _ = try document.render(
            page, region: PageRegion(x: 0.25, y: 0.25, width: 0.5, height: 0.5),
            size: PixelSize(width: 30, height: 30))
        }
        _ = document.pageIndex(forLabel: "ii")
        // Another instance of the same document, as each page worker opens.
        _ = try PopplerDocument.open(readablePath: document.readablePath, named: document.path)
          .render(PageIndex(0), size: PixelSize(width: 8, height: 8))
      }
      // Failures release what they made too.
      _ = try? PopplerDocument.open(path: "/nonexistent.pdf")
    }
  }
}
