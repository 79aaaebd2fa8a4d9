import FolioCore
import Testing
import FolioTestSupport

/// Quantization to the xterm palette and the ANSI colors, and lightness inversion.
struct PaletteTests {
  @Test func fastNearest256AgreesWithExhaustiveSearch() {
    var colors: [(Int, Int, Int)] = []
    for red in stride(from: 0, through: 255, by: 15) {
      for green in stride(from: 0, through: 255, by: 15) {
        for blue in stride(from: 0, through: 255, by: 15) { colors.append((red, green, blue)) }
      }
    }
    var generator = SplitMix64(seed: 7)
    for _ in 0..<3000 {
      let c = RasterTestImages.randomColor(&generator)
      colors.append((Int(c.red), Int(c.green), Int(c.blue)))
    }
    let mismatches = colors.filter { color in
      let fast = Palette.nearest256(
        red: UInt8(color.0), green: UInt8(color.1), blue: UInt8(color.2))
      let exact = Palette.exhaustiveNearest(to: color, among: 16...255)
      return Palette.distance(color, Palette.rgb(ofIndex: fast))
        != Palette.distance(color, Palette.rgb(ofIndex: exact))
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test(arguments: [
    ((255, 255, 255), UInt8(231)), ((0, 0, 0), 16), ((255, 0, 0), 196), ((0, 0, 255), 21),
    ((128, 128, 128), 244), ((238, 238, 238), 255), ((95, 135, 175), 67),
  ])
  func knownNearest256Entries(color: (Int, Int, Int), index: UInt8) {
    #expect(
      Palette.nearest256(red: UInt8(color.0), green: UInt8(color.1), blue: UInt8(color.2)) == index)
  }

  @Test(arguments: [
    ((250, 10, 10), UInt8(9)), ((200, 0, 0), 1), ((0, 0, 0), 0), ((255, 255, 255), 15),
    ((120, 120, 120), 8), ((230, 230, 230), 7), ((0, 200, 200), 6),
  ])
  func knownNearestANSIColors(color: (Int, Int, Int), index: UInt8) {
    #expect(Palette.nearest(to: color, among: 16) == index)
  }

  @Test func quantizingTerminalColorsForEachMode() {
    let orange = TerminalColor.rgb(255, 135, 0)
    #expect(orange.quantized(for: .truecolor) == orange)
    #expect(orange.quantized(for: .palette256) == .indexed(208))
    #expect(orange.quantized(for: .none) == .default)
    #expect(TerminalColor.indexed(196).quantized(for: .ansi16) == .indexed(9))
    #expect(TerminalColor.indexed(3).quantized(for: .ansi16) == .indexed(3))
    #expect(TerminalColor.default.quantized(for: .palette256) == .default)
  }

  @Test func invertingLightnessKeepsHue() {
    #expect(Lightness.inverted(red: 255, green: 255, blue: 255) == (0, 0, 0))
    #expect(Lightness.inverted(red: 0, green: 0, blue: 0) == (255, 255, 255))
    #expect(Lightness.inverted(red: 255, green: 0, blue: 0) == (255, 0, 0))
    #expect(Lightness.inverted(red: 0, green: 0, blue: 128) == (127, 127, 255))
    // Inverting twice gives the color back.
    for value in stride(from: 0, through: 255, by: 17) {
      let color = (UInt8(value), UInt8(255 - value), UInt8(value / 2))
      let once = Lightness.inverted(red: color.0, green: color.1, blue: color.2)
      #expect(Lightness.inverted(red: once.0, green: once.1, blue: once.2) == color)
    }
  }
}
