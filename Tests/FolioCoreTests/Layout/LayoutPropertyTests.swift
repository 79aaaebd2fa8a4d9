import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioLayout

/// Property tests over random documents (0 to 15,000 pages of mixed sizes, unknown and degenerate
/// sizes included), viewports from 1 x 1 to 400 x 200 cells, cell aspects, zooms, spread modes and
/// bindings. Seeded, so every run draws the same cases.
@Suite struct LayoutPropertyTests {
  private func describe(_ style: LayoutStyle, _ pages: Int, _ size: CellSize, _ aspect: CellAspect)
    -> String
  {
    "\(pages) pages, viewport \(size.columns)x\(size.rows), cell aspect \(aspect), \(style)"
  }

  @Test func randomLayoutsKeepTheirInvariants() {
    var rng = SplitMix64(seed: 0x5EED_0001)
    var largeCases = 0
    for _ in 0..<260 {
      var pageCount = RandomCases.pageCount(maximum: 15_000, using: &rng)
      if pageCount > 300 {
        largeCases += 1
        if largeCases > 8 { pageCount = Int.random(in: 0...40, using: &rng) }
      }
      let metrics = RandomCases.metrics(pageCount: pageCount, using: &rng)
      let size = RandomCases.viewportSize(using: &rng)
      let aspect = RandomCases.cellAspect(using: &rng)
      let style = RandomCases.style(pageCount: pageCount, using: &rng)
      let layout = style.makeLayout(metrics: metrics, viewportSize: size, cellAspect: aspect)
      var invariants = LayoutInvariants(
        layout, metrics: metrics, cellAspect: aspect, binding: style.binding)
      invariants.checkAll(using: &rng)
      #expect(
        invariants.violations.isEmpty,
        "\(describe(style, pageCount, size, aspect)): \(invariants.violations)")
    }
  }

  @Test func fifteenThousandPagesInEveryLayout() {
    var rng = SplitMix64(seed: 0x5EED_0002)
    let metrics = RandomCases.metrics(pageCount: 15_000, using: &rng)
    let size = CellSize(columns: 120, rows: 40)
    let styles: [LayoutStyle] = [
      .grid(GridOptions(hasDropCap: true)),
      .continuous(ContinuousOptions(spreadStyle: SpreadStyle(mode: .book, binding: .rightToLeft))),
      .continuous(
        ContinuousOptions(
          axis: .horizontal, spreadStyle: SpreadStyle(mode: .double, binding: .rightToLeft))),
      .perSpread(
        PerSpreadOptions(
          spreadStyle: SpreadStyle(mode: .double),
          zoom: SpreadZoom(spread: 4000, scale: ZoomScale(3)))),
      .shelf(ShelfOptions(binding: .rightToLeft)),
    ]
    for style in styles {
      let layout = style.makeLayout(metrics: metrics, viewportSize: size, cellAspect: .standard)
      var invariants = LayoutInvariants(
        layout, metrics: metrics, cellAspect: .standard, binding: style.binding)
      invariants.checkAll(using: &rng)
      #expect(invariants.violations.isEmpty, "\(style): \(invariants.violations)")
    }
  }

  /// Switching between any two layouts keeps the continuous page index at the viewport center,
  /// within the rounding of whole cells, wherever the content does not end first.
  @Test func switchingLayoutsKeepsThePlace() {
    var rng = SplitMix64(seed: 0x5EED_0003)
    var checked = 0
    for _ in 0..<300 {
      let pageCount = Int.random(in: 1...(rng.chance(0.1) ? 3000 : 60), using: &rng)
      let metrics = RandomCases.metrics(pageCount: pageCount, using: &rng)
      let oldSize = RandomCases.viewportSize(using: &rng)
      let newSize = rng.chance(0.5) ? oldSize : RandomCases.viewportSize(using: &rng)
      let oldAspect = RandomCases.cellAspect(using: &rng)
      let newAspect = rng.chance(0.5) ? oldAspect : RandomCases.cellAspect(using: &rng)
      let oldStyle = RandomCases.style(pageCount: pageCount, using: &rng)
      let newStyle = RandomCases.style(pageCount: pageCount, using: &rng)
      let old = oldStyle.makeLayout(metrics: metrics, viewportSize: oldSize, cellAspect: oldAspect)
      let new = newStyle.makeLayout(metrics: metrics, viewportSize: newSize, cellAspect: newAspect)
      let content = old.contentRect
      let oldViewport = Viewport(
        origin: CellPoint(
          x: Int.random(in: (-old.viewportSize.columns)...max(0, content.maxX), using: &rng),
          y: Int.random(in: (-old.viewportSize.rows)...max(0, content.maxY), using: &rng)),
        size: old.viewportSize)
      let kept = new.viewport(keepingPlaceOf: oldViewport, in: old)
      let context = "\(oldStyle) -> \(newStyle), \(pageCount) pages, \(oldSize) -> \(newSize)"
      #expect(kept.size == new.viewportSize, "\(context)")
      #expect(new.clamped(kept) == kept, "\(context): not clamped")
      let page = old.continuousPageIndex(at: oldViewport)
      let target = new.spreads.continuousSpreadIndex(for: page)
      let unclamped = new.viewport(centeredOn: target)
      let isVertical = new.progression.isVertical
      guard isVertical ? unclamped.origin.y == kept.origin.y : unclamped.origin.x == kept.origin.x
      else {
        continue  // the content ends before the place could be centered
      }
      let center = kept.center
      let along = isVertical ? center.y : center.x
      let error = abs(along - new.axisCoordinate(for: target))
      #expect(error <= 0.5 + 1e-9, "\(context): center \(along) is \(error) cells from the place")
      checked += 1
    }
    #expect(checked >= 100, "most switches land away from the content's ends")
  }

  /// Correcting estimated page sizes moves nothing at the viewport center.
  @Test func correctingEstimatedSizesKeepsTheCenter() {
    var rng = SplitMix64(seed: 0x5EED_0004)
    var checked = 0
    for _ in 0..<120 {
      let pageCount = Int.random(in: 1...(rng.chance(0.1) ? 15_000 : 80), using: &rng)
      var metrics = PageMetrics(pageCount: pageCount)
      metrics.setSize(RandomCases.letter, of: PageIndex(0))
      let size = RandomCases.viewportSize(using: &rng)
      let aspect = RandomCases.cellAspect(using: &rng)
      let style = RandomCases.style(pageCount: pageCount, using: &rng)
      let before = style.makeLayout(metrics: metrics, viewportSize: size, cellAspect: aspect)
      let target = ContinuousSpreadIndex(
        Double.random(in: 0..<Double(before.itemCount), using: &rng))
      let viewport = before.viewport(centeredOn: target)
      for index in 0..<pageCount where rng.chance(0.7) {
        metrics.setSize(rng.pick(RandomCases.palette), of: PageIndex(index))
      }
      let after = style.makeLayout(metrics: metrics, viewportSize: size, cellAspect: aspect)
      let kept = after.viewport(keepingPlaceOf: viewport, in: before)
      let index = before.continuousIndex(at: viewport)
      let unclamped = after.viewport(centeredOn: index)
      let isVertical = after.progression.isVertical
      guard isVertical ? unclamped.origin.y == kept.origin.y : unclamped.origin.x == kept.origin.x
      else {
        continue  // clamped at an end
      }
      let center = kept.center
      let along = isVertical ? center.y : center.x
      #expect(
        abs(along - after.axisCoordinate(for: index)) <= 0.5 + 1e-9, "\(style), \(pageCount) pages")
      // The spread at the center is the same one.
      #expect(
        after.continuousIndex(at: kept).spread == index.spread
          || abs(after.continuousIndex(at: kept).value - index.value) < 0.5)
      checked += 1
    }
    #expect(checked >= 40)
  }
}
