import FolioCore
import FolioLayout

/// Layout timings on a 15,000-page document of mixed page sizes: relayout of every layout and the
/// per-frame queries (visible items, continuous index and its inverse), as medians over many runs.
/// Returns a Markdown section for docs/benchmarks.md.
enum LayoutBenchmarks {
  static let pageCount = 15_000
  static let viewport = CellSize(columns: 200, rows: 50)

  static func run() -> String {
    let metrics = makeMetrics()
    let styles: [(String, LayoutStyle)] = [
      ("smart grid (10 items)", .grid(GridOptions())),
      (
        "smart grid, drop cap, 1x1 boxes",
        .grid(GridOptions(zoom: GridZoom(targetItemCount: 100_000), hasDropCap: true))
      ),
      ("continuous vertical, single", .continuous(ContinuousOptions())),
      (
        "continuous vertical, book, RTL",
        .continuous(ContinuousOptions(spreadStyle: SpreadStyle(mode: .book, binding: .rightToLeft)))
      ),
      (
        "continuous horizontal, double, zoom 0.25",
        .continuous(
          ContinuousOptions(
            axis: .horizontal, spreadStyle: SpreadStyle(mode: .double), zoom: ZoomScale(0.25)))
      ),
      (
        "per spread, double, spread 7,000 zoomed 4x",
        .perSpread(
          PerSpreadOptions(
            spreadStyle: SpreadStyle(mode: .double),
            zoom: SpreadZoom(spread: 7_000, scale: ZoomScale(4))))
      ),
      ("shelf", .shelf(ShelfOptions())),
    ]
    var sink = 0
    var lines = [
      "## Layout",
      "",
      "\(pageCount) pages of mixed sizes (Letter, A4, landscape, foldouts, strips, degenerate; 30 % not yet known),",
      "viewport \(viewport.columns) x \(viewport.rows) cells, cell aspect 2. Medians, measured with `ContinuousClock`.",
      "",
      "| layout | relayout | visible items query | items per query | index at center + inverse | keep place |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    for (name, style) in styles {
      let relayout = median(runs: 41) {
        sink &+=
          style.makeLayout(metrics: metrics, viewportSize: viewport, cellAspect: .standard)
          .itemCount
      }
      let layout = style.makeLayout(metrics: metrics, viewportSize: viewport, cellAspect: .standard)
      let viewports = sampleViewports(in: layout, count: 64)
      var itemsSeen = 0
      let query = median(runs: 301, batch: viewports.count) {
        for viewport in viewports {
          let items = layout.items(intersecting: viewport.visibleRect)
          itemsSeen &+= items.count
          sink &+= items.first?.frame.minX ?? 0
        }
      }
      let itemsPerQuery = Double(itemsSeen) / Double(301 * viewports.count)
      let index = median(runs: 301, batch: viewports.count) {
        for viewport in viewports {
          let place = layout.continuousIndex(at: viewport)
          sink &+= layout.viewport(centeredOn: place).origin.y
        }
      }
      let other = ContinuousLayout(metrics: metrics, viewportSize: CellSize(columns: 120, rows: 40))
      let keep = median(runs: 301, batch: viewports.count) {
        for viewport in viewports {
          sink &+= other.viewport(keepingPlaceOf: viewport, in: layout).origin.y
        }
      }
      lines.append(
        "| \(name) | \(format(relayout)) | \(format(query)) | \(format(itemsPerQuery, digits: 1)) "
          + "| \(format(index)) | \(format(keep)) |")
    }
    lines.append("")
    lines.append(
      "Relayout builds the whole layout; the other columns are per call. (checksum \(sink & 0xFF))")
    return lines.joined(separator: "\n")
  }

  /// A deterministic document: mostly Letter, with runs of other sizes, some unknown.
  static func makeMetrics() -> PageMetrics {
    let sizes = [
      PointSize(width: 595.276, height: 841.89), PointSize(width: 792, height: 612),
      PointSize(width: 1224, height: 792), PointSize(width: 100, height: 1000),
      PointSize(width: 0, height: 0), PointSize(width: 420, height: 595),
    ]
    var state: UInt64 = 0x5EED
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    var metrics = PageMetrics(pageCount: pageCount)
    for page in 0..<pageCount where next() % 10 >= 3 {
      let size = next() % 5 == 0 ? sizes[next() % sizes.count] : PointSize(width: 612, height: 792)
      metrics.setSize(size, of: PageIndex(page))
    }
    return metrics
  }

  /// Viewports spread evenly over the layout's content.
  static func sampleViewports(in layout: any DocumentLayout, count: Int) -> [Viewport] {
    (0..<count).map { step in
      let index = ContinuousSpreadIndex(Double(layout.itemCount) * Double(step) / Double(count))
      return layout.clamped(layout.viewport(centeredOn: index))
    }
  }

  /// The median time of one call of `body`, which does `batch` calls, over `runs` runs.
  static func median(runs: Int, batch: Int = 1, _ body: () -> Void) -> Duration {
    let clock = ContinuousClock()
    body()  // warm up
    var times = (0..<runs).map { _ in clock.measure(body) }
    times.sort()
    return times[runs / 2] / batch
  }

  static func format(_ duration: Duration) -> String {
    let microseconds = duration.inSeconds * 1e6
    return microseconds >= 1000
      ? "\(format(microseconds / 1000, digits: 2)) ms" : "\(format(microseconds, digits: 2)) µs"
  }

  static func format(_ value: Double, digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) - 1 < digits
    {
      text += String(
        repeating: "0", count: digits - (text.distance(from: dot, to: text.endIndex) - 1))
    }
    return text
  }
}
