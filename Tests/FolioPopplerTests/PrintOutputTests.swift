import FolioCore
import FolioFixtures
import FolioPoppler
import FolioRaster
import FolioTestSupport
import Foundation
import Testing

/// `--print` output on fixture PDFs: the core's picture path with a real Poppler document.
struct PrintOutputTests {
  /// Writes a three-page fixture (portrait with colors, landscape, tiny) and opens it.
  static func document() throws -> PopplerDocument {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("folio-print-\(UUID().uuidString).pdf").path
    try FixturePDF.write(
      [
        FixturePage(
          width: 595, height: 842, headline: "7", caption: "colors", tint: (0.95, 0.95, 1),
          hasColorBlocks: true),
        FixturePage(width: 842, height: 595, headline: "B", caption: "landscape"),
        FixturePage(width: 20, height: 300, headline: "i"),
      ], to: path)
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try PopplerDocument.open(path: path)
  }

  static let sizes = [
    CellSize(columns: 40, rows: 20), CellSize(columns: 7, rows: 3),
    CellSize(columns: 1, rows: 1), CellSize(columns: 161, rows: 61),
  ]

  @Test(arguments: SymbolSet.allCases)
  func everyPageSizeAndColorModeGivesExactLines(symbols: SymbolSet) throws {
    let document = try Self.document()
    for mode in ColorMode.allCases {
      let picture = PagePicture(rasterizer: BlockRasterizer(symbols: symbols, colorMode: mode))
      for page in document.pageIndices {
        for box in Self.sizes {
          let text = AnsiPrinter(colorMode: mode).text(
            for: try picture.draw(page, of: document, in: box))
          let problems = AnsiTextChecks.problems(
            in: text, columns: box.columns, rows: box.rows, colored: mode != .none)
          #expect(problems.isEmpty, "\(symbols) \(mode) \(page) \(box): \(problems.prefix(3))")
        }
      }
    }
  }

  @Test func colorBlocksShowUpInTheirColors() throws {
    let document = try Self.document()
    let picture = PagePicture(rasterizer: BlockRasterizer(symbols: .sextant, colorMode: .truecolor))
    let screen = try picture.draw(PageIndex(0), of: document, in: CellSize(columns: 80, rows: 40))
    // The first color band is (0.85, 0.15, 0.15): some cell must be clearly red.
    let colors = screen.cells.flatMap { [$0.foreground, $0.background] }
    let hasRed = colors.contains { color in
      if case .rgb(let r, let g, let b) = color { return r > 180 && g < 80 && b < 80 }
      return false
    }
    #expect(hasRed)
    // The tinted paper fills the page's cells; the margins beside the page stay default.
    guard case .rgb(let r, let g, let b) = screen[40, 4].background else {
      Issue.record("paper is not a 24-bit color")
      return
    }
    #expect((240...244).contains(r) && r == g && b == 255, "\(r) \(g) \(b)")
    #expect(screen[0, 20].background == .default)
  }

  @Test func landscapePageIsCenteredVertically() throws {
    let document = try Self.document()
    let picture = PagePicture(rasterizer: BlockRasterizer(symbols: .half, colorMode: .truecolor))
    let screen = try picture.draw(PageIndex(1), of: document, in: CellSize(columns: 40, rows: 40))
    // 842 x 595 pt in 40 columns of 1:2 cells: 14 rows, 13 blank rows above and below.
    let pageRows = (0..<40).filter { row in
      (0..<40).contains { screen[$0, row].background != .default }
    }
    #expect(pageRows == Array(13..<27))
  }

  @Test func pageOutOfRangeIsAnError() throws {
    let document = try Self.document()
    let picture = PagePicture(rasterizer: BlockRasterizer())
    #expect(throws: DocumentError.pageOutOfRange(PageIndex(3), pageCount: 3)) {
      try picture.draw(PageIndex(3), of: document, in: CellSize(columns: 10, rows: 10))
    }
  }
}
