/// The xterm 256-color palette and nearest-color lookups into it and into the 16 ANSI colors.
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

  /// A perceptual-enough squared distance between two colors ("redmean" weighted RGB).
  public static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
    let meanRed = (a.0 + b.0) / 2
    let dr = a.0 - b.0
    let dg = a.1 - b.1
    let db = a.2 - b.2
    return (((512 + meanRed) * dr * dr) >> 8) + 4 * dg * dg + (((767 - meanRed) * db * db) >> 8)
  }

  /// The nearest entry among the cube and gray ramp (16–255) to an RGB color.
  public static func nearest256(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
    let target = (Int(red), Int(green), Int(blue))
    func level(_ v: Int) -> Int {
      var best = 0
      for (i, l) in cubeLevels.enumerated() where abs(l - v) < abs(cubeLevels[best] - v) { best = i }
      return best
    }
    let cube = 16 + 36 * level(target.0) + 6 * level(target.1) + level(target.2)
    var best = UInt8(cube)
    var bestDistance = distance(target, rgb(ofIndex: best))
    let average = (target.0 + target.1 + target.2) / 3
    let grayStep = min(23, max(0, (average - 3) / 10))
    for step in max(0, grayStep - 1)...min(23, grayStep + 1) {
      let index = UInt8(232 + step)
      let d = distance(target, rgb(ofIndex: index))
      if d < bestDistance {
        best = index
        bestDistance = d
      }
    }
    return best
  }

  /// The nearest of the first `limit` palette entries (8 or 16) to entry `index`.
  public static func nearest16(index: UInt8, limit: Int) -> UInt8 {
    nearest(to: rgb(ofIndex: index), among: min(max(limit, 2), 16))
  }

  /// The nearest of the first `count` ANSI colors to an RGB color.
  public static func nearest(to color: (Int, Int, Int), among count: Int = 16) -> UInt8 {
    var best = 0
    for i in 1..<count where distance(color, ansi16[i]) < distance(color, ansi16[best]) { best = i }
    return UInt8(best)
  }
}
