import FolioTestSupport

@testable import FolioCore
@testable import FolioLayout

/// Random documents, viewports and layout styles for property tests.
enum RandomCases {
  static let letter = PointSize(width: 612, height: 792)
  static let palette: [PointSize] = [
    letter,
    PointSize(width: 595.276, height: 841.89),  // A4
    PointSize(width: 792, height: 612),  // landscape
    PointSize(width: 420, height: 595),  // A5
    PointSize(width: 1224, height: 792),  // foldout
    PointSize(width: 100, height: 1000),  // 1:10 strip
    PointSize(width: 1000, height: 100),  // 10:1 banner
    PointSize(width: 0, height: 0),  // degenerate: falls back to Letter
    PointSize(width: .nan, height: 500),  // degenerate
  ]

  /// A page count: mostly small, sometimes up to `maximum`.
  static func pageCount(maximum: Int, using rng: inout SplitMix64) -> Int {
    let roll = Double.random(in: 0..<1, using: &rng)
    if roll < 0.55 { return Int.random(in: 0...12, using: &rng) }
    if roll < 0.9 { return Int.random(in: 13...300, using: &rng) }
    return Int.random(in: 301...max(301, maximum), using: &rng)
  }

  /// Metrics of `count` pages of mixed sizes, some of them unknown.
  static func metrics(pageCount count: Int, using rng: inout SplitMix64) -> PageMetrics {
    var metrics = PageMetrics(pageCount: count)
    let knownShare = rng.pick([0.0, 0.3, 1.0, 1.0])
    // Mostly one size with some odd pages, as real documents are.
    let main = rng.pick(palette)
    let oddShare = rng.pick([0.0, 0.05, 0.5])
    for index in 0..<count where rng.chance(knownShare) {
      var size = main
      if rng.chance(oddShare) {
        size =
          rng.chance(0.8)
          ? rng.pick(palette)
          : PointSize(
            width: Double.random(in: 20...3000, using: &rng),
            height: Double.random(in: 20...3000, using: &rng))
      }
      metrics.setSize(size, of: PageIndex(index))
    }
    if rng.chance(0.3) { metrics.noteLabel(columns: Int.random(in: 1...40, using: &rng)) }
    return metrics
  }

  static func viewportSize(using rng: inout SplitMix64) -> CellSize {
    let columns =
      rng.chance(0.15) ? Int.random(in: 1...3, using: &rng) : Int.random(in: 1...400, using: &rng)
    let rows =
      rng.chance(0.15) ? Int.random(in: 1...3, using: &rng) : Int.random(in: 1...200, using: &rng)
    return CellSize(columns: columns, rows: rows)
  }

  static func cellAspect(using rng: inout SplitMix64) -> CellAspect {
    CellAspect(rng.pick([2.0, 2.0, 1.0, 1.5, 2.3, 3.0, 0.5, 4.0]))
  }

  static func gutter(using rng: inout SplitMix64) -> Gutter {
    rng.pick([Gutter.standard, .standard, .none, Gutter(rows: 2)])
  }

  static func spreadStyle(using rng: inout SplitMix64) -> SpreadStyle {
    SpreadStyle(
      mode: rng.pick(SpreadMode.allCases), isShiftedByOne: rng.chance(0.3),
      binding: rng.pick(Binding.allCases))
  }

  /// A random layout style for a document of `pageCount` pages.
  /// Some pages, at least one, as a grid showing only search hits gets them: in any order,
  /// perhaps twice, perhaps past the end.
  static func someOf(pageCount: Int, using rng: inout SplitMix64) -> [PageIndex] {
    let count = Int.random(in: 1...min(pageCount, 400), using: &rng)
    var pages = (0..<count).map { _ in PageIndex(Int.random(in: 0..<pageCount, using: &rng)) }
    if rng.chance(0.2) { pages.append(PageIndex(pageCount + 3)) }
    return pages
  }

  static func style(pageCount: Int, using rng: inout SplitMix64) -> LayoutStyle {
    switch Int.random(in: 0..<4, using: &rng) {
    case 0:
      return .grid(
        GridOptions(
          zoom: GridZoom(
            targetItemCount: rng.chance(0.5) ? 10 : Int.random(in: 1...5000, using: &rng)),
          hasDropCap: rng.chance(0.4), binding: rng.pick(Binding.allCases),
          gutter: gutter(using: &rng),
          shownPages: pageCount > 0 && rng.chance(0.3)
            ? someOf(pageCount: pageCount, using: &rng) : nil))
    case 1:
      return .continuous(
        ContinuousOptions(
          axis: rng.pick(StackAxis.allCases), spreadStyle: spreadStyle(using: &rng),
          zoom: ZoomScale(rng.pick([1.0, 1.0, 0.1, 0.5, 1.25, 3, 16])),
          gutter: gutter(using: &rng)))
    case 2:
      let style = spreadStyle(using: &rng)
      let spreadCount = style.arrangement(pageCount: pageCount).spreadCount
      let zoom: SpreadZoom? =
        spreadCount > 0 && rng.chance(0.5)
        ? SpreadZoom(
          spread: Int.random(in: 0..<spreadCount, using: &rng),
          scale: ZoomScale(rng.pick([1.0, 1.5, 4, 16])))
        : nil
      return .perSpread(
        PerSpreadOptions(
          axis: rng.pick(StackAxis.allCases), spreadStyle: style, zoom: zoom,
          gutter: gutter(using: &rng)))
    default:
      return .shelf(
        ShelfOptions(
          itemColumns: rng.chance(0.5) ? nil : Int.random(in: 1...60, using: &rng),
          maximumRows: rng.chance(0.5) ? nil : Int.random(in: 0...40, using: &rng),
          binding: rng.pick(Binding.allCases), gutter: gutter(using: &rng)))
    }
  }
}

extension LayoutStyle {
  /// The binding the layout should place spread pages with.
  var binding: Binding {
    switch self {
    case .grid(let options): return options.binding
    case .continuous(let options): return options.spreadStyle.binding
    case .perSpread(let options): return options.spreadStyle.binding
    case .shelf(let options): return options.binding
    }
  }
}
