import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioRaster

/// The character fitter against plain references: its choice is the best of its prefilter's
/// candidates by direct summation, the candidates are the glyphs that best match the cell's
/// bitmap, and cells drawn with a glyph are fitted back well.
struct GlyphFitterTests {
  static let shapes = GlyphFitter.Shapes.ascii
  static let scale = ErrorSpace.lumaWeightedSRGB.scale

  /// The squared error of drawing `x` with glyph `g` in `foreground` on `background`, summed
  /// sub-cell by sub-cell and channel by channel.
  static func error(
    _ x: [SIMD4<Float>], glyph g: Int, foreground: SIMD4<Float>, background: SIMD4<Float>
  ) -> Float {
    var total: Float = 0
    for s in 0..<8 {
      for channel in 0..<4 {
        let drawn =
          background[channel] + (foreground[channel] - background[channel]) * shapes.coverage[g][s]
        let d = x[s][channel] - drawn
        total += d * d
      }
    }
    return total
  }

  /// The least error of drawing `x` with glyph `g`: a least-squares line of each channel
  /// against the coverage, its ends clamped to the displayable range.
  static func bestError(_ x: [SIMD4<Float>], glyph g: Int) -> Float {
    let coverage = (0..<8).map { shapes.coverage[g][$0] }
    let meanCoverage = coverage.reduce(0, +) / 8
    var foreground = SIMD4<Float>(repeating: 0)
    var background = SIMD4<Float>(repeating: 0)
    for channel in 0..<4 {
      let values = x.map { $0[channel] }
      let meanValue = values.reduce(0, +) / 8
      var covariance: Float = 0
      var variance: Float = 0
      for s in 0..<8 {
        covariance += (coverage[s] - meanCoverage) * (values[s] - meanValue)
        variance += (coverage[s] - meanCoverage) * (coverage[s] - meanCoverage)
      }
      let slope = variance > 1e-6 ? covariance / variance : 0
      let low = meanValue - slope * meanCoverage
      background[channel] = min(max(low, 0), scale[channel])
      foreground[channel] = min(max(low + slope, 0), scale[channel])
    }
    return error(x, glyph: g, foreground: foreground, background: background)
  }

  /// The cell's bitmap: the sub-cells whose luma is above the cell's mean (in the fitter's
  /// arithmetic, so that samples at the mean fall on the same side).
  static func bitmap(_ x: [SIMD4<Float>], fitter: GlyphFitter) -> Int {
    var total = SIMD4<Float>(repeating: 0)
    for s in 0..<8 { total += x[s] }
    let mean = total / 8
    return (0..<8).reduce(0) { $0 | (((x[$1] - mean) * fitter.lumaAxis).sum() > 0 ? 1 << $1 : 0) }
  }

