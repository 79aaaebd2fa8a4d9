import Testing

@testable import FolioCore
@testable import FolioLayout
@testable import FolioRaster

@Suite struct PageMetricsTests {
  static let letter = PointSize(width: 612, height: 792)
  static let a4 = PointSize(width: 595.276, height: 841.89)
  static let a5 = PointSize(width: 420.945, height: 595.276)
  static let landscape = PointSize(width: 792, height: 612)

  @Test func unknownPagesAreEstimatedAsTheMostCommonKnownSize() {
    var metrics = PageMetrics(pageCount: 6)
    #expect(metrics.estimatedSize == .fallback)
    #expect(metrics.size(of: PageIndex(3)) == .fallback)
    #expect(!metrics.isSizeKnown(PageIndex(3)))
    metrics.setSize(Self.landscape, of: PageIndex(0))
    #expect(metrics.size(of: PageIndex(3)) == Self.landscape)
    metrics.setSize(Self.a4, of: PageIndex(4))
    metrics.setSize(Self.a4, of: PageIndex(5))
    #expect(metrics.estimatedSize == Self.a4)
    #expect(metrics.size(of: PageIndex(2)) == Self.a4)
    #expect(metrics.size(of: PageIndex(0)) == Self.landscape)
    #expect(metrics.knownSizeCount == 3)
    #expect(!metrics.areAllSizesKnown)
  }

  @Test func tiesGoToTheSizeThatAppearsFirstWhateverTheOrderOfDiscovery() {
    let sizes = [Self.a4, Self.letter, Self.letter, Self.a4, Self.landscape]
    let forwards = PageMetrics(sizes: sizes)
    var backwards = PageMetrics(pageCount: sizes.count)
    for index in sizes.indices.reversed() { backwards.setSize(sizes[index], of: PageIndex(index)) }
    #expect(forwards.estimatedSize == Self.a4)
    #expect(backwards.estimatedSize == Self.a4)
    #expect(forwards.mostCommonAspectRatio == backwards.mostCommonAspectRatio)
  }

  @Test func shapesCountAcrossSizes() {
    // Two A4 pages, two A5 pages (the same shape), three Letter pages: the most common size is
    // Letter, the most common shape is A4's.
    let metrics = PageMetrics(sizes: [
      Self.a4, Self.a5, Self.letter, Self.letter, Self.a4, Self.a5, Self.letter,
    ])
    #expect(metrics.estimatedSize == Self.letter)
    #expect(abs(metrics.mostCommonAspectRatio - Self.a4.aspectRatio) < 1e-3)
  }

  @Test func degenerateSizesAreSanitized() {
    let metrics = PageMetrics(sizes: [
      PointSize(width: 0, height: 0), PointSize(width: .infinity, height: 3),
    ])
    #expect(metrics.size(of: PageIndex(0)) == .fallback)
    #expect(metrics.size(of: PageIndex(1)) == .fallback)
    #expect(metrics.size(of: PageIndex(7)) == .fallback)
  }

  @Test func changingAKnownSizeRecounts() {
    var metrics = PageMetrics(sizes: [Self.letter, Self.letter, Self.a4])
    metrics.setSize(Self.a4, of: PageIndex(0))
    metrics.setSize(Self.a4, of: PageIndex(1))
    #expect(metrics.estimatedSize == Self.a4)
    #expect(metrics.knownSizeCount == 3)
    metrics.setSize(PointSize(width: 100, height: 1000), of: PageIndex(2))
    #expect(metrics.narrowestAspectRatio == 0.1)
    metrics.setSize(Self.a4, of: PageIndex(2))
    #expect(abs(metrics.narrowestAspectRatio - Self.a4.aspectRatio) < 1e-12)
  }

  @Test func narrowestShapeIncludesTheEstimateOfUnknownPages() {
    var metrics = PageMetrics(pageCount: 4)
    metrics.setSize(Self.landscape, of: PageIndex(0))
    metrics.setSize(Self.landscape, of: PageIndex(1))
    metrics.setSize(Self.letter, of: PageIndex(2))
    #expect(metrics.narrowestAspectRatio == Self.letter.aspectRatio)
    metrics.setSize(Self.landscape, of: PageIndex(2))
    // Page 3 is estimated as landscape too.
    #expect(metrics.narrowestAspectRatio == Self.landscape.aspectRatio)
    metrics.setSize(Self.landscape, of: PageIndex(99))  // outside: ignored
    #expect(metrics.knownSizeCount == 3)
  }

  @Test func labelWidthStartsAtTheLargestPageNumber() {
    var metrics = PageMetrics(pageCount: 15_000)
    #expect(metrics.widestLabelColumns == 5)
    metrics.noteLabel(columns: 3)
    #expect(metrics.widestLabelColumns == 5)
    metrics.noteLabel(columns: 12)
    #expect(metrics.widestLabelColumns == 12)
    #expect(PageMetrics(pageCount: 0).widestLabelColumns == 1)
  }

  @Test func cellAspectIsClampedAndReadFromPixelSizes() {
    #expect(CellAspect(.nan) == .standard)
    #expect(CellAspect(-1) == .standard)
    #expect(CellAspect(100).value == 4)
    #expect(CellAspect(0.1).value == 0.5)
    // 80 x 24 cells in 640 x 384 pixels: 8 x 16-pixel cells.
    #expect(CellAspect(pixelWidth: 640, pixelHeight: 384, columns: 80, rows: 24)?.value == 2)
    #expect(CellAspect(pixelWidth: 0, pixelHeight: 0, columns: 80, rows: 24) == nil)
  }

  @Test func zoomScalesClampAndStep() {
    #expect(ZoomScale(0).value == 0.1)
    #expect(ZoomScale(100).value == 16)
    #expect(ZoomScale(.infinity) == .fit)
    #expect(ZoomScale.fit.zoomedIn.value == 1.25)
    #expect(ZoomScale(1.25).zoomedOut == .fit)
    #expect(ZoomScale(16).zoomedIn.value == 16)
    #expect(ZoomScale(0.5).clamped(to: 1...16) == .fit)
    #expect(GridZoom(targetItemCount: -3).targetItemCount == 1)
  }
}
