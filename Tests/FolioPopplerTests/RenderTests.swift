import FolioCore
import FolioFixtures
import FolioPoppler
import FolioRaster
import Foundation
import Testing

@Suite("Rendering")
struct RenderTests {
  static let corpus = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("shared/corpus/pdfs").path

  /// (file, page) pairs covering vector, text, scans, colour and rotation.
  static let cases: [(String, Int)] = [
    ("fixture:mixedSizes", 3), ("fixture:rotated", 2), ("fixture:rotated", 4),
    ("corpus:pypdf-habibi-rotated-arabic.pdf", 1), ("corpus:openprinting-tabloid-color.pdf", 1),
    ("corpus:polylux-16x9-slides.pdf", 2), ("corpus:ocrmypdf-rotated-skew.pdf", 1),
    ("corpus:pypdf-geotopo-117p-linearized.pdf", 5),
  ]

  static func resolve(_ name: String) throws -> String {
    let parts = name.split(separator: ":", maxSplits: 1).map(String.init)
    if parts[0] == "fixture" {
      let fixture: FixtureLibrary.Name = parts[1] == "rotated" ? .rotated : .mixedSizes
      return try FixtureLibrary.path(fixture)
    }
    return corpus + "/" + parts[1]
  }

  /// Poppler's cairo raster is the same renderer: it must match almost exactly. Splash
  /// (pdftoppm) anti-aliases and scales images differently, so it only has to agree broadly;
  /// a page drawn in the wrong orientation or place differs by 30 to 70 (measured).
  static let tolerance: [PopplerReference.Tool: Double] = [.cairo: 2, .splash: 16]

  /// A render by `tool` near `target` pixels wide whose size is exactly what was asked for: the
  /// tools round the other side their own way and would otherwise stretch their image.
  static func exactReference(
    _ path: String, page: Int, near target: Int, aspect: Double, tool: PopplerReference.Tool
  ) throws -> RGBAImage {
    let widths = (target - 30...target + 30).sorted { a, b in
      let fa = abs(Double(a) / aspect - (Double(a) / aspect).rounded())
      let fb = abs(Double(b) / aspect - (Double(b) / aspect).rounded())
      return fa < fb
    }
    var last: RGBAImage?
    for width in widths.prefix(8) {
      let height = Int((Double(width) / aspect).rounded())
      let image = try PopplerReference.render(
        path, page: page, width: width, height: height, tool: tool)
      if image.size == PixelSize(width: width, height: height) { return image }
      last = image
    }
    guard let last else { throw ReferenceError(description: "no reference") }
    return last
  }

  @Test func sizesCairoCannotDrawAreErrors() throws {
    let document = try PopplerDocument.open(path: try FixtureLibrary.path(.onePage))
    #expect(throws: DocumentError.self) {
      try document.render(PageIndex(0), size: PixelSize(width: 40_000, height: 1))
    }
    // The largest side cairo takes still renders.
    let widest = try document.render(PageIndex(0), size: PixelSize(width: 32_767, height: 1))
    #expect(widest.size == PixelSize(width: 32_767, height: 1))
  }

  /// A corpus case opened: its path, the document, the page and the page's aspect ratio.
  static func open(
    _ file: String, page: Int, thinHairlines: Bool
  ) throws -> (String, PopplerDocument, PageIndex, Double) {
    let path = try resolve(file)
    let document = try PopplerDocument.open(path: path)
    document.keepsHairlinesThin = thinHairlines
    let index = PageIndex(number: page)
    return (path, document, index, document.pageSize(at: index).aspectRatio)
  }

  @Test(arguments: cases)
  func wholePageMatchesPoppler(file: String, page: Int) throws {
    let (path, document, index, aspect) = try Self.open(file, page: page, thinHairlines: false)
    for tool in [PopplerReference.Tool.cairo, .splash] {
      let reference = try Self.exactReference(
        path, page: page, near: 160, aspect: aspect, tool: tool)
      #expect(
        abs(Double(reference.width) / Double(reference.height) - aspect) < 0.02 * aspect,
        "\(file) p\(page) vs \(tool): orientation")
      let ours = try document.render(index, size: reference.size)
      if let dump = ProcessInfo.processInfo.environment["FOLIO_DUMP"] {
        let name = file.replacingOccurrences(of: ":", with: "-") + "-\(page)"
        PopplerReference.writePPM(ours, to: "\(dump)/\(name)-ours.ppm")
        PopplerReference.writePPM(reference, to: "\(dump)/\(name)-\(tool).ppm")
      }
      let difference = PopplerReference.meanAbsoluteDifference(ours, reference)
      #expect(
        difference < Self.tolerance[tool, default: 2],
        "\(file) p\(page) vs \(tool): mean abs difference \(difference)")
    }
  }

  @Test(arguments: cases)
  func regionMatchesCrop(file: String, page: Int) throws {
    let (path, document, index, aspect) = try Self.open(file, page: page, thinHairlines: false)
    for tool in [PopplerReference.Tool.cairo, .splash] {
      let full = try Self.exactReference(path, page: page, near: 320, aspect: aspect, tool: tool)
      // The middle half of the page, rendered on its own at the scale of the full render.
      let rect = (full.width / 4, full.height / 4, full.width / 2, full.height / 2)
      let region = PageRegion(
        x: Double(rect.0) / Double(full.width), y: Double(rect.1) / Double(full.height),
        width: Double(rect.2) / Double(full.width), height: Double(rect.3) / Double(full.height))
      let ours = try document.render(
        index, region: region, size: PixelSize(width: rect.2, height: rect.3))
      let difference = PopplerReference.meanAbsoluteDifference(
        ours, PopplerReference.crop(full, rect))
      #expect(
        difference < Self.tolerance[tool, default: 2],
        "\(file) p\(page) region vs \(tool): mean abs difference \(difference)")
    }
  }

  /// Folio's default keeps hairlines at their true weight; the page is still the same page.
  @Test(arguments: cases)
  func thinHairlinesStayCloseToPoppler(file: String, page: Int) throws {
    let (path, document, index, aspect) = try Self.open(file, page: page, thinHairlines: true)
    let reference = try Self.exactReference(
      path, page: page, near: 160, aspect: aspect, tool: .cairo)
    let ours = try document.render(index, size: reference.size)
    let difference = PopplerReference.meanAbsoluteDifference(ours, reference)
    #expect(difference < 16, "\(file) p\(page): mean abs difference \(difference)")
  }

  @Test func renderIsExactSizeAndOpaqueWhitePaper() throws {
    let document = try PopplerDocument.open(path: FixtureLibrary.path(.mixedSizes))
    for size in [
      PixelSize(width: 1, height: 1), PixelSize(width: 7, height: 300),
      PixelSize(width: 333, height: 5),
    ] {
      let image = try document.render(PageIndex(0), size: size)
      #expect(image.size == size)
      #expect(stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { image.pixels[$0] == 255 })
    }
    // The corner of a page with no content there is white paper.
    let image = try document.render(PageIndex(0), size: PixelSize(width: 100, height: 141))
    #expect(image[0, 0] == .white)
  }

  @Test func outOfRangePageIsAnError() throws {
    let document = try PopplerDocument.open(path: FixtureLibrary.path(.onePage))
    #expect(throws: DocumentError.pageOutOfRange(PageIndex(1), pageCount: 1)) {
      try document.render(PageIndex(1), size: PixelSize(width: 10, height: 10))
    }
  }
}
