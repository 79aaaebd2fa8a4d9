import FolioTestSupport

@testable import FolioCore
@testable import FolioLayout

/// Checks the invariants every layout must keep and collects the violations as text, so that a
/// failing property test names the case and what went wrong.
struct LayoutInvariants {
  let layout: any DocumentLayout
  let metrics: PageMetrics
  let cellAspect: CellAspect
  let binding: Binding
  /// How many random probes (rectangles, positions, viewports) each check draws.
  let probes: Int
  private(set) var violations: [String] = []

  init(
    _ layout: any DocumentLayout, metrics: PageMetrics, cellAspect: CellAspect, binding: Binding,
    probes: Int = 10
  ) {
    self.layout = layout
    self.metrics = metrics
    self.cellAspect = cellAspect
    self.binding = binding
    self.probes = probes
  }

  private mutating func fail(_ message: String) {
    if violations.count < 12 { violations.append(message) }
  }

  /// Runs every check. Small layouts are checked exhaustively, large ones on samples.
  mutating func checkAll(using rng: inout SplitMix64) {
    let count = layout.itemCount
    let exhaustive = count <= 80
    if layout.spreads.pageCount != metrics.pageCount { fail("arrangement page count differs") }
    let frames = (0..<count).map { layout.frame(ofItem: $0) }
    let sample = exhaustive ? Array(0..<count) : sampleIndices(count: count, using: &rng)
    for index in sample { checkItem(index) }
    checkNoOverlap(frames: frames, exhaustive: exhaustive)
    checkQueries(frames: frames, using: &rng)
    checkReachability(exhaustive: metrics.pageCount <= 300, using: &rng)
    checkSpacing(frames: frames)
    checkContinuousIndex(frames: frames, sample: sample, using: &rng)
  }

  private func sampleIndices(count: Int, using rng: inout SplitMix64) -> [Int] {
    var indices = Set(
      [0, 1, 2, count / 2, count - 3, count - 2, count - 1].filter { $0 >= 0 && $0 < count })
    for _ in 0..<40 { indices.insert(Int.random(in: 0..<count, using: &rng)) }
    return indices.sorted()
  }

  private func contains(_ outer: CellRect, _ inner: CellRect) -> Bool {
    inner.minX >= outer.minX && inner.minY >= outer.minY && inner.maxX <= outer.maxX
      && inner.maxY <= outer.maxY
  }

  private mutating func checkItem(_ index: Int) {
    let frame = layout.frame(ofItem: index)
    let item = layout.item(index)
    if item.index != index { fail("item \(index) reports index \(item.index)") }
    if item.frame != frame { fail("item \(index) frame \(item.frame) != frame(ofItem:) \(frame)") }
    if frame.size.columns < 1 || frame.size.rows < 1 {
      fail("item \(index) smaller than 1x1: \(frame)")
    }
    if !contains(layout.contentRect, frame) {
      fail("item \(index) \(frame) leaves content \(layout.contentSize)")
    }
    let expectedPages = Array(layout.pages(inItem: index))
    if item.pages.map(\.page) != expectedPages {
      fail("item \(index) pages \(item.pages.map(\.page)) != \(expectedPages)")
    }
    for placed in item.pages {
      let pageFrame = placed.frame
      if pageFrame.size.columns < 1 || pageFrame.size.rows < 1 {
        fail("\(placed.page) smaller than 1x1: \(pageFrame)")
      }
      if !contains(frame, pageFrame) { fail("\(placed.page) \(pageFrame) outside item \(frame)") }
      if let label = item.labelFrame, label.intersects(pageFrame) {
        fail("\(placed.page) overlaps its label")
      }
      // A page of a spread whose other page is clamped to one column gave that column up.
      let siblingClamped = item.pages.contains {
        $0.page != placed.page && $0.frame.size.columns <= 1
      }
      if !siblingClamped { checkAspect(placed) }
    }
    if item.pages.count == 2 {
      let first = item.pages[0].frame
      let second = item.pages[1].frame
      if first.intersects(second) { fail("pages of item \(index) overlap") }
      let ordered = binding == .leftToRight ? first.maxX <= second.minX : second.maxX <= first.minX
      if !ordered { fail("pages of item \(index) not in \(binding) order: \(first) \(second)") }
      if first.minY != second.minY || first.size.rows != second.size.rows {
        fail("pages of item \(index) do not share a height")
      }
    }
    if let label = item.labelFrame, !contains(frame, label) || label.isEmpty {
      fail("label \(label) of item \(index) not inside \(frame)")
    }
  }

