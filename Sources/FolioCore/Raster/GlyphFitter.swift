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
    /// `unit` transposed: for each sub-cell, the unit coverage of every glyph, `stride` apart,
    /// so all projections are computed as a few vectorized multiply-adds.
    let unitBySubCell: [Float]
    /// Glyph count rounded up to a multiple of 8.
    let stride: Int

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
      stride = (coverage.count + 7) / 8 * 8
      var transposed = [Float](repeating: 0, count: 8 * stride)
      for (g, vector) in unit.enumerated() {
        for s in 0..<8 { transposed[s * stride + g] = vector[s] }
      }
      unitBySubCell = transposed
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

  /// The best glyph and colors for 8 samples. `scratch` holds the work space.
  func fit(_ x: UnsafePointer<SIMD4<Float>>, scratch: borrowing Scratch) -> CellChoice {
    let top = scratch.top
    let projections = scratch.projections
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
    let stride = shapes.stride
    shapes.unitBySubCell.withUnsafeBufferPointer { columns in
      for g in 0..<stride { projections[g] = 0 }
      for s in 0..<8 {
        let weight = luma[s]
        let column = columns.baseAddress.map { $0 + s * stride }
        guard let column else { return }
        for g in 0..<stride { projections[g] += column[g] * weight }
      }
    }
    top.update(repeating: (0, 0))
    for g in 1..<shapes.unit.count {
      let gain = projections[g] * projections[g]
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

  /// Work space for `fit`, allocated once per image.
  struct Scratch: ~Copyable {
    /// The best candidates so far.
    let top: UnsafeMutableBufferPointer<(gain: Float, glyph: Int)>
    /// One projection per glyph (padded to `Shapes.stride`).
    let projections: UnsafeMutablePointer<Float>

    init(shortlistSize: Int) {
      top = .allocate(capacity: shortlistSize)
      projections = .allocate(capacity: Shapes.ascii.stride)
    }

    deinit {
      top.deallocate()
      projections.deallocate()
    }
  }
}
