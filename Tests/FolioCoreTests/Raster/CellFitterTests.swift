import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioRaster

/// The fitting stages against brute force over every pattern.
struct CellFitterTests {
  /// The squared error of drawing `x` with `mask` and the mean colors of its two parts.
  static func error(_ x: [SIMD4<Float>], mask: Int) -> Float {
    var on = SIMD4<Float>(repeating: 0)
    var off = SIMD4<Float>(repeating: 0)
    var onCount: Float = 0
    for (i, sample) in x.enumerated() {
      if mask & 1 << i != 0 {
        on += sample
        onCount += 1
      } else {
        off += sample
      }
    }
    let onMean = onCount > 0 ? on / onCount : on
    let offMean = onCount < Float(x.count) ? off / (Float(x.count) - onCount) : off
    return x.enumerated().reduce(0) { total, item in
      let d = item.element - (mask & 1 << item.offset != 0 ? onMean : offMean)
      return total + (d * d).sum()
    }
  }

  static func bruteForceError(_ x: [SIMD4<Float>]) -> Float {
    (0..<(1 << x.count)).map { error(x, mask: $0) }.min() ?? 0
  }

  /// Random cells: two base colors with noise, in error-space units.
  static func randomCells(count: Int, subCells: Int, seed: UInt64) -> [[SIMD4<Float>]] {
    var generator = SplitMix64(seed: seed)
    func color() -> SIMD4<Float> {
      SIMD4(
        Float.random(in: 0...1, using: &generator), Float.random(in: 0...1, using: &generator),
        Float.random(in: 0...1, using: &generator), 0)
    }
    return (0..<count).map { _ in
      let a = color()
      let b = color()
      return (0..<subCells).map { _ in
        let base = Bool.random(using: &generator) ? a : b
        return base + (color() - SIMD4(0.5, 0.5, 0.5, 0)) * 0.3
      }
    }
  }

  @Test(arguments: [2, 4, 6])
  func exhaustiveFitIsTheOptimum(subCells: Int) {
    let fitter = CellFitter(subCellCount: subCells, space: .plainSRGB, refinementRounds: 2)
    let tables = ExhaustiveTables(subCellCount: subCells)
    for x in Self.randomCells(count: 300, subCells: subCells, seed: UInt64(subCells)) {
      let choice = x.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.map { fitter.fitExhaustive($0, tables: tables) }
      }
      let found = Self.error(x, mask: choice?.pattern ?? -1)
      #expect(abs(found - Self.bruteForceError(x)) < 1e-4)
    }
  }

  /// Gray cells with two best patterns of exactly equal gain (the sums are exact in binary;
  /// the quadrant weights of 1/3 round both gains to the same float): the lower mask is
  /// chosen, as the output must not depend on the search order.
  @Test(arguments: [
    ([0, 1, 1, 2], 1),  // masks 1 and 7 (quadrants)
    ([0, 2, 1, 1], 1),  // masks 1 and 2, scored in one vector step
    ([0, 0, 1, 1, 2, 2], 3),  // masks 3 and 15 (sextants)
    ([1, 1, 0, 0, 2, 2], 12),  // masks 12 and 15, scored in one vector step
  ])
  func onEqualErrorsTheLowerMaskWins(levels: [Float], mask: Int) {
    let fitter = CellFitter(subCellCount: levels.count, space: .plainSRGB, refinementRounds: 2)
    let tables = ExhaustiveTables(subCellCount: levels.count)
    let x = levels.map { SIMD4<Float>($0 / 4, $0 / 4, $0 / 4, 0) }
    let choice = x.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { fitter.fitExhaustive($0, tables: tables) }
    }
    #expect(choice?.pattern == mask)
  }

  @Test func octantShortlistIsNearlyAlwaysTheOptimum() {
    let fitter = CellFitter(subCellCount: 8, space: .plainSRGB, refinementRounds: 2)
    let cells = Self.randomCells(count: 400, subCells: 8, seed: 99)
    var optimal = 0
    var worst: Float = 1
    for x in cells {
      let choice = x.withUnsafeBufferPointer { buffer in buffer.baseAddress.map(fitter.fitShortlist)
      }
      let found = Self.error(x, mask: choice?.pattern ?? -1)
      let best = Self.bruteForceError(x)
      if found <= best + 1e-4 { optimal += 1 }
      worst = max(worst, found / max(best, 1e-6))
    }
    #expect(optimal >= 380, "\(optimal) of 400 optimal")
    #expect(worst < 1.5, "worst error ratio \(worst)")
  }
}