  /// A page of W x H points drawn in c x r cells satisfies c / (r * cellAspect) ≈ W / H, within
  /// the rounding of whole cells: half a cell for the spread's side derived from the other, half
  /// a column for a page's share of its spread (skipped where a side, or the other page of its
  /// spread, is clamped to one cell).
  private mutating func checkAspect(_ placed: PlacedPage) {
    let size = placed.frame.size
    guard size.columns > 2, size.rows > 1 else { return }
    let shape = metrics.size(of: placed.page).aspectRatio * cellAspect.value
    let error = abs(Double(size.columns) - Double(size.rows) * shape)
    if error > 0.5 + 0.5 * max(1, shape) + 1e-6 {
      fail("\(placed.page) of shape \(shape) drawn \(size.columns)x\(size.rows)")
    }
  }

  private mutating func checkNoOverlap(frames: [CellRect], exhaustive: Bool) {
    if exhaustive {
      for i in frames.indices {
        for j in (i + 1)..<frames.count where frames[i].intersects(frames[j]) {
          fail("items \(i) \(frames[i]) and \(j) \(frames[j]) overlap")
        }
      }
    } else {
      for i in frames.indices.dropLast() where frames[i].intersects(frames[i + 1]) {
        fail("items \(i) and \(i + 1) overlap")
      }
    }
  }

  private mutating func checkQueries(frames: [CellRect], using rng: inout SplitMix64) {
    let content = layout.contentRect
    var rects = [content, CellRect(x: -5, y: -5, columns: 3, rows: 3)]
    let viewport = layout.viewportSize
    for _ in 0..<(frames.count > 2000 ? 3 : probes) {
      let x = Int.random(in: -viewport.columns...max(0, content.maxX), using: &rng)
      let y = Int.random(in: -viewport.rows...max(0, content.maxY), using: &rng)
      let size =
        rng.chance(0.5)
        ? viewport
        : CellSize(
          columns: Int.random(in: 1...50, using: &rng), rows: Int.random(in: 1...50, using: &rng))
      rects.append(CellRect(origin: CellPoint(x: x, y: y), size: size))
    }
    if frames.count > 2000 { rects.removeFirst() }
    for rect in rects {
      let found = layout.items(intersecting: rect)
      let expected = frames.indices.filter { frames[$0].intersects(rect) }
      if found.map(\.index) != expected {
        fail(
          "items(intersecting: \(rect)) = \(found.map(\.index).prefix(8)) expected \(expected.prefix(8))"
        )
      }
      for item in found where item != layout.item(item.index) {
        fail("query item \(item.index) differs from item(_:)")
      }
    }
  }

  private mutating func checkReachability(exhaustive: Bool, using rng: inout SplitMix64) {
    let pageCount = metrics.pageCount
    guard pageCount > 0 else {
      if layout.itemCount != 0 { fail("items without pages") }
      return
    }
    let pages =
      exhaustive
      ? Array(0..<pageCount) : (0..<30).map { _ in Int.random(in: 0..<pageCount, using: &rng) }
    for raw in pages {
      let page = PageIndex(raw)
      let index = layout.itemIndex(containing: page)
      guard (0..<layout.itemCount).contains(index) else {
        fail("\(page) maps to item \(index) of \(layout.itemCount)")
        continue
      }
      if let shown = layout.spreads.shownPages, !shown.contains(page) {
        // A page not shown is stood in for by the nearest shown page.
        let standIn = layout.pages(inItem: index).lowerBound.rawValue
        let nearest = shown.map { abs($0.rawValue - raw) }.min() ?? 0
        if abs(standIn - raw) != nearest { fail("\(page) maps to page \(standIn), not nearest") }
      } else if !layout.item(index).pages.contains(where: { $0.page == page }) {
        fail("\(page) not shown by item \(index)")
      }
      if !layout.items(intersecting: layout.frame(ofItem: index)).contains(where: {
        $0.index == index
      }) {
        fail("item \(index) not found at its own frame")
      }
    }
  }

