import FolioCore

/// The pattern (or glyph index) chosen for one cell and its two colors, in error space.
struct CellChoice {
  /// Sub-cell bitmask for block and dot tables; index into the glyphs for glyph tables.
  var pattern: Int
  /// Color of the set sub-cells (the glyph's ink).
  var foreground: SIMD4<Float>
  /// Color of the clear sub-cells.
  var background: SIMD4<Float>
}

/// Chooses, for one cell's sub-cell samples, the pattern and two colors that minimize the
/// squared color error: exhaustively over patterns up to inversion for small grids, by a
/// shortlist of splits refined by single flips for 2 x 4 grids.
///
/// Uses the identity  Σ|x − mean|² = Σ|x|² − |Σx|²/n: a pattern's error with its best two
/// colors (the means of its two parts) is a constant minus its "gain"
/// |S_on|²/n_on + |S_off|²/n_off, so only sums are needed.
struct CellFitter {
  /// Sub-cells per cell.
  let count: Int
  /// `1 / c` for `c` in `0...count` (0 for `c = 0`).
  let reciprocals: [Float]
  /// The direction of luma in error space (the channel scales over their squared sum).
  let lumaAxis: SIMD4<Float>
  /// Rounds of single-flip refinement after the shortlist.
  let refinementRounds: Int

  init(subCellCount: Int, space: ErrorSpace, refinementRounds: Int) {
    count = subCellCount
    reciprocals = (0...subCellCount).map { $0 == 0 ? 0 : 1 / Float($0) }
    let scale = space.scale
    lumaAxis = scale / max((scale * scale).sum(), .leastNormalMagnitude)
    self.refinementRounds = refinementRounds
  }

  /// Whether all samples are within `tolerance` of the first on every channel.
  @inline(__always)
  func isUniform(_ x: UnsafePointer<SIMD4<Float>>, tolerance: Float) -> Bool {
    let first = x[0]
    let high = first + tolerance
    let low = first - tolerance
    var outside = SIMDMask<SIMD4<Int32>>(repeating: false)
    for i in 1..<count { outside .|= (x[i] .> high) .| (x[i] .< low) }
    return !any(outside)
  }

  /// The choice for a cell with no pattern: both colors the mean.
  @inline(__always)
  func flat(_ x: UnsafePointer<SIMD4<Float>>) -> CellChoice {
    var total = SIMD4<Float>(repeating: 0)
    for i in 0..<count { total += x[i] }
    let mean = total * reciprocals[count]
    return CellChoice(pattern: 0, foreground: mean, background: mean)
  }

  @inline(__always)
  func gain(_ on: SIMD4<Float>, _ onCount: Int, total: SIMD4<Float>) -> Float {
    let off = total - on
    return (on * on).sum() * reciprocals[onCount] + (off * off).sum()
      * reciprocals[count - onCount]
  }

  @inline(__always)
  func choice(_ mask: Int, on: SIMD4<Float>, onCount: Int, total: SIMD4<Float>) -> CellChoice {
    if onCount == 0 || onCount == count {
      let mean = total * reciprocals[count]
      return CellChoice(pattern: 0, foreground: mean, background: mean)
    }
    return CellChoice(
      pattern: mask, foreground: on * reciprocals[onCount],
      background: (total - on) * reciprocals[count - onCount])
  }

  /// The exact best pattern over all `2^count / 2` patterns up to inversion: those with the
  /// last sub-cell clear, which are exactly the masks below `2^(count − 1)`, so the sums and
  /// gains are computed as plain arrays over consecutive masks, four masks per vector step.
  /// On equal gains the lowest mask wins. O(2^count).
  func fitExhaustive(
    _ x: UnsafePointer<SIMD4<Float>>, tables: borrowing ExhaustiveTables
  ) -> CellChoice {
    let red = tables.red
    let green = tables.green
    let blue = tables.blue
    // Subset sums of the first count − 1 samples, doubling the table once per sample.
    var size = 1
    if count == 6 {
      // Sextants: the same sums, added in the same order, eight masks per vector step.
      Self.fillSubsetSums(red, x[0].x, x[1].x, x[2].x, x[3].x, x[4].x)
      Self.fillSubsetSums(green, x[0].y, x[1].y, x[2].y, x[3].y, x[4].y)
      Self.fillSubsetSums(blue, x[0].z, x[1].z, x[2].z, x[3].z, x[4].z)
      size = 32
    } else {
      red[0] = 0
      green[0] = 0
      blue[0] = 0
      for i in 0..<(count &- 1) {
        let sample = x[i]
        for m in 0..<size {
          red[size &+ m] = red[m] + sample.x
          green[size &+ m] = green[m] + sample.y
          blue[size &+ m] = blue[m] + sample.z
        }
        size &<<= 1
      }
    }
    let last = x[count &- 1]
    let total = SIMD4(red[size &- 1], green[size &- 1], blue[size &- 1], 0) + last
    var best = 0
    if size >= 8 {
      best = largestGainMask(size: size, total: total, tables: tables)
    } else {
      var bestGain = -Float.infinity
      for m in 0..<size {
        let g = gain(
          SIMD4(red[m], green[m], blue[m], 0), m.nonzeroBitCount, total: total)
        if g > bestGain {
          best = m
          bestGain = g
        }
      }
    }
    return choice(
      best, on: SIMD4(red[best], green[best], blue[best], 0), onCount: best.nonzeroBitCount,
      total: total)
  }

