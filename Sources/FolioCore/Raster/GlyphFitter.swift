/// Chooses a text character and two colors for one cell of 2 x 4 samples. A character is
/// modeled as it draws: background plus (foreground − background) × its ink coverage in each
/// sub-cell, so the choice follows both the cell's tone and its shape.
///
/// Two stages: every character is ranked by how much of the cell's luma variation its shape
/// explains; the best few are then fitted exactly in color (least squares, colors clamped to
/// the displayable range) against plain space.
struct GlyphFitter {
  /// The glyph shapes, derived once from `AsciiGlyphCoverage`.
  struct Shapes: @unchecked Sendable {  // immutable after init, the table included
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
    /// Glyph count rounded up to a multiple of 8.
    let stride: Int
    /// What the fitting loop reads, without array bounds checks or reference counting.
    /// Allocated once for the process (`ascii` is the only instance) and never freed.
    let table: Table

    /// Flat copies of the shapes for the fitting loop.
    struct Table {
      /// Each glyph's eight centered coverages as plain floats, glyph after glyph.
      let centered: UnsafeMutablePointer<Float>
      /// Σ coverage² of each glyph.
      let coverageSquares: UnsafeMutablePointer<Float>
      /// `Shapes.means`.
      let means: UnsafeMutablePointer<Float>
      /// `Shapes.inverseNormSquared`.
      let inverseNormSquared: UnsafeMutablePointer<Float>
      /// `Shapes.unit` transposed: for each sub-cell, the unit coverage of every glyph,
      /// `stride` apart, so all projections are computed as a few vectorized multiply-adds.
      let unitBySubCell: UnsafeMutablePointer<Float>

      init(
        coverage: [SIMD8<Float>], centered: [SIMD8<Float>], means: [Float],
        inverseNormSquared: [Float], unitBySubCell: [Float]
      ) {
        func copy<T>(_ values: [T]) -> UnsafeMutablePointer<T> {
          let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(1, values.count))
          pointer.initialize(from: values, count: values.count)
          return pointer
        }
        self.centered = copy(centered.flatMap { v in (0..<8).map { v[$0] } })
        self.coverageSquares = copy(coverage.map { ($0 * $0).sum() })
        self.means = copy(means)
        self.inverseNormSquared = copy(inverseNormSquared)
        self.unitBySubCell = copy(unitBySubCell)
      }
    }

    private init() {
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
      table = Table(
        coverage: coverage, centered: centered, means: means,
        inverseNormSquared: inverseNormSquared, unitBySubCell: transposed)
    }

    static let ascii = Shapes()
  }

  /// The glyph shapes.
  let shapes = Shapes.ascii
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
    var mean = SIMD4<Float>(repeating: 0)
    for s in 0..<8 { mean += x[s] }
    mean /= 8
    var flatError: Float = 0
    for s in 0..<8 {
      let d = x[s] - mean
      flatError += (d * d).sum()
    }
    // Built whole rather than lane by lane (a variable lane index goes through memory).
    func luma(_ s: Int) -> Float { ((x[s] - mean) * lumaAxis).sum() }
    let luma = SIMD8(luma(0), luma(1), luma(2), luma(3), luma(4), luma(5), luma(6), luma(7))
    var best = CellChoice(pattern: 0, foreground: mean, background: mean)
    guard flatError > 1e-8 else { return best }
    var bestError = flatError
    // Stage 1: rank by explained luma variation. All gains first, eight glyphs at a time,
    // keeping each lane's best: the shortlist-th best of those eight bounds the shortlist
    // from below, so only the few glyphs at or above it are then ranked (in glyph order, the
    // lower glyph first on equal gains). Space and the padding project to 0.
    let table = shapes.table
    let stride = shapes.stride
    let gains = scratch.gains
    var laneBest = SIMD8<Float>(repeating: 0)
    var group = 0
    while group < stride {
      var projection = SIMD8<Float>(repeating: 0)
      for s in 0..<8 {
        projection += UnsafeRawPointer(table.unitBySubCell + (s &* stride &+ group))
          .loadUnaligned(as: SIMD8<Float>.self) * luma[s]
      }
      let groupGains = projection * projection
      UnsafeMutableRawPointer(gains + group).storeBytes(of: groupGains, as: SIMD8<Float>.self)
      laneBest.replace(with: groupGains, where: groupGains .> laneBest)
      group &+= 8
    }
    // Every glyph at or above that bound (and above 0) is a candidate: their indices are
    // written without branches, then ordered by gain (the lower glyph first on equal gains).
    let threshold = Self.largest(shortlistSize, of: laneBest)
    let candidates = scratch.candidates
    var candidateCount = 0
    group = 0
    while group < stride {
      let groupGains = UnsafeRawPointer(gains + group).loadUnaligned(as: SIMD8<Float>.self)
      if any(groupGains .>= threshold) {
        for g in group..<(group &+ 8) {
          candidates[candidateCount] = Int32(truncatingIfNeeded: g)
          let gain = gains[g]
          candidateCount &+= (gain >= threshold) && (gain > 0) ? 1 : 0
        }
      }
      group &+= 8
    }
    let shortlist = Self.rank(
      candidates, count: candidateCount, by: gains, keeping: shortlistSize, into: scratch.top)
    // Stage 2: exact least-squares colors for each candidate, clamped, scored on all channels.
    // With y = x − background and c the coverage, the error Σ|y − ink·c|² expands into sums
    // over the cell (Σx, Σ|x|²) and per glyph (Σc·x, from the slope's sum, and Σc²).
    var sumOfSquares: Float = 0
    for s in 0..<8 { sumOfSquares += (x[s] * x[s]).sum() }
    let sum = mean * 8
    for i in 0..<shortlist {
      let g = top[i]
      let centered = table.centered + g &* 8
      var covariance = SIMD4<Float>(repeating: 0)  // Σ (c − m)(x − mean)
      for s in 0..<8 { covariance += centered[s] * (x[s] - mean) }
      let glyphMean = table.means[g]
      let slope = covariance * table.inverseNormSquared[g]
      let background = clamp(mean - slope * glyphMean)
      let foreground = clamp(mean - slope * glyphMean + slope)
      let ink = foreground - background
      let coverageDotX = covariance + sum * glyphMean  // Σ c·x
      let error =
        sumOfSquares - 2 * (background * sum).sum() + 8 * (background * background).sum()
        - 2 * (ink * (coverageDotX - background * (8 * glyphMean))).sum()
        + (ink * ink).sum() * table.coverageSquares[g]
      if error < bestError {
        bestError = error
        best = CellChoice(pattern: g, foreground: foreground, background: background)
      }
    }
    return best
  }

  /// `color` with each channel limited to 0…`upperBound`.
  @inline(__always)
  private func clamp(_ color: SIMD4<Float>) -> SIMD4<Float> {
    var result = color
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
    _ candidates: UnsafePointer<Int32>, count: Int, by gains: UnsafePointer<Float>,
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
    /// The glyphs whose gain may reach the shortlist.
    let candidates: UnsafeMutablePointer<Int32>

    init(shortlistSize: Int) {
      top = .allocate(capacity: shortlistSize)
      gains = .allocate(capacity: Shapes.ascii.stride)
      candidates = .allocate(capacity: Shapes.ascii.stride)
    }

    deinit {
      top.deallocate()
      gains.deallocate()
      candidates.deallocate()
    }
  }
}
