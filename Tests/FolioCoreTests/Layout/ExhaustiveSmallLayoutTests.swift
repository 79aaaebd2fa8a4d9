import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioLayout

/// Every layout for every page count from 0 to 12, every spread mode, shift and binding, both
/// axes, and a handful of viewports from 1 x 1 up, checked exhaustively.
@Suite struct ExhaustiveSmallLayoutTests {
  static let viewports = [
    CellSize(columns: 1, rows: 1), CellSize(columns: 3, rows: 5), CellSize(columns: 80, rows: 24),
    CellSize(columns: 7, rows: 40),
  ]

  private static func styles(pageCount: Int) -> [LayoutStyle] {
    var styles: [LayoutStyle] = []
    for binding in Binding.allCases {
      styles.append(.grid(GridOptions(binding: binding)))
      styles.append(
        .grid(GridOptions(zoom: GridZoom(targetItemCount: 40), hasDropCap: true, binding: binding)))
      styles.append(.shelf(ShelfOptions(binding: binding)))
      for mode in SpreadMode.allCases {
        for shifted in [false, true] {
          let spreads = SpreadStyle(mode: mode, isShiftedByOne: shifted, binding: binding)
          for axis in StackAxis.allCases {
            styles.append(.continuous(ContinuousOptions(axis: axis, spreadStyle: spreads)))
            let zoom = pageCount > 0 ? SpreadZoom(spread: pageCount / 3, scale: ZoomScale(2)) : nil
            styles.append(.perSpread(PerSpreadOptions(axis: axis, spreadStyle: spreads)))
            if !shifted {
              styles.append(
                .perSpread(PerSpreadOptions(axis: axis, spreadStyle: spreads, zoom: zoom)))
            }
          }
        }
      }
    }
    return styles
  }

  @Test(arguments: 0...12)
  func everyLayoutOfASmallDocument(pageCount: Int) {
    var rng = SplitMix64(seed: UInt64(pageCount) &+ 0x5EED_0100)
    // Mixed sizes: Letter, a foldout, a landscape page, a degenerate page.
    let palette = [
      PointSize(width: 612, height: 792), PointSize(width: 1224, height: 792),
      PointSize(width: 792, height: 612), PointSize(width: 0, height: 0),
    ]
    let metrics = PageMetrics(sizes: (0..<pageCount).map { palette[$0 % palette.count] })
    for viewport in Self.viewports {
      for style in Self.styles(pageCount: pageCount) {
        let layout = style.makeLayout(
          metrics: metrics, viewportSize: viewport, cellAspect: .standard)
        var invariants = LayoutInvariants(
          layout, metrics: metrics, cellAspect: .standard, binding: style.binding, probes: 3)
        invariants.checkAll(using: &rng)
        #expect(
          invariants.violations.isEmpty,
          "\(pageCount) pages, \(viewport), \(style): \(invariants.violations)")
        // Every page is on screen somewhere: scrolled to, it lies in the viewport.
        let hidden = (0..<pageCount).filter { page in
          let shown = layout.viewport(
            showing: PageIndex(page), at: .center, from: layout.startViewport)
          return !layout.items(intersecting: shown.visibleRect)
            .contains { $0.pages.contains { $0.page == PageIndex(page) } }
        }
        #expect(hidden.isEmpty, "pages \(hidden) not on screen when shown, \(viewport), \(style)")
      }
    }
  }
}