  /// Writes the 32 subset sums of `a`…`e` (mask bit 0 for `a`) to `table`, each added in the
  /// order the doubling loop adds it, so the sums are bit for bit the same.
  @inline(__always)
  private static func fillSubsetSums(
    _ table: UnsafeMutablePointer<Float>, _ a: Float, _ b: Float, _ c: Float, _ d: Float,
    _ e: Float
  ) {
    let first = SIMD8<Float>(0, 1, 0, 1, 0, 1, 0, 1)
    let second = SIMD8<Float>(0, 0, 1, 1, 0, 0, 1, 1)
    let third = SIMD8<Float>(0, 0, 0, 0, 1, 1, 1, 1)
    // a·bit + b·bit is the doubling's 0 + a + b (multiplying by 0 or 1 is exact).
    let low = a * first + b * second + c * third
    let withD = low + d
    let raw = UnsafeMutableRawPointer(table)
    raw.storeBytes(of: low, as: SIMD8<Float>.self)
    raw.storeBytes(of: withD, toByteOffset: 32, as: SIMD8<Float>.self)
    raw.storeBytes(of: low + e, toByteOffset: 64, as: SIMD8<Float>.self)
    raw.storeBytes(of: withD + e, toByteOffset: 96, as: SIMD8<Float>.self)
  }

  /// The lowest mask with the largest gain, for tables whose size is a multiple of 4: the
  /// gains of four masks at a time, kept, with each lane's largest; then the first mask
  /// whose gain is the largest of those.
  @inline(__always)
  private func largestGainMask(
    size: Int, total: SIMD4<Float>, tables: borrowing ExhaustiveTables
  ) -> Int {
    func load(_ pointer: UnsafeMutablePointer<Float>, _ m: Int) -> SIMD4<Float> {
      UnsafeRawPointer(pointer + m).loadUnaligned(as: SIMD4<Float>.self)
    }
    let totalRed = SIMD4<Float>(repeating: total.x)
    let totalGreen = SIMD4<Float>(repeating: total.y)
    let totalBlue = SIMD4<Float>(repeating: total.z)
    // Gains are sums of squares times weights, never negative, so their bits order like them
    // as integers (`NonNegativeMaximum`).
    var largest = SIMD4<Int32>(repeating: 0)
    var m = 0
    while m < size {
      let r = load(tables.red, m)
      let g = load(tables.green, m)
      let b = load(tables.blue, m)
      let offRed = totalRed - r
      let offGreen = totalGreen - g
      let offBlue = totalBlue - b
      let gains =
        (r * r + g * g + b * b) * load(tables.onWeight, m)
        + (offRed * offRed + offGreen * offGreen + offBlue * offBlue) * load(tables.offWeight, m)
      UnsafeMutableRawPointer(tables.gains + m).storeBytes(of: gains, as: SIMD4<Float>.self)
      largest = NonNegativeMaximum.larger(
        largest, unsafeBitCast(gains, to: SIMD4<Int32>.self))
      m &+= 4
    }
    // The largest lane, in every lane.
    let pair = NonNegativeMaximum.larger(
      largest, SIMD4(largest.z, largest.w, largest.x, largest.y))
    let best = NonNegativeMaximum.larger(pair, SIMD4(pair.y, pair.x, pair.w, pair.z))
    // The first mask with that gain: one bit per lane that has it, the lowest set bit.
    let laneBits = SIMD4<Int32>(1, 2, 4, 8)
    m = 0
    while m < size {
      let gains = UnsafeRawPointer(tables.gains + m).loadUnaligned(as: SIMD4<Int32>.self)
      let isBest = unsafeBitCast(gains .== best, to: SIMD4<Int32>.self)
      let bits = (isBest & laneBits).wrappedSum()
      if bits != 0 { return m &+ Int(bits.trailingZeroBitCount) }
      m &+= 4
    }
    return 0  // not reached: finite samples give gains of +0 or more
  }

