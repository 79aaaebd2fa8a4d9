import FolioCore

/// Chooses a text character and two colors for one cell of 2 x 4 samples. A character is
/// modeled as it draws: background plus (foreground − background) × its ink coverage in each
/// sub-cell, so the choice follows both the cell's tone and its shape.
///
/// Two stages: every character is ranked by how much of the cell's luma variation its shape
/// explains; the best few are then fitted exactly in color (least squares, colors clamped to
/// the displayable range) against plain space.
struct GlyphFitter {
  /// The glyph shapes.
  let shapes = Shapes.ascii
  /// Luma direction in error space.
  let lumaAxis: SIMD4<Float>
  /// The largest stored value of each channel (the error space's channel scales).
  let upperBound: SIMD4<Float>
  /// Candidates fitted exactly after ranking, 1…4.
  let shortlistSize: Int
  /// All bits set in the lanes of the shortlist's places, none in the rest.
  private let shortlistLanes: SIMD4<Int32>

  init(space: ErrorSpace, shortlistSize: Int = 4) {
    precondition((1...4).contains(shortlistSize), "a shortlist of 1 to 4 glyphs")
    let scale = space.scale
    lumaAxis = scale / max((scale * scale).sum(), .leastNormalMagnitude)
    upperBound = scale
    self.shortlistSize = shortlistSize
    shortlistLanes = SIMD4(repeating: 0).replacing(
      with: -1, where: SIMD4(0, 1, 2, 3) .< Int32(shortlistSize))
  }

