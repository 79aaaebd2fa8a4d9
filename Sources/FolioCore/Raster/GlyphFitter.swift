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
  /// Which lanes pass, for the shortlist's gathering.
  let lanes = LaneLists.shared
  /// Luma direction in error space.
  let lumaAxis: SIMD4<Float>
  /// The largest stored value of each channel (the error space's channel scales).
  let upperBound: SIMD4<Float>
  /// Candidates fitted exactly after ranking, 1…8.
  let shortlistSize: Int

  init(space: ErrorSpace, shortlistSize: Int = 4) {
    precondition((1...8).contains(shortlistSize), "a shortlist of 1 to 8 glyphs")
    let scale = space.scale
    lumaAxis = scale / max((scale * scale).sum(), .leastNormalMagnitude)
    upperBound = scale
    self.shortlistSize = shortlistSize
  }

  /// The best glyph and colors for 8 samples. `scratch` holds the work space.
  func fit(_ x: UnsafePointer<SIMD4<Float>>, scratch: borrowing Scratch) -> CellChoice {
    let top = scratch.top
    var total = SIMD4<Float>(repeating: 0)
    for s in 0..<8 { total += x[s] }
    let mean = total / 8  // a constant, so the functions below capture no variable
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
    var bestError = flatError
    // Stage 1: rank by explained luma variation, the square of the luma's projection on each
    // glyph's unit shape. The projections are integer multiply-adds, eight products to an
    // instruction: luma scaled so that its largest deviation is `lumaScale` and rounded, the
    // shapes as `Table.unitPairs` (a ranking this fine only orders glyphs; stage 2 fits the
    // shortlist exactly). A cell whose variation has no luma ranks nothing and stays flat.
    guard let pairs = Self.fixedPointPairs(luma) else { return best }
    let table = shapes.table
    let stride = shapes.stride
    let gains = scratch.gains
    // The projections of glyphs 4·quad … 4·quad + 3.
    @inline(__always) func project(_ quad: Int) -> SIMD4<Float> {
      let u = table.unitPairs + quad &* 4
      let dot =
        (Self.multiplyAdd(u[0], pairs.0) &+ Self.multiplyAdd(u[1], pairs.1))
        &+ (Self.multiplyAdd(u[2], pairs.2) &+ Self.multiplyAdd(u[3], pairs.3))
      return SIMD4<Float>(dot)
    }
    // All gains first, eight glyphs at a time, keeping each lane's best: the shortlist-th
    // best of those eight bounds the shortlist from below, so only the few glyphs at or above
    // it are then ranked (in glyph order, the lower glyph first on equal gains). Space and
    // the padding project to 0.
    var laneBest = SIMD8<Float>(repeating: 0)
    var group = 0
    while group < stride {
      let projection = SIMD8(lowHalf: project(group &>> 2), highHalf: project(group &>> 2 &+ 1))
      let groupGains = projection * projection
      UnsafeMutableRawPointer(gains + group).storeBytes(of: groupGains, as: SIMD8<Float>.self)
      laneBest.replace(with: groupGains, where: groupGains .> laneBest)
      group &+= 8
    }
    // Every glyph at or above that bound (and above 0) is a candidate: gathered from each
    // group's bitmask of such lanes, then ordered by gain (the lower glyph first on equal
    // gains).
    let threshold = Self.largest(shortlistSize, of: laneBest)
    let candidates = scratch.candidates
    let lanes = lanes
    // One bit a lane, lane i holding 1 << i (a constant, not a global looked up each time).
    let laneBits = SIMD8<Int32>(1, 2, 4, 8, 16, 32, 64, 128)
    var candidateCount = 0
    var firstGlyph = SIMD8<UInt8>(repeating: 0)
    group = 0
    while group < stride {
      let groupGains = UnsafeRawPointer(gains + group).loadUnaligned(as: SIMD8<Float>.self)
      let passes = (groupGains .>= threshold) .& (groupGains .> 0)
      // The passing lanes as the bits of a byte. Then, without a branch a lane, their glyphs
      // come packed from a table and are stored whole, a byte each; the count moves past the
      // ones that pass (the rest are overwritten by the next group or never read).
      let bits = Int((unsafeBitCast(passes, to: SIMD8<Int32>.self) & laneBits).wrappedSum())
      UnsafeMutableRawPointer(candidates + candidateCount).storeBytes(
        of: lanes.passing[bits] &+ firstGlyph, as: SIMD8<UInt8>.self)
      candidateCount &+= Int(lanes.counts[bits])
      firstGlyph &+= 8
      group &+= 8
    }
    let shortlist = Self.rank(
      candidates, count: candidateCount, by: gains, keeping: shortlistSize, into: scratch.top)
    // Stage 2: exact least-squares colors for each candidate, clamped, scored on all channels.
    // With y = x − background and c the coverage, the error Σ|y − ink·c|² expands into sums
    // over the cell (Σx, Σ|x|²) and per glyph (Σc·x, from the slope's sum, and Σc²). Four
    // candidates at a time, one per lane, a channel per vector: each product and sum is the
    // one a candidate at a time would make, in the same order, so the choices are the same.
    // (A color's fourth channel is not summed: its scale is 0, so it is always 0 there.)
    var squares = SIMD4<Float>(repeating: 0)
    for s in 0..<8 { squares += x[s] * x[s] }
    let sumOfSquares = squares.sum()
    let sum = mean * 8
    for first in Swift.stride(from: 0, to: shortlist, by: 4) {
      let lanes = min(4, shortlist &- first)
      // Lanes past the shortlist repeat the group's first glyph and are not looked at.
      let glyphs = SIMD4<Int32>(
        truncatingIfNeeded: SIMD4(
          top[first], top[first &+ (lanes > 1 ? 1 : 0)], top[first &+ (lanes > 2 ? 2 : 0)],
          top[first &+ (lanes > 3 ? 3 : 0)]))
      @inline(__always)
      func gather(_ values: UnsafeMutablePointer<Float>, offset: Int = 0) -> SIMD4<Float> {
        SIMD4(
          values[Int(glyphs[0]) &+ offset], values[Int(glyphs[1]) &+ offset],
          values[Int(glyphs[2]) &+ offset], values[Int(glyphs[3]) &+ offset])
      }
      // Σ (c − m)(x − mean) per channel.
      var covariance = (SIMD4<Float>(repeating: 0), SIMD4<Float>(repeating: 0),
        SIMD4<Float>(repeating: 0))
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
      // Lane by lane in shortlist order, each lane a constant (a variable lane index goes
      // through memory); the winner's colors are read once.
      var winner = -1
      if error[0] < bestError { (winner, bestError) = (0, error[0]) }
      if lanes > 1 && error[1] < bestError { (winner, bestError) = (1, error[1]) }
      if lanes > 2 && error[2] < bestError { (winner, bestError) = (2, error[2]) }
      if lanes > 3 && error[3] < bestError { (winner, bestError) = (3, error[3]) }
      if winner >= 0 {
        best = CellChoice(
          pattern: Int(glyphs[winner]),
          foreground: SIMD4(
            red.foreground[winner], green.foreground[winner], blue.foreground[winner], 0),
          background: SIMD4(
            red.background[winner], green.background[winner], blue.background[winner], 0))
      }
    }
    return best
  }

  /// `luma` in the ranking's fixed point, its largest magnitude scaled to
  /// `Shapes.lumaScale` and each value rounded to the nearest integer (ties to even), as the
  /// four pairs of sub-cells (0-1, 2-3, 4-5, 6-7), each repeated across a vector and widened
  /// for `multiplyAdd`. Nil when `luma` is all (nearly) zero.
  @inline(__always)
  static func fixedPointPairs(_ luma: SIMD8<Float>) -> (
    SIMD8<Int32>, SIMD8<Int32>, SIMD8<Int32>, SIMD8<Int32>
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
    @inline(__always) func pair(_ q: Int) -> SIMD8<Int32> {
      let repeated = unsafeBitCast(SIMD4<Int32>(repeating: words[q]), to: SIMD8<Int16>.self)
      return SIMD8<Int32>(truncatingIfNeeded: repeated)
    }
    return (pair(0), pair(1), pair(2), pair(3))
  }

  /// The sums of neighboring products of `a` and `b` (lanes 0+1, 2+3, 4+5, 6+7), `b` being
  /// 16-bit values widened: a form the compiler turns into one multiply-add instruction.
  @inline(__always)
  static func multiplyAdd(_ a: SIMD8<Int16>, _ b: SIMD8<Int32>) -> SIMD4<Int32> {
    let products = SIMD8<Int32>(truncatingIfNeeded: a) &* b
    return products.evenHalf &+ products.oddHalf
  }

  /// `values` each limited to 0…`upperBound`.
  @inline(__always)
  private func clamp(_ values: SIMD4<Float>, to upperBound: Float) -> SIMD4<Float> {
    var result = values
    result.replace(with: 0, where: result .< 0)
    result.replace(with: upperBound, where: result .> upperBound)
    return result
  }

  /// The `rank`-th largest of eight values that are not negative (1 = the largest). Their
  /// bits order like them, so the sorting network orders them in registers, without the
  /// branches a selection would take.
  @inline(__always)
  static func largest(_ rank: Int, of values: SIMD8<Float>) -> Float {
    var words = SortingNetwork.Eight(
      truncatingIfNeeded: unsafeBitCast(values, to: SIMD8<UInt32>.self))
    SortingNetwork.sort(&words)
    return Float(bitPattern: UInt32(truncatingIfNeeded: words[8 &- rank]))
  }

  /// Writes the glyphs of the `k` highest gains among `candidates` (glyph indices in
  /// ascending order) into `top`, highest first and the lower glyph first on equal gains, and
  /// returns how many it wrote (fewer than `k` when there are fewer candidates).
  @inline(__always)
  static func rank(
    _ candidates: UnsafePointer<UInt8>, count: Int, by gains: UnsafePointer<Float>,
    keeping k: Int, into top: UnsafeMutablePointer<Int>
  ) -> Int {
    if count <= 8 {
      // Sorted ascending by negated gain, then glyph: the highest gain first and, among
      // equal ones, the lower glyph.
      var words = SortingNetwork.Eight(repeating: .max)
      for i in 0..<count {
        let g = Int(candidates[i])
        words[i] = SortingNetwork.word(key: -gains[g], index: g)
      }
      SortingNetwork.sort(&words)
      let written = min(count, k)
      for i in 0..<written { top[i] = SortingNetwork.index(of: words[i]) }
      return written
    }
    // More than eight candidates (gains equal or close to the bound): insert each in turn.
    var written = 0
    for i in 0..<count {
      let g = Int(candidates[i])
      let gain = gains[g]
      var j: Int
      if written < k {
        j = written
        written += 1
      } else if gains[top[k - 1]] < gain {
        j = k - 1
      } else {
        continue
      }
      while j > 0 && gains[top[j - 1]] < gain {
        top[j] = top[j - 1]
        j -= 1
      }
      top[j] = g
    }
    return written
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
    /// The shortlisted glyphs, best first.
    let top: UnsafeMutablePointer<Int>
    /// The gain of every glyph (padded to `Shapes.stride`).
    let gains: UnsafeMutablePointer<Float>
    /// The glyphs whose gain may reach the shortlist (glyph indices, all below 256).
    let candidates: UnsafeMutablePointer<UInt8>

    init(shortlistSize: Int) {
      top = .allocate(capacity: shortlistSize)
      gains = .allocate(capacity: Shapes.ascii.stride)
      // The gathering stores eight at a time from the count so far, which never passes the
      // glyphs looked at, so the stores stay within `stride`.
      candidates = .allocate(capacity: Shapes.ascii.stride)
    }

    deinit {
      top.deallocate()
      gains.deallocate()
      candidates.deallocate()
    }
  }
}

extension GlyphFitter {
  /// For each set of eight lanes (bit i for lane i): those lanes in ascending order, and how
  /// many there are. Allocated once for the process and never freed.
  struct LaneLists: @unchecked Sendable {  // immutable after init
    /// The set's lanes, first to last, then zeros.
    let passing: UnsafeMutablePointer<SIMD8<UInt8>>
    /// The number of lanes in the set.
    let counts: UnsafeMutablePointer<UInt8>

    private init() {
      passing = .allocate(capacity: 256)
      counts = .allocate(capacity: 256)
      for bits in 0..<256 {
        var lanes = SIMD8<UInt8>.zero
        var count = 0
        for lane in 0..<8 where bits & (1 << lane) != 0 {
          lanes[count] = UInt8(lane)
          count += 1
        }
        passing[bits] = lanes
        counts[bits] = UInt8(count)
      }
    }

    static let shared = LaneLists()
  }
}