  /// Along-axis extent of a frame in progression coordinates.
  private func extent(_ rect: CellRect) -> (lead: Int, trail: Int) {
    switch layout.progression {
    case .topToBottom: return (rect.minY, rect.maxY)
    case .leftToRight: return (rect.minX, rect.maxX)
    case .rightToLeft:
      return (layout.contentSize.columns - rect.maxX, layout.contentSize.columns - rect.minX)
    }
  }

  private mutating func checkSpacing(frames: [CellRect]) {
    let gutter: Gutter
    switch layout {
    case let grid as GridLayout:
      checkGridSpacing(grid, frames: frames)
      return
    case let stack as ContinuousLayout: gutter = stack.options.gutter
    case let stack as PerSpreadLayout: gutter = stack.options.gutter
    case let shelf as ShelfLayout: gutter = shelf.options.gutter
    default: return
    }
    let gap = layout.progression.isVertical ? gutter.rows : gutter.columns(for: cellAspect)
    checkVisualEquality(rows: gutter.rows, columns: gutter.columns(for: cellAspect))
    let exact = !(layout is PerSpreadLayout)
    for i in frames.indices.dropLast() {
      let space = extent(frames[i + 1]).lead - extent(frames[i]).trail
      if exact ? space != gap : space < gap {
        fail("space \(space) between items \(i) and \(i + 1), gutter \(gap)")
      }
    }
  }

  private mutating func checkVisualEquality(rows: Int, columns: Int) {
    let visualRows = Double(rows) * cellAspect.value
    let equal = rows == 0 ? columns == 0 : abs(Double(columns) - visualRows) <= 0.5 || columns == 1
    if !equal { fail("gap of \(columns) columns is not visually \(rows) rows at \(cellAspect)") }
  }

  private mutating func checkGridSpacing(_ grid: GridLayout, frames: [CellRect]) {
    let dimensions = grid.dimensions
    checkVisualEquality(rows: dimensions.rowGap, columns: dimensions.columnGap)
    let viewport = grid.viewportSize
    if dimensions.rowWidth > viewport.columns { fail("grid rows wider than the viewport") }
    if viewport.rows >= 2, dimensions.slotSize.rows > viewport.rows {
      fail("grid item taller than the viewport")
    }
    let step = dimensions.boxSize.columns + dimensions.columnGap
    let rowStep = dimensions.slotSize.rows + dimensions.rowGap
    for i in frames.indices.dropLast() {
      let a = frames[i]
      let b = frames[i + 1]
      guard a.size == b.size else { continue }  // drop cap
      if a.minY == b.minY {
        let distance = binding == .leftToRight ? b.minX - a.minX : a.minX - b.minX
        if distance != step {
          fail("grid items \(i), \(i + 1) are \(distance) columns apart, not \(step)")
        }
      } else if (b.minY - a.minY) % rowStep != 0 {
        fail("grid rows of items \(i), \(i + 1) not \(rowStep) rows apart")
      }
    }
  }

  /// Segments of the scrolling axis as the continuous index sees them: one per item, except in
  /// the grid, where items sharing rows form one segment (the drop cap's two rows together).
  private func segments(frames: [CellRect]) -> [TrackSegment] {
    var result: [TrackSegment] = []
    let grid = layout as? GridLayout
    for (index, frame) in frames.enumerated() {
      let (lead, trail) = extent(frame)
      if grid != nil, let last = result.last, Double(lead) < last.start + last.length {
        let end = max(last.start + last.length, Double(trail))
        result[result.count - 1] = TrackSegment(
          start: last.start, length: end - last.start, items: last.items.lowerBound..<(index + 1))
      } else {
        result.append(
          TrackSegment(
            start: Double(lead), length: Double(trail - lead), items: index..<(index + 1)))
      }
    }
    return result
  }

