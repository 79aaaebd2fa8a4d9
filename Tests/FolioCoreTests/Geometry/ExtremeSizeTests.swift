import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioLayout
@testable import FolioRaster

/// Page boxes a document may hold, however absurd (NaN, ±0, ±∞, 1e-300, 1e300, subnormals,
/// 2^63), become sizes every layout and the rasterizer can work with: nothing traps, every
/// layout keeps its invariants, every picture fills its box.
@Suite struct ExtremeSizeTests {
  static let extremes: [Double] = [
    .nan, 0, -0.0, .infinity, -.infinity, -612, 1e-300, 1e300, .leastNonzeroMagnitude,
    .leastNormalMagnitude, .greatestFiniteMagnitude, 1e-18, 1e-14, 0.001, 1.0 / 72, 3.84, 612,
    792, 8400, 14_400, 14_401, 1e13, 1e17, 9_223_372_036_854_775_808,
  ]

  /// Every pair of extreme sides, then random sides spread over 600 orders of magnitude.
  static func sizes(randomCount: Int, using rng: inout SplitMix64) -> [PointSize] {
    var sizes = extremes.flatMap { width in extremes.map { PointSize(width: width, height: $0) } }
    for _ in 0..<randomCount {
      func side() -> Double {
        rng.chance(0.1)
          ? rng.pick(extremes)
          : Double(sign: .plus, exponent: Int.random(in: -1070...1020, using: &rng), significand: 1)
            * Double.random(in: 1..<2, using: &rng)
      }
      sizes.append(PointSize(width: side(), height: side()))
    }
    return sizes
  }

  @Test func sanitizedSizesLieInRange() {
    var rng = SplitMix64(seed: 0xB0C5_0001)
    for size in Self.sizes(randomCount: 20_000, using: &rng) {
      let clean = size.sanitized
      let long = max(clean.width, clean.height)
      let short = min(clean.width, clean.height)
      #expect(clean.isUsable, "\(size)")
      #expect(short >= PointSize.shortestSide * (1 - 1e-9), "\(size) -> \(clean)")
      #expect(long <= PointSize.longestSide * (1 + 1e-9), "\(size) -> \(clean)")
      #expect(long / short <= PointSize.largestSideRatio * (1 + 1e-8), "\(size) -> \(clean)")
      #expect(clean.sanitized == clean, "sanitizing \(size) twice")
      // The orientation is kept.
      if size.isUsable && size.width != size.height {
        #expect((size.width > size.height) == (clean.width >= clean.height), "\(size) -> \(clean)")
      }
      // A shape within the ratio is only scaled.
      if size.isUsable && max(size.width, size.height) / min(size.width, size.height) <= 999 {
        #expect(size.sanitizingKeepsShape, "\(size) -> \(clean)")
      }
    }
  }

  @Test func sizesInRangeAreUnchanged() {
    for size in [
      PointSize(width: 612, height: 792), PointSize(width: 3.84, height: 3.84),
      PointSize(width: 8400, height: 100), PointSize(width: 14_400, height: 14.4),
      PointSize(width: 1.0 / 72, height: 1000.0 / 72),
    ] {
      #expect(size.sanitized == size)
    }
    #expect(PointSize(width: .nan, height: 1).sanitized == .fallback)
    #expect(PointSize(width: 1e17, height: 792).sanitized == PointSize(width: 14_400, height: 14.4))
  }

  @Test func saturatingConversionNeverTraps() {
    let limit = Int.largestConvertedMagnitude
    let cases: [(Double, Int)] = [
      (.nan, 0), (.infinity, limit), (-.infinity, -limit), (1e300, limit), (-1e300, -limit),
      (9_223_372_036_854_775_808, limit), (2.5, 3), (-2.5, -3), (0.49, 0), (-0.0, 0),
      (.leastNonzeroMagnitude, 0),
    ]
    for (value, expected) in cases {
      #expect(Int(saturating: value) == expected, "\(value)")
    }
    #expect(Int(saturating: 2.9, rounding: .down) == 2)
    #expect(Int(saturating: -2.1, rounding: .down) == -3)
    #expect(Int(saturating: 2.1, rounding: .up) == 3)
  }

