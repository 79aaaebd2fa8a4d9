import FolioCore

/// Chooses two of the 16 ANSI colors and the block pattern that draw one cell's samples
/// closest to the page: each sub-cell takes whichever of the two colors is nearer, and the
/// pair is the best of all 136 (the 16 single colors included). Nearness is squared distance
/// in Oklab, the measure the palette modes round colors by, so a flat cell gets the color it
/// would have got rounded.
///
/// Fitting free colors and then rounding each to the palette (which half blocks, braille and
/// ASCII still do) loses a cell's shape when both colors round to the same entry although some of
/// its sub-cells lie nearer another: with only four grays, common in photographs and soft
/// edges. Choosing among palette colors from the start keeps those parts apart wherever two
/// entries draw the cell better than one. Every assignment of sub-cells is a pattern of the
/// block sets, so the choice is exact.
struct PaletteFitter {
  /// The palette's Oklab L (lightness), a (green–red) and b (blue–yellow), entry k in lane k.
  let lightness: SIMD16<Float>
  let greenRed: SIMD16<Float>
  let blueYellow: SIMD16<Float>
  /// The palette in Oklab (as drawn, so not inverted).
  let labColors: [SIMD4<Float>]
  /// The palette in error space, as the fit returns colors.
  let colors: [SIMD4<Float>]

  /// A fitter of the 16 ANSI colors (`Palette.ansi16`, the colors `ColorMode.ansi16` rounds
  /// to) for samples in `space`. With `isInverted` distances are measured after lightness
  /// inversion, as the output is drawn, and the fit returns the colors that inversion
  /// (`Lightness`, its own inverse) turns into the palette.
  init(space: ErrorSpace, isInverted: Bool = false) {
    let transfer = space.transferTable()
    let scale = space.scale
    labColors = Array(Palette.entries.prefix(16))
    colors = Palette.ansi16.map { color in
      var (r, g, b) = (UInt8(color.0), UInt8(color.1), UInt8(color.2))
      if isInverted { (r, g, b) = Lightness.inverted(red: r, green: g, blue: b) }
      return SIMD4(transfer[Int(r)], transfer[Int(g)], transfer[Int(b)], 0) * scale
    }
    lightness = SIMD16(labColors.map { $0.x })
    greenRed = SIMD16(labColors.map { $0.y })
    blueYellow = SIMD16(labColors.map { $0.z })
    self.space = space
    self.isInverted = isInverted
    inverseScale = space.inverseScale
  }

  /// A fitter that stands in where none is used (it is never asked to fit).
  static let placeholder = PaletteFitter(space: .lumaWeightedSRGB)

  /// Where the samples are.
  let space: ErrorSpace
  /// The reciprocal of each channel's scale in `space`.
  let inverseScale: SIMD4<Float>
  /// Whether the output inverts lightness.
  let isInverted: Bool

  /// Oklab of a sample in error space as it will be drawn: its 8-bit sRGB color, inverted
  /// if the output is.
  @inline(__always)
  func lab(_ sample: SIMD4<Float>) -> SIMD4<Float> {
    let v = sample * inverseScale
    var (r, g, b) = (space.encode(v.x), space.encode(v.y), space.encode(v.z))
    if isInverted { (r, g, b) = Lightness.inverted(red: r, green: g, blue: b) }
    return Palette.oklab((Int(r), Int(g), Int(b)))
  }

  /// The best two palette colors and pattern for `count` (1…8) samples. Of equally good
  /// pairs the one with the lower entries wins (the lower as foreground); bit s of the pattern
  /// is set where sample s is strictly nearer the foreground than the background (a sample
  /// as near to both takes the background), and a choice with no sub-cell on is one color.
  func fit(_ x: UnsafePointer<SIMD4<Float>>, count: Int) -> CellChoice {
    precondition((1...8).contains(count), "1 to 8 samples")
    // Every sample's squared distance to every entry.
    var distances = (
      SIMD16<Float>(), SIMD16<Float>(), SIMD16<Float>(), SIMD16<Float>(),
      SIMD16<Float>(), SIMD16<Float>(), SIMD16<Float>(), SIMD16<Float>()
    )
    return withUnsafeMutableBytes(of: &distances) { raw in
      guard let base = raw.baseAddress else {
        preconditionFailure("a tuple's bytes have an address")
      }
      let d = base.assumingMemoryBound(to: SIMD16<Float>.self)
      // The same distances one at a time (read from memory: a variable lane of a vector
      // would be stored and reloaded whole).
      let distance = base.assumingMemoryBound(to: Float.self)
      for s in 0..<count {
        let sample = lab(x[s])
        let dl = lightness - sample.x
        let da = greenRed - sample.y
        let db = blueYellow - sample.z
        d[s] = dl * dl + da * da + db * db
      }
      // For each first color f, lane b holds the error of the pair (f, b): each sample at
      // the nearer of the two. Lane f is f alone.
      var bestError = Float.infinity
      var best = (foreground: 0, background: 0)
      for f in 0..<16 {
        var error = SIMD16<Float>(repeating: 0)
        for s in 0..<count {
          // The smaller of the two distances, by a compare and select (`pointwiseMin` goes
          // lane by lane: it orders NaNs).
          let first = SIMD16(repeating: distance[s &* 16 &+ f])
          error += d[s].replacing(with: first, where: first .< d[s])
        }
        // Most first colors improve on nothing: one vector compare rules them out.
        guard any(error .< bestError) else { continue }
        // Lanes below f repeat pairs already seen; f alone comes first among the rest.
        let alone = error[f]
        if alone < bestError { (bestError, best) = (alone, (f, f)) }
        for b in (f + 1)..<16 where error[b] < bestError {
          // The lowest of the rest: the first lane at the least error.
          var least = b
          for other in (b + 1)..<16 where error[other] < error[least] { least = other }
          (bestError, best) = (error[least], (f, least))
          break
        }
      }
      var pattern = 0
      for s in 0..<count
      where distance[s &* 16 &+ best.foreground] < distance[s &* 16 &+ best.background] {
        pattern |= 1 << s
      }
      let background = colors[best.background]
      return CellChoice(
        pattern: pattern, foreground: pattern == 0 ? background : colors[best.foreground],
        background: background)
    }
  }
}
