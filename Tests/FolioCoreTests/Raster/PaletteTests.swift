import FolioTestSupport
import Foundation
import Testing

@testable import FolioCore
@testable import FolioRaster

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
      Palette.nearest256(red: UInt8(color.0), green: UInt8(color.1), blue: UInt8(color.2))
        != Palette.exhaustiveNearest(to: color, among: 16...255)
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// The corners of every other box in each direction (each channel a box's first or last
  /// value), a sample of where a box's colors differ most. They do not reach every entry a box
  /// needs: `folio-bench --check-palette` checks every color (`make check-palette`, and
  /// `make bench` before it measures).
  @Test func nearest256AgreesWithExhaustiveSearchAtBoxCorners() {
    let side = 1 << PaletteBuckets.shift
    let values = stride(from: 0, to: 256, by: 2 * side).flatMap { [$0, $0 + side - 1] } + [255]
    var mismatches: [(Int, Int, Int)] = []
    for red in values {
      for green in values {
        for blue in values {
          let color = (red, green, blue)
          if Palette.nearest256(red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
            != Palette.exhaustiveNearest(to: color, among: 16...255)
          {
            mismatches.append(color)
          }
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(5))")
  }

  /// Every entry is at distance 0 from itself, so each box must list the entries whose own
  /// colors lie in it.
  @Test func everyEntryIsItsOwnNearest() {
    let wrong = (16...255).filter { index in
      let (red, green, blue) = Palette.rgb(ofIndex: UInt8(index))
      return Palette.nearest256(red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
        != UInt8(index)
    }
    #expect(wrong.isEmpty, "\(wrong)")
  }

  @Test func paletteBucketsListTheEntriesOfEveryBoxInOrder() {
    let lookup = PaletteBuckets.lookup
    let boxes = PaletteBuckets.Lookup.boxCount
    #expect(lookup.starts.count == boxes + 1)
    #expect(Int(lookup.starts[boxes]) == lookup.entries.count)
    for box in 0..<boxes {
      let list = Array(lookup.entries[Int(lookup.starts[box])..<Int(lookup.starts[box + 1])])
      #expect(!list.isEmpty && list.allSatisfy { $0 >= 16 }, "box \(box)")
      #expect(zip(list, list.dropFirst()).allSatisfy { $0 < $1 }, "box \(box): \(list)")
    }
    // Boxes run blue fastest, then green, then red.
    let side = 1 << PaletteBuckets.shift
    let perAxis = 256 / side
    let box = PaletteBuckets.Lookup.box
    #expect(box(0, 0, 0) == 0 && box(UInt8(side - 1), UInt8(side - 1), UInt8(side - 1)) == 0)
    #expect(box(0, 0, UInt8(side)) == 1)
    #expect(box(0, UInt8(side), 0) == perAxis)
    #expect(box(UInt8(side), 0, 0) == perAxis * perAxis)
    #expect(box(255, 255, 255) == boxes - 1)
  }

  /// Oklab in double precision, written apart from `Palette.oklab` (the sRGB formula, and
  /// `cbrt` from the C library).
  static func referenceOklab(_ color: (Int, Int, Int)) -> SIMD3<Double> {
    func linear(_ v: Int) -> Double {
      let c = Double(v) / 255
      return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    let (r, g, b) = (linear(color.0), linear(color.1), linear(color.2))
    let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
    let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
    let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
    return SIMD3(
      0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
      1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
      0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
  }

  @Test func oklabMatchesADoublePrecisionConversion() {
    // Ottosson's own figures for white and the sRGB primaries, to his four decimals.
    let known: [((Int, Int, Int), SIMD3<Double>)] = [
      ((255, 255, 255), SIMD3(1, 0, 0)), ((255, 0, 0), SIMD3(0.6280, 0.2249, 0.1258)),
      ((0, 255, 0), SIMD3(0.8664, -0.2339, 0.1795)), ((0, 0, 255), SIMD3(0.4520, -0.0325, -0.3115)),
    ]
    for (color, lab) in known {
      let value = Palette.oklab(color)
      #expect(
        abs(Double(value.x) - lab.x) < 1e-4 && abs(Double(value.y) - lab.y) < 1e-4
          && abs(Double(value.z) - lab.z) < 1e-4, "\(color): \(value)")
    }
    // Every color of a grid (black and the darkest values included), to Float precision.
    var worst = 0.0
    for red in stride(from: 0, through: 255, by: 5) {
      for green in stride(from: 0, through: 255, by: 5) {
        for blue in [0, 1, 2, 3, 7, 64, 128, 200, 254, 255] {
          let value = Palette.oklab((red, green, blue))
          let exact = Self.referenceOklab((red, green, blue))
          let error = max(
            abs(Double(value.x) - exact.x), abs(Double(value.y) - exact.y),
            abs(Double(value.z) - exact.z))
          worst = max(worst, error)
          #expect(value.w == 0)
        }
      }
    }
    #expect(worst < 1e-6, "largest difference \(worst)")
  }

  @Test func hexTablesDecodeSkippingLineBreaks() {
    #expect(PaletteBuckets.hexValues("0a1\nf", digitsEach: 1) == [0, 10, 1, 15])
    #expect(PaletteBuckets.hexValues("10ff\n07", digitsEach: 2) == [16, 255, 7])
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
