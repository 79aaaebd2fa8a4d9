extension CellRect {
  /// The smallest rectangle holding this one and `other`.
  public func union(_ other: CellRect) -> CellRect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let x = Swift.min(minX, other.minX)
    let y = Swift.min(minY, other.minY)
    return CellRect(
      x: x, y: y, columns: Swift.max(maxX, other.maxX) - x, rows: Swift.max(maxY, other.maxY) - y)
  }

  /// The cells of this rectangle for which `isKept` holds, as disjoint rectangles: the runs of
  /// kept cells along each row, a run merged with the same run of the rows above. Top to
  /// bottom, then left to right; one rectangle (this one) when every cell is kept, none when
  /// none is. A rectangle cut out of the middle leaves four.
  public func parts(keeping isKept: (CellPoint) -> Bool) -> [CellRect] {
    guard !isEmpty else { return [] }
    var parts: [CellRect] = []
    // Runs open since an earlier row: columns → the row they started on.
    var open: [Range<Int>: Int] = [:]
    func close(_ run: Range<Int>, at row: Int) {
      guard let start = open.removeValue(forKey: run) else { return }
      parts.append(CellRect(x: run.lowerBound, y: start, columns: run.count, rows: row - start))
    }
    for y in minY..<maxY {
      var runs: [Range<Int>] = []
      var x = minX
      while x < maxX {
        guard isKept(CellPoint(x: x, y: y)) else {
          x += 1
          continue
        }
        let start = x
        while x < maxX, isKept(CellPoint(x: x, y: y)) { x += 1 }
        runs.append(start..<x)
      }
      let thisRow = Set(runs)
      for run in Array(open.keys) where !thisRow.contains(run) { close(run, at: y) }
      for run in runs where open[run] == nil { open[run] = y }
    }
    for run in Array(open.keys) { close(run, at: maxY) }
    return parts.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
  }
}