  private mutating func checkContinuousIndex(
    frames: [CellRect], sample: [Int], using rng: inout SplitMix64
  ) {
    let count = frames.count
    let segments = segments(frames: frames)
    let contentLength =
      layout.progression.isVertical ? layout.contentSize.rows : layout.contentSize.columns
    func coordinate(_ progression: Double) -> Double {
      layout.progression == .rightToLeft
        ? Double(layout.contentSize.columns) - progression : progression
    }
    guard count > 0 else {
      if layout.continuousIndex(atAxisCoordinate: 3).value != 0 { fail("index of an empty layout") }
      return
    }
    // Positions around sampled segments' edges and inside them, plus random ones.
    var positions: [Double] = [-3.5, -0.5, 0, Double(contentLength), Double(contentLength) + 7.5]
    let sampledSegments = Set(
      sample.map { item in segments.firstIndex { $0.items.contains(item) } ?? 0 })
    for s in sampledSegments {
      let segment = segments[s]
      let end = segment.start + segment.length
      positions += [
        segment.start - 0.5, segment.start, segment.start + 0.5, segment.start + segment.length / 2,
        end - 0.5, end, end + 0.5,
      ]
    }
    for _ in 0..<(3 * probes) {
      positions.append(Double.random(in: -2...(Double(contentLength) + 2), using: &rng))
    }
    positions.sort()
    var previous = -1.0
    for position in positions {
      let value = layout.continuousIndex(atAxisCoordinate: coordinate(position)).value
      if value < previous { fail("index decreases to \(value) at \(position)") }
      previous = value
      if value < 0 || value >= Double(count) { fail("index \(value) out of [0, \(count))") }
      // The segment at or before the position (segments are sorted by start).
      var low = 0
      var high = segments.count
      while low < high {
        let middle = (low + high) / 2
        if segments[middle].start <= position { low = middle + 1 } else { high = middle }
      }
      let expected: Double
      if low == 0 {
        expected = 0
      } else {
        let segment = segments[low - 1]
        if position < segment.start + segment.length {
          expected =
            Double(segment.items.lowerBound) + (position - segment.start) / segment.length
            * Double(segment.items.count)
        } else {
          expected = min(Double(segment.items.upperBound), Double(count).nextDown)
        }
      }
      if abs(value - expected) > 1e-9 * max(1, expected) {
        fail("index at \(position) is \(value), expected \(expected)")
      }
    }
    checkRoundTrips(segments: segments, sample: sample, using: &rng)
  }

  private mutating func checkRoundTrips(
    segments: [TrackSegment], sample: [Int], using rng: inout SplitMix64
  ) {
    for item in sample {
      for fraction in [0, 0.25, 0.5, 0.999, Double.random(in: 0..<1, using: &rng)] {
        let index = ContinuousSpreadIndex(Double(item) + fraction)
        let back = layout.continuousIndex(atAxisCoordinate: layout.axisCoordinate(for: index))
        if abs(back.value - index.value) > 1e-9 * max(1, index.value) {
          fail("index \(index.value) -> coordinate -> \(back.value)")
        }
      }
    }
    // Offset -> index -> offset round-trips within one cell when the center lies in an item.
    let size = layout.viewportSize
    let vertical = layout.progression.isVertical
    let breadth = Double(vertical ? layout.contentSize.columns : layout.contentSize.rows)
    for _ in 0..<probes {
      let segment = rng.pick(segments)
      let progression = segment.start + Double.random(in: 0..<1, using: &rng) * segment.length
      let along =
        layout.progression == .rightToLeft
        ? Double(layout.contentSize.columns) - progression : progression
      let across = Double.random(in: 0...breadth, using: &rng)
      let (centerX, centerY) = vertical ? (across, along) : (along, across)
      let viewport = Viewport(
        origin: CellPoint(
          x: Int((centerX - Double(size.columns) / 2).rounded(.down)),
          y: Int((centerY - Double(size.rows) / 2).rounded(.down))),
        size: size)
      let center = viewport.center
      let centerProgression =
        vertical
        ? center.y
        : (layout.progression == .rightToLeft
          ? Double(layout.contentSize.columns) - center.x : center.x)
      guard centerProgression >= segment.start, centerProgression < segment.start + segment.length
      else { continue }
      let index = layout.continuousIndex(at: viewport)
      let fraction = breadth > 0 ? (vertical ? center.x : center.y) / breadth : 0.5
      let again = layout.viewport(centeredOn: index, crossFraction: fraction)
      if abs(again.origin.x - viewport.origin.x) > 1 || abs(again.origin.y - viewport.origin.y) > 1
      {
        fail("viewport \(viewport.origin) -> \(index) -> \(again.origin)")
      }
    }
  }
}
