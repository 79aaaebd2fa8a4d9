import FolioCore

/// The sharpened bands of a `SampleGrid`: the row above each band kept from the band before,
/// the row below made early (and reused as the next band's first row), and the band passed
/// through an `UnsharpMask`.
extension SampleGrid {
  /// The parts of `runs` outside `covered` (both ascending and disjoint).
  static func uncovered(_ runs: [Range<Int>], by covered: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var next = covered.startIndex
    for run in runs {
      var start = run.lowerBound
      while next < covered.endIndex && covered[next].upperBound <= start { next += 1 }
      var index = next
      while start < run.upperBound {
        guard index < covered.endIndex, covered[index].lowerBound < run.upperBound else {
          result.append(start..<run.upperBound)
          break
        }
        if covered[index].lowerBound > start { result.append(start..<covered[index].lowerBound) }
        start = max(start, covered[index].upperBound)
        index += 1
      }
    }
    return result
  }

  /// The value of every sample of the loaded band's blank cells: its first blank cell's.
  /// Zero when it has none.
  func blankSample() -> SIMD4<Float> {
    firstBlankCell.map { samples[$0 &* cellWidth] } ?? SIMD4(repeating: 0)
  }

  /// Copies the loaded band's last row into `above`, the columns between its runs (blank
  /// cells that were not made) filled in.
  func keepLastRow() {
    guard let above, let base = samples.baseAddress else { return }
    let rowsInBand = min(height, firstRow + bandHeight) - firstRow
    guard rowsInBand > 0 else { return }
    let lastRow = base + (rowsInBand - 1) * width
    let blank = blankSample()
    var madeUpTo = 0
    for run in runs {
      (above + madeUpTo).update(repeating: blank, count: run.lowerBound - madeUpTo)
      (above + run.lowerBound).update(from: lastRow + run.lowerBound, count: run.count)
      madeUpTo = run.upperBound
    }
    (above + madeUpTo).update(repeating: blank, count: width - madeUpTo)
  }

  /// Makes the row below the band, then writes the band's sharpened samples to `fitted`.
  mutating func sharpen(_ sampleRows: Range<Int>, hasAbove: Bool) {
    guard let base = samples.baseAddress else { return }
    let below = sampleRows.upperBound
    let hasBelow = sampleRows.count == bandHeight && below < height
    if hasBelow {
      fill(below..<below + 1, runs: runs)
      belowRuns = runs
    }
    let band = UnsharpMask.Band(
      samples: base, rows: sampleRows.count, width: width,
      above: hasAbove ? above.map { UnsafePointer($0) } : nil,
      below: hasBelow ? UnsafePointer(base + sampleRows.count * width) : nil,
      runs: runs, blankSample: blankSample())
    // Runs hold one blank cell at most: the band's first, which stands for the others.
    UnsharpMask.apply(
      amount: sharpening, upperBound: scale, to: band, keeping: firstBlankCell,
      cellWidth: cellWidth, into: fitted)
  }
}
