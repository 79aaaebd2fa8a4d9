import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioRaster

/// The character fitter against a plain reference: rank every glyph by explained luma
/// variation, then score the best few by direct summation.
struct GlyphFitterTests {
  /// The squared error of drawing `x` with glyph `g` in `foreground` on `background`, summed
  /// sub-cell by sub-cell.
  static func error(
    _ x: [SIMD4<Float>], glyph g: Int, foreground: SIMD4<Float>, background: SIMD4<Float>
  ) -> Float {
    let coverage = GlyphFitter.Shapes.ascii.coverage[g]
    return x.indices.reduce(0) { total, s in
      let d = x[s] - background - (foreground - background) * coverage[s]
      return total + (d * d).sum()
    }
  }

  /// The least error among the glyphs a straightforward implementation shortlists (and the
  /// flat cell), each with its clamped least-squares colors.
  static func referenceError(_ x: [SIMD4<Float>], fitter: GlyphFitter) -> Float {
    let shapes = GlyphFitter.Shapes.ascii
    let mean = x.reduce(SIMD4<Float>(repeating: 0), +) / 8
    var luma = SIMD8<Float>(repeating: 0)
    for s in 0..<8 { luma[s] = ((x[s] - mean) * fitter.lumaAxis).sum() }
    func gain(_ g: Int) -> Float {
      let projection: Float = (shapes.unit[g] * luma).sum()
      return projection * projection
    }
    let candidates: [(gain: Float, glyph: Int)] = shapes.unit.indices.map { (gain($0), $0) }
    let ranked = candidates.filter { $0.gain > 0 }
      .sorted { $0.gain > $1.gain || ($0.gain == $1.gain && $0.glyph < $1.glyph) }
      .prefix(fitter.shortlistSize)
    var best = error(x, glyph: 0, foreground: mean, background: mean)
    for (_, g) in ranked {
      var slope = SIMD4<Float>(repeating: 0)
      for s in 0..<8 { slope += shapes.centered[g][s] * (x[s] - mean) }
      slope *= shapes.inverseNormSquared[g]
      let zero = SIMD4<Float>(repeating: 0)
      let background = (mean - slope * shapes.means[g])
        .clamped(lowerBound: zero, upperBound: fitter.upperBound)
      let foreground = (mean - slope * shapes.means[g] + slope)
        .clamped(lowerBound: zero, upperBound: fitter.upperBound)
      best = min(best, error(x, glyph: g, foreground: foreground, background: background))
    }
    return best
  }

