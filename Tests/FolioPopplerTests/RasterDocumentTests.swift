import FolioCore
import FolioFixtures
import FolioPoppler
import Foundation
import Testing

/// The PNG-backed document behind `folio-bench --print-page --measure-raster`.
@Suite("Raster document")
struct RasterDocumentTests {
  /// A PNG of page 1 of the mixed-size fixture at 400 x 518 pixels, written by pdftocairo.
  static func png() throws -> String {
    let pdf = try FixtureLibrary.path(.mixedSizes)
    let output = NSTemporaryDirectory() + "folio-raster-\(UUID().uuidString)"
    _ = try ChildProcess.run(
      "pdftocairo",
      [
        "-png", "-singlefile", "-f", "1", "-l", "1", "-scale-to-x", "400", "-scale-to-y", "518",
        pdf, output,
      ])
    return output + ".png"
  }

  @Test func isOnePageTheSizeOfTheImageAndScalesLikeTheRender() throws {
    let path = try Self.png()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let raster = try RasterDocument(pngAt: path)
    #expect(raster.pageCount == 1)
    #expect(raster.pageSize(at: PageIndex(0)) == PointSize(width: 400, height: 518))
    // Scaled to a quarter, it matches Poppler's own render at that size closely.
    let size = PixelSize(width: 100, height: 130)
    let scaled = try raster.render(PageIndex(0), size: size)
    let pdf = try PopplerDocument.open(path: try FixtureLibrary.path(.mixedSizes))
    pdf.keepsHairlinesThin = false
    let rendered = try pdf.render(PageIndex(0), size: size)
    #expect(scaled.size == size)
    #expect(PopplerReference.meanAbsoluteDifference(scaled, rendered) < 8)
    #expect(throws: DocumentError.self) { try raster.render(PageIndex(1), size: size) }
  }

  @Test func somethingElseThanAPNGIsAnError() throws {
    #expect(throws: DocumentError.self) {
      try RasterDocument(pngAt: try FixtureLibrary.path(.onePage))
    }
    #expect(throws: DocumentError.self) { try RasterDocument(pngAt: "/nonexistent/page.png") }
  }
}