  /// A near-best pattern: the best threshold split along the luma axis and along the axis of
  /// the two most different samples, then single sub-cell flips while they lower the error.
  /// O(count² + rounds · count).
  func fitShortlist(_ x: UnsafePointer<SIMD4<Float>>) -> CellChoice {
    var total = SIMD4<Float>(repeating: 0)
    for i in 0..<count { total += x[i] }
    var best = (mask: 0, on: SIMD4<Float>(repeating: 0), count: 0)
    var bestGain = (total * total).sum() * reciprocals[count]
    func consider(_ split: (mask: Int, on: SIMD4<Float>, count: Int, gain: Float)) {
      if split.gain > bestGain {
        bestGain = split.gain
        best = (split.mask, split.on, split.count)
      }
    }
    consider(bestSplit(x, along: lumaAxis, total: total))
    consider(bestSplit(x, along: spreadAxis(x), total: total))
    for _ in 0..<refinementRounds {
      var improved = false
      for i in 0..<count {
        let bit = 1 << i
        let isOn = best.mask & bit != 0
        let on = isOn ? best.on - x[i] : best.on + x[i]
        let onCount = isOn ? best.count - 1 : best.count + 1
        let g = gain(on, onCount, total: total)
        if g > bestGain + 1e-9 {
          bestGain = g
          best = (best.mask ^ bit, on, onCount)
          improved = true
        }
      }
      if !improved { break }
    }
    return choice(best.mask, on: best.on, onCount: best.count, total: total)
  }

  /// The direction from the sample farthest from the first to the sample farthest from it.
  func spreadAxis(_ x: UnsafePointer<SIMD4<Float>>) -> SIMD4<Float> {
    func farthest(from a: SIMD4<Float>) -> SIMD4<Float> {
      var far = a
      var distance: Float = -1
      for i in 0..<count {
        let d = x[i] - a
        let dd = (d * d).sum()
        if dd > distance {
          distance = dd
          far = x[i]
        }
      }
      return far
    }
    let b = farthest(from: x[0])
    return farthest(from: b) - b
  }

  /// The best split of the samples into those below and above a threshold along `axis`: the
  /// samples sorted by projection (equal projections in sample order), each prefix tried as
  /// the "on" part. At most 8 samples.
  func bestSplit(_ x: UnsafePointer<SIMD4<Float>>, along axis: SIMD4<Float>, total: SIMD4<Float>)
    -> (mask: Int, on: SIMD4<Float>, count: Int, gain: Float)
  {
    // Each sample as one word, its projection's order-preserving bits above its index, sorted
    // by a network without data-dependent branches; missing samples sort last.
    var keys = SortingNetwork.Eight(repeating: .max)
    for i in 0..<count {
      keys[i] = SortingNetwork.word(key: (x[i] * axis).sum(), index: i)
    }
    SortingNetwork.sort(&keys)
    var result = (mask: 0, on: SIMD4<Float>(repeating: 0), count: 0, gain: -Float.infinity)
    var mask = 0
    var on = SIMD4<Float>(repeating: 0)
    for k in 1..<count {
      let index = SortingNetwork.index(of: keys[k - 1])
      mask |= 1 << index
      on += x[index]
      let g = gain(on, k, total: total)
      if g > result.gain { result = (mask, on, k, g) }
    }
    return result
  }

  /// Braille: the best split by luma, with the dots ("on") on the smaller part so the
  /// background, which fills most of a real braille cell, is the majority color; on a tie
  /// the darker part gets the dots.
  func fitDots(_ x: UnsafePointer<SIMD4<Float>>) -> CellChoice {
    var total = SIMD4<Float>(repeating: 0)
    for i in 0..<count { total += x[i] }
    let split = bestSplit(x, along: lumaAxis, total: total)
    var result = choice(split.mask, on: split.on, onCount: split.count, total: total)
    guard result.pattern != 0 else { return result }
    let onCount = split.count
    let darkerIsOn = (result.foreground * lumaAxis).sum() <= (result.background * lumaAxis).sum()
    if 2 * onCount > count || (2 * onCount == count && !darkerIsOn) {
      result = CellChoice(
        pattern: ~result.pattern & ((1 << count) - 1), foreground: result.background,
        background: result.foreground)
    }
    return result
  }
}