  @Test func fitMatchesTheReferenceShortlist() {
    let fitter = GlyphFitter(space: .lumaWeightedSRGB)
    let scale = ErrorSpace.lumaWeightedSRGB.scale
    for x in CellFitterTests.randomCells(count: 400, subCells: 8, seed: 42) {
      // Into the error space's range, as the rasterizer's samples are.
      let cell = x.map { $0.clamped(lowerBound: .zero, upperBound: SIMD4(1, 1, 1, 0)) * scale }
      let choice = cell.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.map { fitter.fit($0) }
      }
      guard let choice else { continue }
      let found = Self.error(
        cell, glyph: choice.pattern, foreground: choice.foreground, background: choice.background)
      #expect(abs(found - Self.referenceError(cell, fitter: fitter)) < 1e-4)
    }
  }

  /// The fit as first written, a candidate at a time with its channels in one vector: the
  /// shortlist is the glyphs of the highest gains (above 0, the lower glyph first on equal
  /// gains), each fitted in shortlist order and kept when its error is lower. Gains are
  /// ranked in the fixed point the fitter uses, written out here number by number: the
  /// projection's magnitude to 16 bits (a float's mantissa without its lowest 7 bits).
  static func oneCandidateAtATime(
    _ x: [SIMD4<Float>], fitter: GlyphFitter
  ) -> CellChoice {
    let shapes = GlyphFitter.Shapes.ascii
    let table = shapes.table
    var mean = SIMD4<Float>(repeating: 0)
    for s in 0..<8 { mean += x[s] }
    mean /= 8
    // Squares summed per channel over the samples, then across the channels.
    let flatError = x.reduce(SIMD4<Float>(repeating: 0)) { $0 + ($1 - mean) * ($1 - mean) }.sum()
    var best = CellChoice(pattern: 0, foreground: mean, background: mean)
    guard flatError > 1e-8 else { return best }
    var bestError = flatError
    let luma = (0..<8).map { ((x[$0] - mean) * fitter.lumaAxis).sum() }
    let largest = luma.map(abs).max() ?? 0
    guard largest > 1e-12 else { return best }
    let fixedLuma = luma.map { Int32(($0 * (8191 / largest)).rounded(.toNearestOrEven)) }
    let gains: [(gain: Float, glyph: Int)] = shapes.unit.indices.map { g in
      var projection: Int32 = 0
      for s in 0..<8 {
        projection += Int32((shapes.unit[g][s] * 8192).rounded()) * fixedLuma[s]
      }
      let magnitude = Float(projection).magnitude
      return (Float(bitPattern: magnitude.bitPattern & 0x7FFF_FF80), g)
    }
    let shortlist = gains.filter { $0.gain > 0 }
      .sorted { $0.gain > $1.gain || ($0.gain == $1.gain && $0.glyph < $1.glyph) }
      .prefix(fitter.shortlistSize)
    func clamp(_ color: SIMD4<Float>) -> SIMD4<Float> {
      var result = color
      result.replace(with: 0, where: result .< 0)
      result.replace(with: fitter.upperBound, where: result .> fitter.upperBound)
      return result
    }
    let sumOfSquares = x.reduce(SIMD4<Float>(repeating: 0)) { $0 + $1 * $1 }.sum()
    let sum = mean * 8
    for (_, g) in shortlist {
      var covariance = SIMD4<Float>(repeating: 0)
      for s in 0..<8 { covariance += shapes.centered[g][s] * (x[s] - mean) }
      let glyphMean = shapes.means[g]
      let slope = covariance * shapes.inverseNormSquared[g]
      let background = clamp(mean - slope * glyphMean)
      let foreground = clamp(mean - slope * glyphMean + slope)
      let ink = foreground - background
      let coverageDotX = covariance + sum * glyphMean
      let first = sumOfSquares - 2 * (background * sum).sum()
      let second = first + 8 * (background * background).sum()
      let third = second - 2 * (ink * (coverageDotX - background * (8 * glyphMean))).sum()
      let error = third + (ink * ink).sum() * table.coverageSquares[g]
      if error < bestError {
        bestError = error
        best = CellChoice(pattern: g, foreground: foreground, background: background)
      }
    }
    return best
  }

  /// Four candidates a lane each give bit for bit the choice of one at a time, for every
  /// shortlist size, on cells in and beyond the error space's range.
  @Test(arguments: 1...4)
  func fitIsTheOneCandidateAtATimeFitToTheBit(shortlistSize: Int) {
    let fitter = GlyphFitter(space: .lumaWeightedSRGB, shortlistSize: shortlistSize)
    let scale = ErrorSpace.lumaWeightedSRGB.scale
    let cells = CellFitterTests.randomCells(
      count: 600, subCells: 8, seed: 90 + UInt64(shortlistSize))
    for (index, x) in cells.enumerated() {
      let cell =
        index % 3 == 0
        ? x.map { $0 * scale * 1.5 }
        : x.map {
          $0.clamped(lowerBound: .zero, upperBound: SIMD4(1, 1, 1, 0)) * scale
        }
      let choice = cell.withUnsafeBufferPointer { fitter.fit($0.baseAddress!) }
      let expected = Self.oneCandidateAtATime(cell, fitter: fitter)
      #expect(choice.pattern == expected.pattern, "cell \(index)")
      #expect(choice.foreground == expected.foreground, "cell \(index)")
      #expect(choice.background == expected.background, "cell \(index)")
    }
  }

  /// The ranking's fixed point loses nothing that matters: the glyph it ranks first explains
  /// all but a ten-thousandth of the luma variation the best glyph explains in exact arithmetic.
  @Test func fixedPointRankingFindsTheBestGlyph() {
    let shapes = GlyphFitter.Shapes.ascii
    var generator = SplitMix64(seed: 5)
    for trial in 0..<500 {
      // Deviations of every size, some tiny, some with one sub-cell dominating.
      var luma = SIMD8<Float>(repeating: 0)
      for s in 0..<8 {
        luma[s] = Float(Int.random(in: -1000...1000, using: &generator)) / 1000
      }
      if trial % 5 == 0 { luma *= 1e-6 }
      if trial % 7 == 0 { luma[trial % 8] *= 50 }
      luma -= SIMD8(repeating: luma.sum() / 8)
      guard let pairs = GlyphFitter.fixedPointPairs(luma) else {
        Issue.record("luma \(luma) has no fixed point")
        continue
      }
      // The fixed-point luma, read back from the pairs, is the scaled luma rounded.
      let largest = (0..<8).map { abs(luma[$0]) }.max()!
      let lanes = [pairs.0, pairs.1, pairs.2, pairs.3]
      for s in 0..<8 {
        let expected = (luma[s] * (8191 / largest)).rounded(.toNearestOrEven)
        #expect(Float(lanes[s / 2][s % 2]) == expected)
        #expect(lanes[s / 2][s % 2 + 2] == lanes[s / 2][s % 2])
      }
      var bestExact: Float = 0
      var bestFixed: (gain: Int64, glyph: Int) = (-1, 0)
      for g in shapes.unit.indices {
        let exact = (shapes.unit[g] * luma).sum()
        bestExact = max(bestExact, exact * exact)
        let quad = shapes.table.unitPairs + g / 4 * 4
        var fixed: Int64 = 0
        for q in 0..<4 {
          let sums = GlyphFitter.multiplyAdd(quad[q], lanes[q])
          fixed += Int64(sums[g % 4])
        }
        if fixed * fixed > bestFixed.gain { bestFixed = (fixed * fixed, g) }
      }
      let chosen = (shapes.unit[bestFixed.glyph] * luma).sum()
      #expect(chosen * chosen >= bestExact * 0.9999, "trial \(trial)")
    }
    #expect(GlyphFitter.fixedPointPairs(SIMD8(repeating: 0)) == nil)
  }

  /// The four best keys of 96 glyphs in random order of arrival: the highest magnitudes,
  /// the lower glyph first among equal ones, and "not ranked" for magnitudes of 0.
  @Test func topFourKeepsTheHighestMagnitudesAndTheLowerGlyphOnTies() {
    var generator = SplitMix64(seed: 11)
    for trial in 0..<400 {
      // Few distinct magnitudes in half the trials, so ties are common; many zeros in some.
      let magnitudes: [Float] = (0..<96).map { _ in
        let value =
          trial % 2 == 0
          ? Float(Int.random(in: 0...5, using: &generator))
          : Float(Int.random(in: -65_535...65_535, using: &generator))
        return trial % 5 == 0 && Int.random(in: 0..<10, using: &generator) < 9 ? 0 : value
      }
      var ranking = GlyphFitter.TopFour()
      for first in Swift.stride(from: 0, to: 96, by: 4) {
        let values = SIMD4(
          magnitudes[first], magnitudes[first + 1], magnitudes[first + 2], magnitudes[first + 3])
        ranking.insert(
          GlyphFitter.TopFour.key(
            magnitude: values, tags: GlyphFitter.TopFour.tags(from: first)))
      }
      let (glyphs, ranked) = GlyphFitter.TopFour.glyphs(of: ranking.best())
      // Magnitudes here are below 2^16, within the keys' 17 significant bits (16 stored and
      // the implicit one), so the keys order them exactly.
      let expected = (0..<96).filter { magnitudes[$0] != 0 }.sorted {
        abs(magnitudes[$0]) > abs(magnitudes[$1])
          || (abs(magnitudes[$0]) == abs(magnitudes[$1]) && $0 < $1)
      }.prefix(4)
      for lane in 0..<4 {
        if lane < expected.count {
          #expect(ranked[lane] == -1, "trial \(trial) lane \(lane)")
          #expect(Int(glyphs[lane]) == expected[expected.startIndex + lane], "trial \(trial)")
        } else {
          #expect(ranked[lane] == 0, "trial \(trial) lane \(lane)")
        }
      }
    }
  }

  /// Keys keep a magnitude's sign out and 16 bits of it: values that differ only below that
  /// tie, and the tie goes to the lower glyph.
  @Test func keysTieBelowSixteenBitsAndPreferTheLowerGlyph() {
    let tags = GlyphFitter.TopFour.tags(from: 8)
    let keys = GlyphFitter.TopFour.key(
      magnitude: SIMD4(-1000, 1000, 1000.001, 999), tags: tags)
    #expect(keys[0] > keys[1])  // −1000 ranks as 1000, and glyph 8 before glyph 9
    #expect(keys[1] > keys[2])  // 1000.001 ties with 1000 at 16 bits: glyph 9 before 10
    #expect(keys[2] > keys[3])
    let (glyphs, ranked) = GlyphFitter.TopFour.glyphs(of: SIMD4(keys[0], keys[1], keys[2], keys[3]))
    #expect(glyphs == SIMD4(8, 9, 10, 11))
    #expect(ranked == SIMD4(repeating: -1))
  }
}
