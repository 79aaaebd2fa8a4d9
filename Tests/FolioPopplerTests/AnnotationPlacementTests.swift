import FolioCore
import FolioFixtures
import FolioPoppler
import Foundation
import Testing

/// Annotations on a turned page (/Rotate) and on a page cropped (/CropBox): their places in
/// fractions of the page as displayed, as Folio's text boxes are, so the text under them is
/// the same words as on a plain page.
@Suite("Placing annotations")
struct AnnotationPlacementTests {
  /// The annotated sample with `edit` applied to it by qpdf (page 1 only), opened.
  func sample(_ edit: (String) throws -> Void) throws -> (PopplerDocument, String) {
    let path = NSTemporaryDirectory() + "folio-placed-\(UUID().uuidString.prefix(8)).pdf"
    try FixturePDF.writeAnnotatedSample(to: path)
    try edit(path)
    return (try PopplerDocument.open(path: path), path)
  }

  func qpdf(_ arguments: [String]) throws {
    let result = try ChildProcess.run("qpdf", arguments)
    // qpdf exits 3 for warnings, which still writes the file.
    #expect(result.status == 0 || result.status == 3, "qpdf \(arguments)")
  }

  /// The highlight's first corner (the marked area's top-left on the unturned page).
  var corner: (x: Double, y: Double) {
    let area = FixturePDF.annotatedSampleAnnotations[0].areas[0]
    return (area.x, area.y)
  }

  func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-3 }

  @Test(arguments: [90, 180, 270])
  func aTurnedPageKeepsItsMarkedWords(turn: Int) throws {
    let (document, path) = try sample { try qpdf(["--replace-input", $0, "--rotate=+\(turn):1"]) }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let read = document.annotations(at: PageIndex(0))
    #expect(read.map(\.markedText) == ["quick brown", "hyphenated"])
    let point = try #require(read.first?.quadrilaterals.first?.corners.first)
    let u = corner.x / 612
    let v = corner.y / 792
    let expected: (Double, Double) =
      switch turn {
      case 90: (1 - v, u)
      case 180: (1 - u, 1 - v)
      default: (v, 1 - u)
      }
    #expect(near(point.x, expected.0) && near(point.y, expected.1), "\(point) \(expected)")
  }

  @Test func aCroppedPageIsMeasuredFromItsCropBox() throws {
    let (document, path) = try sample { path in
      // The crop box written into page 1's dictionary in a QDF copy of the file.
      let qdf = path + ".qdf"
      try qpdf(["--qdf", "--object-streams=disable", path, qdf])
      var text = try String(contentsOfFile: qdf, encoding: .isoLatin1)
      let page = try #require(text.range(of: "/Type /Page\n"))
      text.replaceSubrange(page, with: "/Type /Page\n  /CropBox [50 60 562 732]\n")
      try text.write(toFile: qdf, atomically: true, encoding: .isoLatin1)
      let fixed = try ChildProcess.run("fix-qdf", [qdf])
      try fixed.standardOutput.write(to: URL(fileURLWithPath: path))
      try? FileManager.default.removeItem(atPath: qdf)
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(document.pageSize(at: PageIndex(0)) == PointSize(width: 512, height: 672))
    let read = document.annotations(at: PageIndex(0))
    #expect(read.map(\.markedText) == ["quick brown", "hyphenated"])
    let point = try #require(read.first?.quadrilaterals.first?.corners.first)
    #expect(near(point.x, (corner.x - 50) / 512) && near(point.y, (corner.y - 60) / 672))
  }
}
