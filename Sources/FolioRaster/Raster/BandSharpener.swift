import FolioCore

/// The last stage of a `SampleGrid`: its bands passed through an `UnsharpMask` into a copy,
/// so bands meet without seams. It keeps the row above each band (the last row of the band
/// before, unsharpened, blank cells filled in); the grid makes the row below early and reuses
/// it as the next band's first row.
struct BandSharpener: ~Copyable {
  /// The `UnsharpMask` amount; 0 for none.
  let amount: Float
  /// The largest value of each channel.
  let upperBound: SIMD4<Float>
  /// Samples across.
  let width: Int
  /// The sharpened band, `width` samples a row.
  let output: UnsafeMutablePointer<SIMD4<Float>>
  /// The row above the band loaded next.
  private let above: UnsafeMutablePointer<SIMD4<Float>>

  /// A sharpener for bands of up to `bandHeight` rows of `width` samples.
  init(amount: Float, upperBound: SIMD4<Float>, width: Int, bandHeight: Int) {
    self.amount = amount
    self.upperBound = upperBound
    self.width = width
    output = .allocate(capacity: max(1, width * bandHeight))
    output.initialize(repeating: SIMD4(repeating: 0), count: max(1, width * bandHeight))
    above = .allocate(capacity: max(1, width))
    above.initialize(repeating: SIMD4(repeating: 0), count: max(1, width))
  }

  /// Whether bands are sharpened at all.
  var isOn: Bool { amount > 0 }

  deinit {
    output.deallocate()
    above.deallocate()
  }

  /// Keeps the last of `band.rows` rows (unsharpened) as the row above the next band, the
  /// columns between `band.runs` (blank cells that were not made) filled with the blank sample.
  func keepLastRow(of band: UnsharpMask.Band) {
    guard band.rows > 0 else { return }
    let lastRow = band.samples + (band.rows - 1) * width
    var madeUpTo = 0
    for run in band.runs {
      (above + madeUpTo).update(repeating: band.blankSample, count: run.lowerBound - madeUpTo)
      (above + run.lowerBound).update(from: lastRow + run.lowerBound, count: run.count)
      madeUpTo = run.upperBound
    }
    (above + madeUpTo).update(repeating: band.blankSample, count: width - madeUpTo)
  }

  /// Writes `band` sharpened into `output`, with the row kept by `keepLastRow` above it when
  /// `hasAbove`. Cell `keptCell` (the band's first blank cell, which stands for the others)
  /// is copied as it is.
  func sharpen(_ band: UnsharpMask.Band, hasAbove: Bool, keeping keptCell: Int?, cellWidth: Int) {
    let band = UnsharpMask.Band(
      samples: band.samples, rows: band.rows, width: band.width,
      above: hasAbove ? UnsafePointer(above) : nil, below: band.below, runs: band.runs,
      blankSample: band.blankSample)
    UnsharpMask.apply(
      amount: amount, upperBound: upperBound, to: band, keeping: keptCell, cellWidth: cellWidth,
      into: output)
  }

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
}