  static func fit(_ cell: [SIMD4<Float>], fitter: GlyphFitter) -> CellChoice? {
    cell.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { fitter.fit($0) } }
  }

  /// Random two-tone cells with noise, in and beyond the error space's range.
  static func cells(count: Int, seed: UInt64) -> [[SIMD4<Float>]] {
    CellFitterTests.randomCells(count: count, subCells: 8, seed: seed).enumerated().map {
      index, x in
      index % 3 == 0
        ? x.map { $0 * scale * 1.5 }
        : x.map { $0.clamped(lowerBound: .zero, upperBound: SIMD4(1, 1, 1, 0)) * scale }
    }
  }

  @Test func fitIsTheBestOfTheCandidatesAndTheFlatCell() throws {
    let fitter = GlyphFitter(space: .lumaWeightedSRGB)
    for (index, cell) in Self.cells(count: 600, seed: 42).enumerated() {
      let choice = try #require(Self.fit(cell, fitter: fitter))
      let found = Self.error(
        cell, glyph: choice.pattern, foreground: choice.foreground, background: choice.background)
      let mean = cell.reduce(SIMD4<Float>(repeating: 0), +) / 8
      var expected = Self.error(cell, glyph: 0, foreground: mean, background: mean)
      for g in Array(fitter.shapes.candidates(for: Self.bitmap(cell, fitter: fitter))) {
        expected = min(expected, Self.bestError(cell, glyph: g))
      }
      #expect(abs(found - expected) <= 1e-4 * max(1, expected), "cell \(index)")
    }
  }

  /// Every bitmap's candidates are the glyphs whose centered shape has the highest squared
  /// correlation with the bitmap's centered pattern, counted here glyph by glyph; a bitmap
  /// and its inverse (light text on dark, dark on light) have the same ones.
  @Test func candidatesAreTheBestCorrelatedGlyphsForBothPolarities() {
    let shapes = Self.shapes
    for bitmap in 0..<256 {
      let on = (0..<8).filter { bitmap & 1 << $0 != 0 }
      let correlations: [(Float, Int)] = shapes.coverage.indices.compactMap { g in
        let values = (0..<8).map { shapes.coverage[g][$0] }
        let mean = values.reduce(0, +) / 8
        let norm = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        guard norm > 1e-6 else { return nil }
        let patternMean = Float(on.count) / 8
        var dot: Float = 0
        for s in 0..<8 { dot += (values[s] - mean) * ((on.contains(s) ? 1 : 0) - patternMean) }
        return dot * dot / norm > 1e-6 ? (dot * dot / norm, g) : nil
      }
      let expected = correlations.sorted { $0.0 > $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        .prefix(GlyphFitter.Shapes.candidateCount).map(\.1)
      let found = Array(shapes.candidates(for: bitmap))
      #expect(Set(found) == Set(expected), "bitmap \(bitmap)")
      #expect(found == Array(shapes.candidates(for: 255 - bitmap)), "bitmap \(bitmap)")
      #expect(found.isEmpty == (bitmap == 0 || bitmap == 255))
    }
  }

  /// A cell drawn with any glyph, dark on light or light on dark, is fitted with at most a
  /// third of the flat cell's error, and most glyphs (about two in three today) are found
  /// exactly: the others share a bitmap with more glyphs than the prefilter passes on.
  @Test func cellsDrawnWithAGlyphAreFittedBack() throws {
    let fitter = GlyphFitter(space: .lumaWeightedSRGB)
    let paper = SIMD4<Float>(0.95, 0.9, 0.85, 0) * Self.scale
    let ink = SIMD4<Float>(0.1, 0.15, 0.3, 0) * Self.scale
    var exact = 0
    var drawn = 0
    for g in Self.shapes.coverage.indices where Self.shapes.inverseNormSquared[g] > 0 {
      for (background, foreground) in [(paper, ink), (ink, paper)] {
        let cell = (0..<8).map {
          background + (foreground - background) * Self.shapes.coverage[g][$0]
        }
        let choice = try #require(Self.fit(cell, fitter: fitter))
        let mean = cell.reduce(SIMD4<Float>(repeating: 0), +) / 8
        let flat = Self.error(cell, glyph: 0, foreground: mean, background: mean)
        let found = Self.error(
          cell, glyph: choice.pattern, foreground: choice.foreground,
          background: choice.background)
        #expect(found <= flat / 3, "glyph \(g)")
        drawn += 1
        if found < 1e-6 * flat { exact += 1 }
      }
    }
    #expect(exact * 10 >= drawn * 6, "\(exact) of \(drawn) drawn glyphs found exactly")
  }

  @Test func aFlatCellIsOneColor() throws {
    let fitter = GlyphFitter(space: .lumaWeightedSRGB)
    let color = SIMD4<Float>(0.3, 0.5, 0.2, 0) * Self.scale
    let choice = try #require(Self.fit(Array(repeating: color, count: 8), fitter: fitter))
    #expect(choice.pattern == 0)
    #expect(choice.foreground == color && choice.background == color)
  }

  @Test func monochromeFitFollowsTheTone() {
    let fitter = GlyphFitter(space: .lumaWeightedSRGB)
    #expect(fitter.fitMonochrome(SIMD8(repeating: 0)) == 0)
    let dense = fitter.fitMonochrome(SIMD8(repeating: 1))
    #expect(Self.shapes.means[dense] > 0.8 * Self.shapes.densest)
  }
}