  @Test func areasSaturate() {
    #expect(CellSize(columns: Int.max, rows: 2).area == Int.max)
    #expect(CellSize(columns: 1 << 40, rows: 1 << 40).area == Int.max)
    #expect(PixelSize(width: Int.max, height: Int.max).area == Int.max)
    #expect(CellSize(columns: 300, rows: 100).area == 30_000)
  }

  /// Documents of extreme pages (mixed with ordinary ones) in every layout style, with
  /// viewports from 1 x 1 to 10,000 x 10,000 cells.
  @Test func layoutsKeepTheirInvariantsWithExtremePages() {
    var rng = SplitMix64(seed: 0xB0C5_0002)
    let pool = Self.sizes(randomCount: 2_000, using: &rng)
    for _ in 0..<160 {
      let pageCount = Int.random(in: 1...(rng.chance(0.1) ? 2_000 : 40), using: &rng)
      var metrics = PageMetrics(pageCount: pageCount)
      let extremeShare = rng.pick([0.05, 0.5, 1.0])
      for index in 0..<pageCount where rng.chance(0.9) {
        let size = rng.chance(extremeShare) ? rng.pick(pool) : rng.pick(RandomCases.palette)
        metrics.setSize(size, of: PageIndex(index))
      }
      let viewport =
        rng.chance(0.15)
        ? CellSize(
          columns: rng.pick([1, 2, 10_000]), rows: rng.pick([1, 2, 10_000]))
        : RandomCases.viewportSize(using: &rng)
      let aspect = RandomCases.cellAspect(using: &rng)
      let style = RandomCases.style(pageCount: pageCount, using: &rng)
      let layout = style.makeLayout(metrics: metrics, viewportSize: viewport, cellAspect: aspect)
      var invariants = LayoutInvariants(
        layout, metrics: metrics, cellAspect: aspect, binding: style.binding, probes: 4)
      invariants.checkAll(using: &rng)
      #expect(
        invariants.violations.isEmpty,
        "\(pageCount) pages, viewport \(viewport), \(style): \(invariants.violations)")
    }
  }

  /// A page of any box, drawn with any symbol set into any box up to 400 x 200 cells, gives a
  /// picture of exactly that box whose render has at most a bounded number of pixels.
  @Test func picturesOfExtremePagesFillTheirBox() throws {
    var rng = SplitMix64(seed: 0xB0C5_0003)
    let pool = Self.sizes(randomCount: 200, using: &rng)
    let document = SyntheticDocument(sizes: pool)
    for _ in 0..<300 {
      let page = PageIndex(Int.random(in: 0..<pool.count, using: &rng))
      let box = CellSize(
        columns: rng.pick([1, 2, 3, 17, 80, 400]), rows: rng.pick([1, 2, 5, 24, 200]))
      let rasterizer = BlockRasterizer(
        symbols: rng.pick(SymbolSet.allCases), colorMode: rng.pick([.truecolor, .none]))
      let picture = PagePicture(
        rasterizer: rasterizer, cellAspect: RandomCases.cellAspect(using: &rng).value)
      let cells = picture.pageCells(for: document.pageSize(at: page), in: box)
      #expect(
        cells.columns >= 1 && cells.columns <= box.columns, "\(pool[page.rawValue]) in \(box)")
      #expect(cells.rows >= 1 && cells.rows <= box.rows, "\(pool[page.rawValue]) in \(box)")
      #expect(rasterizer.pixelSize(for: cells).area <= box.area * 64 * 16)
      let screen = try picture.draw(page, of: document, in: box)
      #expect(screen.size == box, "\(pool[page.rawValue]) in \(box)")
    }
  }
}