  /// The best glyph and colors for 8 samples.
  func fit(_ x: UnsafePointer<SIMD4<Float>>) -> CellChoice {
    var total = SIMD4<Float>(repeating: 0)
    for s in 0..<8 { total += x[s] }
    // A constant, so the functions below capture no variable; kept a vector (`opaque`).
    let mean = Self.opaque(total / 8)
    // Sums of squares are kept per channel and added across channels once (a horizontal sum
    // a sample would cost more than the rest of the sum).
    var squaredDeviations = SIMD4<Float>(repeating: 0)
    for s in 0..<8 {
      let d = x[s] - mean
      squaredDeviations += d * d
    }
    let flatError = squaredDeviations.sum()
    // Built whole rather than lane by lane (a variable lane index goes through memory).
    func luma(_ s: Int) -> Float { ((x[s] - mean) * lumaAxis).sum() }
    let luma = SIMD8(luma(0), luma(1), luma(2), luma(3), luma(4), luma(5), luma(6), luma(7))
    var best = CellChoice(pattern: 0, foreground: mean, background: mean)
    guard flatError > 1e-8 else { return best }
    // Stage 1: rank by explained luma variation, the square of the luma's projection on each
    // glyph's unit shape. The projections are integer multiply-adds, eight products to an
    // instruction: luma scaled so that its largest deviation is `lumaScale` and rounded, the
    // shapes as `Table.unitPairs` (a ranking this fine only orders glyphs; stage 2 fits the
    // shortlist exactly). A cell whose variation has no luma ranks nothing and stays flat.
    guard let pairs = Self.fixedPointPairs(luma) else { return best }
    let table = shapes.table
    let keys = Self.bestKeys(pairs, table: table, stride: shapes.stride)
    let ranking = TopFour.glyphs(of: keys)
    // Stage 2: exact least-squares colors for each candidate, clamped, scored on all channels.
    // With y = x − background and c the coverage, the error Σ|y − ink·c|² expands into sums
    // over the cell (Σx, Σ|x|²) and per glyph (Σc·x, from the slope's sum, and Σc²). The four
    // candidates at once, one per lane, a channel per vector: each product and sum is the one
    // a candidate at a time would make, in the same order, so the choices are the same.
    // (A color's fourth channel is not summed: its scale is 0, so it is always 0 there.)
    // Lanes past the shortlist, or without a candidate, repeat the first candidate: their
    // error is the first's, and the first lane wins ties.
    let usable = ranking.ranked & shortlistLanes
    guard usable[0] != 0 else { return best }
    let glyphs = ranking.glyphs.replacing(
      with: SIMD4(repeating: ranking.glyphs[0]), where: usable .== 0)
    var squares = SIMD4<Float>(repeating: 0)
    for s in 0..<8 { squares += x[s] * x[s] }
    let sumOfSquares = squares.sum()
    let sum = mean * 8
    let stride = shapes.stride
    @inline(__always)
    func gather(_ values: UnsafeMutablePointer<Float>, offset: Int = 0) -> SIMD4<Float> {
      SIMD4(
        values[Int(glyphs[0]) &+ offset], values[Int(glyphs[1]) &+ offset],
        values[Int(glyphs[2]) &+ offset], values[Int(glyphs[3]) &+ offset])
    }
    // Σ (c − m)(x − mean) per channel.
    var covariance = (
      SIMD4<Float>(repeating: 0), SIMD4<Float>(repeating: 0),
      SIMD4<Float>(repeating: 0)
    )
    for s in 0..<8 {
      let centered = gather(table.centeredBySubCell, offset: s &* stride)
      let deviation = x[s] - mean
      covariance.0 += centered * deviation[0]
      covariance.1 += centered * deviation[1]
      covariance.2 += centered * deviation[2]
    }
    let glyphMean = gather(table.means)
    let inverseNormSquared = gather(table.inverseNormSquared)
    let eightMeans = 8 * glyphMean
    // One channel of the four candidates: their colors, and that channel's part of each of
    // the four sums in the error below.
    @inline(__always) func fitChannel(_ covariance: SIMD4<Float>, _ channel: Int) -> (
      background: SIMD4<Float>, foreground: SIMD4<Float>, backgroundDotSum: SIMD4<Float>,
      backgroundSquared: SIMD4<Float>, inkDotRest: SIMD4<Float>, inkSquared: SIMD4<Float>
    ) {
      let slope = covariance * inverseNormSquared
      let unclamped = mean[channel] - slope * glyphMean
      let background = clamp(unclamped, to: upperBound[channel])
      let foreground = clamp(unclamped + slope, to: upperBound[channel])
      let ink = foreground - background
      let coverageDotX = covariance + sum[channel] * glyphMean  // Σ c·x
      return (
        background, foreground, background * sum[channel], background * background,
        ink * (coverageDotX - background * eightMeans), ink * ink
      )
    }
    let red = fitChannel(covariance.0, 0)
    let green = fitChannel(covariance.1, 1)
    let blue = fitChannel(covariance.2, 2)
    // Each sum red, green, blue, as `SIMD4.sum()` adds a color's channels.
    let backgroundDotSum: SIMD4<Float> =
      red.backgroundDotSum + green.backgroundDotSum + blue.backgroundDotSum
    let backgroundSquared: SIMD4<Float> =
      red.backgroundSquared + green.backgroundSquared + blue.backgroundSquared
    let inkDotRest: SIMD4<Float> = red.inkDotRest + green.inkDotRest + blue.inkDotRest
    let inkSquared: SIMD4<Float> = red.inkSquared + green.inkSquared + blue.inkSquared
    var error = SIMD4<Float>(repeating: sumOfSquares) - 2 * backgroundDotSum
    error += 8 * backgroundSquared
    error -= 2 * inkDotRest
    error += inkSquared * gather(table.coverageSquares)
    error = Self.opaque(error)  // computed as a vector, though read lane by lane below
    // Lane by lane in shortlist order, each lane a constant (a variable lane index goes
    // through memory); the winner's colors are read once.
    var winner = -1
    var bestError = flatError
    if error[0] < bestError { (winner, bestError) = (0, error[0]) }
    if error[1] < bestError { (winner, bestError) = (1, error[1]) }
    if error[2] < bestError { (winner, bestError) = (2, error[2]) }
    if error[3] < bestError { (winner, bestError) = (3, error[3]) }
    if winner >= 0 {
      best = CellChoice(
        pattern: Int(glyphs[winner]),
        foreground: SIMD4(
          red.foreground[winner], green.foreground[winner], blue.foreground[winner], 0),
        background: SIMD4(
          red.background[winner], green.background[winner], blue.background[winner], 0))
    }
    return best
  }

