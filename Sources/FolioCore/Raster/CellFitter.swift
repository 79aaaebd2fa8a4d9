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
  /// One pattern of each pair `p`, `~p` (the top sub-cell clear), with its sub-cell count.
  let canonicalPatterns: [(mask: Int, count: Int)]
  /// The direction of luma in error space (the channel scales over their squared sum).
  let lumaAxis: SIMD4<Float>
  /// Rounds of single-flip refinement after the shortlist.
  let refinementRounds: Int

  init(subCellCount: Int, space: ErrorSpace, refinementRounds: Int) {
    count = subCellCount
    reciprocals = (0...subCellCount).map { $0 == 0 ? 0 : 1 / Float($0) }
    let top = 1 << (subCellCount - 1)
    canonicalPatterns = (0..<top).map { ($0, $0.nonzeroBitCount) }
    let scale = space.scale
    lumaAxis = scale / max((scale * scale).sum(), .leastNormalMagnitude)
    self.refinementRounds = refinementRounds
  }

  /// Whether all samples are within `tolerance` of the first on every channel.
  @inline(__always)
  func isUniform(_ x: UnsafePointer<SIMD4<Float>>, tolerance: Float) -> Bool {
    let first = x[0]
    for i in 1..<count {
      let d = x[i] - first
      if d.max() > tolerance || d.min() < -tolerance { return false }
    }
    return true
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

  /// The exact best pattern over all `2^count / 2` patterns up to inversion. `sums` must hold
  /// `2^count` values. O(2^count).
  func fitExhaustive(
    _ x: UnsafePointer<SIMD4<Float>>, sums: UnsafeMutablePointer<SIMD4<Float>>
  ) -> CellChoice {
    let full = (1 << count) - 1
    sums[0] = SIMD4(repeating: 0)
    for mask in 1...full { sums[mask] = sums[mask & (mask - 1)] + x[mask.trailingZeroBitCount] }
    let total = sums[full]
    var best = 0
    var bestCount = 0
    var bestGain = (total * total).sum() * reciprocals[count]
    canonicalPatterns.withUnsafeBufferPointer { patterns in
      for pattern in patterns.dropFirst() {
        let g = gain(sums[pattern.mask], pattern.count, total: total)
        if g > bestGain {
          bestGain = g
          best = pattern.mask
          bestCount = pattern.count
        }
      }
    }
    return choice(best, on: sums[best], onCount: bestCount, total: total)
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
  /// samples sorted by projection, each prefix tried as the "on" part.
  func bestSplit(_ x: UnsafePointer<SIMD4<Float>>, along axis: SIMD4<Float>, total: SIMD4<Float>)
    -> (mask: Int, on: SIMD4<Float>, count: Int, gain: Float)
  {
    // Insertion sort of at most 8 (projection, index) pairs on the stack.
    var keys: (Float, Float, Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0, 0, 0)
    var order: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &keys) { keyBytes in
      withUnsafeMutableBytes(of: &order) { orderBytes in
        let key = keyBytes.bindMemory(to: Float.self)
        let index = orderBytes.bindMemory(to: Int.self)
        for i in 0..<count {
          let k = (x[i] * axis).sum()
          var j = i
          while j > 0 && key[j - 1] > k {
            key[j] = key[j - 1]
            index[j] = index[j - 1]
            j -= 1
          }
          key[j] = k
          index[j] = i
        }
        var result = (mask: 0, on: SIMD4<Float>(repeating: 0), count: 0, gain: -Float.infinity)
        var mask = 0
        var on = SIMD4<Float>(repeating: 0)
        for k in 1..<count {
          mask |= 1 << index[k - 1]
          on += x[index[k - 1]]
          let g = gain(on, k, total: total)
          if g > result.gain { result = (mask, on, k, g) }
        }
        return result
      }
    }
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
