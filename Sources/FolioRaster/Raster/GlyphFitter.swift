import FolioCore

/// Chooses a text character and two colors for one cell of 2 x 4 samples. A character is
/// modeled as it draws: background plus (foreground − background) × its ink coverage in each
/// sub-cell, so the choice follows both the cell's tone and its shape.
///
/// Two stages:
/// 1. A bitmap prefilter: the sub-cells lighter than the cell's mean luma make an 8-bit
///    bitmap, and a table made once lists, for each of the 256 bitmaps, the few glyphs whose
///    shapes best match it (`Shapes.candidates`).
/// 2. Exact color error decides: each candidate gets its least-squares colors, clamped to the
///    displayable range, and the one with the least squared error over all channels wins,
///    unless the flat cell (one color) is as good.
struct GlyphFitter: Sendable {
  /// Luma direction in error space.
  let lumaAxis: SIMD4<Float>
  /// The largest stored value of each channel (the error space's channel scales).
  let upperBound: SIMD4<Float>
  /// The glyph shapes and the prefilter's table.
  let shapes = Shapes.ascii

  init(space: ErrorSpace) {
    let scale = space.scale
    lumaAxis = scale / max((scale * scale).sum(), .leastNormalMagnitude)
    upperBound = scale
  }

  /// The best glyph and colors for 8 samples.
  func fit(_ x: UnsafePointer<SIMD4<Float>>) -> CellChoice {
    var total = SIMD4<Float>(repeating: 0)
    for s in 0..<8 { total += x[s] }
    let mean = total / 8
    var flatError: Float = 0
    var bitmap = 0
    for s in 0..<8 {
      let deviation = x[s] - mean
      flatError += (deviation * deviation).sum()
      if (deviation * lumaAxis).sum() > 0 { bitmap |= 1 << s }
    }
    var best = CellChoice(pattern: 0, foreground: mean, background: mean)
    var bestError = flatError
    for glyph in shapes.candidates(for: bitmap) {
      let choice = colors(of: glyph, for: x, mean: mean)
      let error = Self.error(of: choice, coverage: shapes.coverage[glyph], in: x)
      if error < bestError {
        best = choice
        bestError = error
      }
    }
    return best
  }

  /// The least-squares colors for drawing `x` with `glyph`, each clamped to the displayable
  /// range: the slope of the samples against the glyph's coverage is the ink (foreground −
  /// background), and the line through the mean gives the background.
  func colors(of glyph: Int, for x: UnsafePointer<SIMD4<Float>>, mean: SIMD4<Float>)
    -> CellChoice
  {
    let centered = shapes.centered[glyph]
    var covariance = SIMD4<Float>(repeating: 0)
    for s in 0..<8 { covariance += centered[s] * (x[s] - mean) }
    let slope = covariance * shapes.inverseNormSquared[glyph]
    let background = mean - slope * shapes.means[glyph]
    return CellChoice(
      pattern: glyph,
      foreground: (background + slope).clamped(lowerBound: .zero, upperBound: upperBound),
      background: background.clamped(lowerBound: .zero, upperBound: upperBound))
  }

  /// The squared error of drawing `x` as `choice` with glyph coverage `coverage`.
  static func error(
    of choice: CellChoice, coverage: SIMD8<Float>, in x: UnsafePointer<SIMD4<Float>>
  ) -> Float {
    let ink = choice.foreground - choice.background
    var squares = SIMD4<Float>(repeating: 0)
    for s in 0..<8 {
      let d = x[s] - choice.background - ink * coverage[s]
      squares += d * d
    }
    return squares.sum()
  }

  /// The glyph whose coverage best matches `lightness` (0…1 per sub-cell) scaled to the
  /// darkest tone text can make, for light text on a dark terminal without colors.
  func fitMonochrome(_ lightness: SIMD8<Float>) -> Int {
    let target = lightness * shapes.densest
    var best = 0
    var bestError = Float.infinity
    for g in shapes.coverage.indices {
      let d = target - shapes.coverage[g]
      let error = (d * d).sum()
      if error < bestError {
        bestError = error
        best = g
      }
    }
    return best
  }
}

extension GlyphFitter {
  /// The ASCII glyph shapes, from `AsciiGlyphCoverage`, and the prefilter's candidates.
  struct Shapes: Sendable {
    /// How many glyphs the prefilter passes on for each bitmap.
    static let candidateCount = 6

    /// Ink coverage of each glyph's sub-cells, 0…1.
    let coverage: [SIMD8<Float>]
    /// Mean coverage of each glyph.
    let means: [Float]
    /// Coverage minus its mean.
    let centered: [SIMD8<Float>]
    /// `1 / |centered|²` (zero for glyphs of flat coverage, which the flat cell stands for).
    let inverseNormSquared: [Float]
    /// The highest mean coverage: the darkest tone text can make.
    let densest: Float
    /// `candidateCount` glyphs for each bitmap, best first; fewer for bitmaps that fewer
    /// glyphs match at all, the rest of the row −1.
    private let candidateTable: [Int16]

    init(coverage: [SIMD8<Float>]) {
      self.coverage = coverage
      means = coverage.map { $0.sum() / 8 }
      centered = zip(coverage, means).map { $0 - SIMD8(repeating: $1) }
      let norms = centered.map { ($0 * $0).sum() }
      inverseNormSquared = norms.map { $0 > 1e-6 ? 1 / $0 : 0 }
      densest = means.max() ?? 1
      var table = [Int16](repeating: -1, count: 256 * Self.candidateCount)
      for bitmap in 0..<256 {
        let ranked = Self.rank(bitmap: bitmap, centered: centered, norms: norms)
        for (place, glyph) in ranked.prefix(Self.candidateCount).enumerated() {
          table[bitmap * Self.candidateCount + place] = Int16(glyph)
        }
      }
      candidateTable = table
    }

    /// The glyphs whose shapes correlate with `bitmap` (its set sub-cells light, the rest
    /// dark), most strongly first, either sign (ink may be lighter or darker than the
    /// background), the lower glyph first on ties; glyphs that do not correlate are left out.
    static func rank(bitmap: Int, centered: [SIMD8<Float>], norms: [Float]) -> [Int] {
      var pattern = SIMD8<Float>(repeating: 0)
      for s in 0..<8 where bitmap & 1 << s != 0 { pattern[s] = 1 }
      pattern -= SIMD8(repeating: pattern.sum() / 8)
      let scored: [(correlation: Float, glyph: Int)] = centered.indices.compactMap { g in
        guard norms[g] > 1e-6 else { return nil }
        let projection = (centered[g] * pattern).sum()
        let correlation = projection * projection / norms[g]
        return correlation > 1e-6 ? (correlation, g) : nil
      }
      return scored.sorted {
        $0.correlation > $1.correlation || ($0.correlation == $1.correlation && $0.glyph < $1.glyph)
      }.map(\.glyph)
    }

    /// The prefilter's glyphs for `bitmap` (0…255), best first.
    func candidates(for bitmap: Int) -> some Sequence<Int> {
      let row = candidateTable[
        (bitmap * Self.candidateCount)..<((bitmap + 1) * Self.candidateCount)]
      return row.lazy.prefix { $0 >= 0 }.map(Int.init)
    }

    /// The shapes of `AsciiGlyphCoverage`.
    static let ascii = Shapes(
      coverage: AsciiGlyphCoverage.glyphs.indices.map { g in
        var c = SIMD8<Float>(repeating: 0)
        for s in 0..<8 { c[s] = Float(AsciiGlyphCoverage.coverage[g * 8 + s]) / 255 }
        return c
      })
  }
}