  /// The keys (`TopFour.key`) of the four glyphs whose unit shapes have the largest
  /// projections on the fixed-point luma `pairs`, highest first. Where fewer than four
  /// glyphs project to more than 0, the rest are keys of magnitude 0 (space and the padding
  /// always project to 0), which `TopFour.glyphs` reports as not ranked.
  ///
  /// Four glyphs at a time, each projection's magnitude keyed with its glyph into the running
  /// four best: the order of the squared projections, without the squares. `stride` is the
  /// glyph count padded to a multiple of 8 (`Shapes.stride`). Not inlined into `fit`, which
  /// is too large for the optimizer to inline what this calls.
  @inline(never)
  static func bestKeys(
    _ pairs: (SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>), table: Shapes.Table,
    stride: Int
  ) -> SIMD4<Float> {
    var ranking = TopFour()
    var tags = TopFour.tags(from: 0)
    var unit = UnsafePointer(table.unitPairs)
    let end = unit + stride
    while unit < end {
      let dot =
        (multiplyAdd(unit[0], pairs.0) &+ multiplyAdd(unit[1], pairs.1))
        &+ (multiplyAdd(unit[2], pairs.2) &+ multiplyAdd(unit[3], pairs.3))
      ranking.insert(TopFour.key(magnitude: SIMD4<Float>(dot), tags: tags))
      tags &-= 4
      unit += 4
    }
    return ranking.best()
  }

  /// `luma` in the ranking's fixed point, its largest magnitude scaled to
  /// `Shapes.lumaScale` and each value rounded to the nearest integer (ties to even), as the
  /// four pairs of sub-cells (0-1, 2-3, 4-5, 6-7), each repeated across a vector for
  /// `multiplyAdd`. Nil when `luma` is all (nearly) zero.
  @inline(__always)
  static func fixedPointPairs(_ luma: SIMD8<Float>) -> (
    SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>, SIMD8<Int16>
  )? {
    // The magnitudes (sign bits cleared) and their largest, without the generic reductions.
    let magnitude = unsafeBitCast(
      unsafeBitCast(luma, to: SIMD8<UInt32>.self) & 0x7FFF_FFFF, to: SIMD8<Float>.self)
    var largest = magnitude.lowHalf
    largest.replace(with: magnitude.highHalf, where: magnitude.highHalf .> largest)
    let largestLuma = max(max(largest[0], largest[1]), max(largest[2], largest[3]))
    guard largestLuma > 1e-12 else { return nil }
    // Rounded by the float adder: below 2^22 in magnitude, adding 1.5 × 2^23 leaves the
    // nearest integer in the low bits of the sum.
    let biased = luma * (Shapes.lumaScale / largestLuma) + 12_582_912
    let fixed = SIMD8<Int16>(
      truncatingIfNeeded: unsafeBitCast(biased, to: SIMD8<Int32>.self) &- 0x4B40_0000)
    let words = unsafeBitCast(fixed, to: SIMD4<Int32>.self)
    @inline(__always) func pair(_ q: Int) -> SIMD8<Int16> {
      unsafeBitCast(SIMD4<Int32>(repeating: words[q]), to: SIMD8<Int16>.self)
    }
    return (pair(0), pair(1), pair(2), pair(3))
  }

  /// The sums of neighboring products of `a` and `b` (lanes 0+1, 2+3, 4+5, 6+7), in 32
  /// bits: a form the compiler turns into one multiply-add instruction.
  @inline(__always)
  static func multiplyAdd(_ a: SIMD8<Int16>, _ b: SIMD8<Int16>) -> SIMD4<Int32> {
    let products = SIMD8<Int32>(truncatingIfNeeded: a) &* SIMD8<Int32>(truncatingIfNeeded: b)
    return products.evenHalf &+ products.oddHalf
  }

  /// `v` unchanged, through a call the optimizer does not look into, so that a value made as
  /// a vector stays one. Left to itself, LLVM turns a vector whose lanes are then read one by
  /// one (the mean's channels, the errors' lanes) into four scalar computations: about 280
  /// more instructions a fit, against some 10 for the two calls.
  @inline(never)
  static func opaque(_ v: SIMD4<Float>) -> SIMD4<Float> { v }

  /// `values` each limited to 0…`upperBound`.
  @inline(__always)
  private func clamp(_ values: SIMD4<Float>, to upperBound: Float) -> SIMD4<Float> {
    var result = values
    result.replace(with: 0, where: result .< 0)
    result.replace(with: upperBound, where: result .> upperBound)
    return result
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
