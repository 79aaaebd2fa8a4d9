import FolioCore
import FolioRaster
import Testing

/// A document of solid-colored pages, for drawing pictures without Poppler.
final class SolidDocument: DocumentSource {
  let sizes: [PointSize]
  let color: RGBA
  var renderedSizes: [PixelSize] = []

  init(sizes: [PointSize], color: RGBA) {
    self.sizes = sizes
    self.color = color
  }

  var pageCount: Int { sizes.count }
  var title: String? { nil }
  func pageLabel(at page: PageIndex) -> String? { nil }
  func pageIndex(forLabel label: String) -> PageIndex? { nil }
  func pageSize(at page: PageIndex) -> PointSize { sizes[page.rawValue] }
  func render(_ page: PageIndex, region: PageRegion, size: PixelSize) throws -> RGBAImage {
    renderedSizes.append(size)
    return RGBAImage(size: size, fill: color)
  }
}

/// Fitting, rendering and centering a page in a box of cells.
struct PagePictureTests {
  @Test func pageIsFittedCenteredAndSurroundedByBlankCells() throws {
    let document = SolidDocument(sizes: [PointSize(width: 100, height: 100)], color: .white)
    let picture = PagePicture(rasterizer: BlockRasterizer(symbols: .sextant, supersampling: 1))
    let box = CellSize(columns: 30, rows: 10)
    let screen = try picture.draw(PageIndex(0), of: document, in: box)
    #expect(screen.size == box)
    // A square page with 1:2 cells is 20 columns by 10 rows, 5 columns in from each side.
    #expect(document.renderedSizes == [PixelSize(width: 40, height: 30)])
    for row in 0..<10 {
      for column in 0..<30 {
        let inside = (5..<25).contains(column)
        #expect(screen[column, row].background == (inside ? .rgb(255, 255, 255) : .default))
      }
    }
  }

  @Test func cellAspectChangesTheFit() throws {
    let document = SolidDocument(sizes: [PointSize(width: 100, height: 100)], color: .black)
    let picture = PagePicture(rasterizer: BlockRasterizer(symbols: .half), cellAspect: 1)
    #expect(
      picture.pageCells(
        for: document.pageSize(at: PageIndex(0)), in: CellSize(columns: 30, rows: 10))
        == CellSize(columns: 10, rows: 10))
  }

  @Test func pagesOutsideTheDocumentAreAnError() {
    let document = SolidDocument(sizes: [PointSize(width: 100, height: 100)], color: .black)
    let picture = PagePicture(rasterizer: BlockRasterizer())
    #expect(throws: DocumentError.pageOutOfRange(PageIndex(1), pageCount: 1)) {
      try picture.draw(PageIndex(1), of: document, in: CellSize(columns: 10, rows: 10))
    }
  }
}
