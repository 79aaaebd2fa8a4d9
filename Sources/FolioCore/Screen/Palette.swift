/// The xterm 256-color palette and nearest-color lookups into it and into the 16 ANSI colors,
/// by distance in Oklab (a perceptual color space).
public enum Palette {
  /// The six levels of each channel in the xterm 6x6x6 cube (entries 16–231).
  public static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

  /// xterm's default 16 ANSI colors (entries 0–15).
  public static let ansi16: [(Int, Int, Int)] = [
    (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205),
    (0, 205, 205), (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
    (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
  ]

  /// The RGB value of a palette entry.
  public static func rgb(ofIndex index: UInt8) -> (Int, Int, Int) {
    let i = Int(index)
    if i < 16 { return ansi16[i] }
    if i < 232 {
      let c = i - 16
      return (cubeLevels[c / 36], cubeLevels[(c / 6) % 6], cubeLevels[c % 6])
    }
    let gray = 8 + (i - 232) * 10
    return (gray, gray, gray)
  }

  /// The nearest entry among the cube and gray ramp (16–255) to an sRGB color. The 16 ANSI
  /// entries are left out because terminals let users redefine them.
  ///
  /// Compares only the entries that can be nearest to a color of its 8 x 8 x 8 box
  /// (`PaletteBuckets`: 1.7 on average, and none at all where the box has one), so it gives
  /// the exhaustive search's answer (checked for every color by `folio-bench --check-palette`)
  /// at a small part of its cost. Of equally near entries the lowest wins.
  public static func nearest256(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    let lookup = PaletteBuckets.lookup
    let box = PaletteBuckets.Lookup.box(red: red, green: green, blue: blue)
    let start = Int(lookup.starts[box])
    let end = Int(lookup.starts[box + 1])
    var best = lookup.entries[start]
    if end - start == 1 { return best }
    let target = oklab((Int(red), Int(green), Int(blue)))
    var bestDistance = squaredDistance(target, entries[Int(best)])
    for candidate in lookup.entries[(start + 1)..<end] {
      let d = squaredDistance(target, entries[Int(candidate)])
      if d < bestDistance {
        best = candidate
        bestDistance = d
      }
    }
    return best
  }

  /// The nearest of the first `limit` palette entries (8 or 16) to entry `index`.
  public static func nearest16(index: UInt8, limit: Int) -> UInt8 {
    nearest(to: rgb(ofIndex: index), among: min(max(limit, 2), 16))
  }

  /// The nearest of the first `count` ANSI colors to an sRGB color.
  public static func nearest(to color: (Int, Int, Int), among count: Int = 16) -> UInt8 {
    let target = oklab(color)
    var best = 0
    var bestDistance = Float.infinity
    for i in 0..<min(max(count, 1), 16) {
      let d = squaredDistance(target, entries[i])
      if d < bestDistance {
        best = i
        bestDistance = d
      }
    }
    return UInt8(best)
  }

  /// The nearest palette entry by exhaustive search over `candidates`: the definition the fast
  /// lookups are tested against. O(candidates).
  public static func exhaustiveNearest(
    to color: (Int, Int, Int), among candidates: ClosedRange<Int>
  )
    -> UInt8
  {
    let target = oklab(color)
    var best = candidates.lowerBound
    var bestDistance = squaredDistance(target, entries[best])
    for i in candidates {
      let d = squaredDistance(target, entries[i])
      if d < bestDistance { (best, bestDistance) = (i, d) }
    }
    return UInt8(best)
  }

  /// The Oklab value of each of the 256 entries.
  public static let entries: [SIMD4<Float>] = (0..<256).map { oklab(rgb(ofIndex: UInt8($0))) }

  static func squaredDistance(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
    let d = a - b
    return (d * d).sum()
  }

  /// Oklab (L, a, b, 0) of an sRGB color (Björn Ottosson, 2020). The three cone responses
  /// are computed together, one per lane.
  public static func oklab(_ color: (Int, Int, Int)) -> SIMD4<Float> {
    let linear = SRGBTransfer.linear
    let r = linear[min(255, max(0, color.0))]
    let g = linear[min(255, max(0, color.1))]
    let b = linear[min(255, max(0, color.2))]
    let lms = cubeRoots(
      SIMD4(0.412_221_470_8, 0.211_903_498_2, 0.088_302_461_9, 0) * r
        + SIMD4(0.536_332_536_3, 0.680_699_545_1, 0.281_718_837_6, 0) * g
        + SIMD4(0.051_445_992_9, 0.107_396_956_6, 0.629_978_700_5, 0) * b)
    return SIMD4(0.210_454_255_3, 1.977_998_495_1, 0.025_904_037_1, 0) * lms[0]
      + SIMD4(0.793_617_785_0, -2.428_592_205_0, 0.782_771_766_2, 0) * lms[1]
      + SIMD4(-0.004_072_046_8, 0.450_593_709_9, -0.808_675_766_0, 0) * lms[2]
  }

  /// The cube root of each lane (0 for lanes that are not positive): a first guess from the
  /// bits (the exponent divided by 3, by shifts that sum to a third) and Newton steps. Exact
  /// to Float precision for normal numbers up to about 1e30; `oklab` passes 1.5e-5 to 1.
  static func cubeRoots(_ x: SIMD4<Float>) -> SIMD4<Float> {
    let positive = x .> 0
    // Lanes that are not positive take 1 on the way, so that nothing divides by 0.
    let value = x.replacing(with: 1, where: .!positive)
    // The bits lane by lane, not by `unsafeBitCast`: the optimizer makes the same code of both.
    let bits = SIMD4<Int32>(
      Int32(bitPattern: value[0].bitPattern), Int32(bitPattern: value[1].bitPattern),
      Int32(bitPattern: value[2].bitPattern), Int32(bitPattern: value[3].bitPattern))
    // 1/4 + 1/16 + … + 1/65536, written out (a loop over the shifts is not unrolled).
    var third = (bits &>> 2) &+ (bits &>> 4) &+ (bits &>> 6) &+ (bits &>> 8)
    third &+= (bits &>> 10) &+ (bits &>> 12) &+ (bits &>> 14) &+ (bits &>> 16)
    third &+= 0x2A51_37A0
    let guess = SIMD4<UInt32>(truncatingIfNeeded: third)
    var y = SIMD4<Float>(
      Float(bitPattern: guess[0]), Float(bitPattern: guess[1]), Float(bitPattern: guess[2]),
      Float(bitPattern: guess[3]))
    for _ in 0..<3 { y -= (y * y * y - value) / (3 * y * y) }
    return y.replacing(with: 0, where: .!positive)
  }
}
