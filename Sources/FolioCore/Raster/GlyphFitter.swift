/// Chooses a text character and two colors for one cell of 2 x 4 samples. A character is
/// modeled as it draws: background plus (foreground − background) × its ink coverage in each
/// sub-cell, so the choice follows both the cell's tone and its shape.
///
/// Two stages: every character is ranked by how much of the cell's luma variation its shape
/// explains; the best few are then fitted exactly in color (least squares, colors clamped to
/// the displayable range) against plain space.
struct GlyphFitter {
  /// The glyph shapes, derived once from `AsciiGlyphCoverage`.
  struct Shapes {
    /// Ink coverage of each glyph's sub-cells, 0…1.
    let coverage: [SIMD8<Float>]
    /// Mean coverage of each glyph.
    let means: [Float]
    /// Coverage minus its mean.
    let centered: [SIMD8<Float>]
    /// `centered` scaled to unit length (zero for glyphs of flat coverage).
    let unit: [SIMD8<Float>]
    /// `1 / |centered|²` (zero for glyphs of flat coverage).
    let inverseNormSquared: [Float]
    /// The highest mean coverage: the darkest tone text can make.
    let densest: Float

    init() {
      let raw = AsciiGlyphCoverage.coverage
      coverage = AsciiGlyphCoverage.glyphs.indices.map { g in
        var c = SIMD8<Float>(repeating: 0)
        for s in 0..<8 { c[s] = Float(raw[g * 8 + s]) / 255 }
        return c
      }
      means = coverage.map { $0.sum() / 8 }
      centered = zip(coverage, means).map { $0 - SIMD8(repeating: $1) }
      let norms = centered.map { ($0 * $0).sum() }
      inverseNormSquared = norms.map { $0 > 1e-6 ? 1 / $0 : 0 }
      unit = zip(centered, norms).map { $1 > 1e-6 ? $0 / $1.squareRoot() : SIMD8(repeating: 0) }
      densest = means.max() ?? 1
    }

    static let ascii = Shapes()
  }

  /// The glyph shapes.
  let shapes = Shapes.ascii
  /// Luma direction in error space.
  let lumaAxis: SIMD4<Float>
  /// The largest stored value of each channel (the error space's channel scales).
  let upperBound: SIMD4<Float>
  /// Candidates fitted exactly after ranking.
  let shortlistSize: Int

  init(space: ErrorSpace, shortlistSize: Int = 4) {
    let scale = space.scale
    lumaAxis = scale / max((scale * scale).sum(), .leastNormalMagnitude)
    upperBound = scale
    self.shortlistSize = shortlistSize
  }

  /// The best glyph and colors for 8 samples. `top` is scratch space for `shortlistSize`
  /// candidates.
  func fit(
    _ x: UnsafePointer<SIMD4<Float>>, top: UnsafeMutableBufferPointer<(gain: Float, glyph: Int)>
  ) -> CellChoice {
    var mean = SIMD4<Float>(repeating: 0)
    for s in 0..<8 { mean += x[s] }
    mean /= 8
    var luma = SIMD8<Float>(repeating: 0)
    var flatError: Float = 0
    for s in 0..<8 {
      let d = x[s] - mean
      luma[s] = (d * lumaAxis).sum()
      flatError += (d * d).sum()
    }
    var best = CellChoice(pattern: 0, foreground: mean, background: mean)
    guard flatError > 1e-8 else { return best }
    var bestError = flatError
    // Stage 1: rank by explained luma variation, keeping the top few (insertion, small K).
    top.update(repeating: (0, 0))
    for g in 1..<shapes.unit.count {
      let p = (shapes.unit[g] * luma).sum()
      let gain = p * p
      if gain <= top[shortlistSize - 1].gain { continue }
      var j = shortlistSize - 1
      while j > 0 && top[j - 1].gain < gain {
        top[j] = top[j - 1]
        j -= 1
      }
      top[j] = (gain, g)
    }
    // Stage 2: exact least-squares colors for each candidate, clamped, scored on all channels.
    let zero = SIMD4<Float>(repeating: 0)
    for candidate in top where candidate.glyph != 0 {
      let g = candidate.glyph
      var slope = zero
      for s in 0..<8 { slope += shapes.centered[g][s] * (x[s] - mean) }
      slope *= shapes.inverseNormSquared[g]
      var background = mean - slope * shapes.means[g]
      var foreground = background + slope
      background = background.clamped(lowerBound: zero, upperBound: upperBound)
      foreground = foreground.clamped(lowerBound: zero, upperBound: upperBound)
      var error: Float = 0
      for s in 0..<8 {
        let d = x[s] - background - (foreground - background) * shapes.coverage[g][s]
        error += (d * d).sum()
      }
      if error < bestError {
        bestError = error
        best = CellChoice(pattern: g, foreground: foreground, background: background)
      }
    }
    return best
  }

  /// The glyph whose coverage best matches `lightness` (0…1 per sub-cell) scaled to the
  /// darkest tone text can make, for light text on a dark terminal without colors.
  func fitMonochrome(_ lightness: SIMD8<Float>) -> Int {
    let target = lightness * shapes.densest
    var best = 0
    var bestError = Float.infinity
    for g in 0..<shapes.coverage.count {
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
