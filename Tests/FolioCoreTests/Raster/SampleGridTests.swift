import FolioTestSupport
import Testing

@testable import FolioCore
@testable import FolioRaster

/// The box filter against a plain per-pixel average over the same boxes.
@Suite("Sample grid")
struct SampleGridTests {
  /// An opaque image of random colors.
  static func randomImage(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    var generator = SplitMix64(seed: seed)
    return RGBAImage(size: PixelSize(width: width, height: height)) { bytes in
      for i in bytes.indices {
        bytes[i] = i % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &generator)
      }
    }
  }

  /// The mean of each box `BoxFilter.spans` gives, scaled like the grid's samples.
  static func naiveSamples(_ image: RGBAImage, width: Int, height: Int, space: ErrorSpace)
    -> [SIMD4<Float>]
  {
    let columns = BoxFilter.spans(count: width, over: image.width)
    let rows = BoxFilter.spans(count: height, over: image.height)
    var result: [SIMD4<Float>] = []
    for (y0, y1) in rows {
      for (x0, x1) in columns {
        var sum = SIMD4<Float>(repeating: 0)
        for y in y0..<y1 {
          for x in x0..<x1 {
            let pixel = image[x, y]
            sum += SIMD4(Float(pixel.red), Float(pixel.green), Float(pixel.blue), 0)
          }
        }
        result.append(sum / Float((y1 - y0) * (x1 - x0)) / 255 * space.scale)
      }
    }
    return result
  }

  static func largestDifference(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> Float {
    let difference = a - b
    return max(difference.max(), (-difference).max())
  }

  @Test(arguments: [(1, 1), (2, 3), (4, 4), (5, 5), (7, 3), (8, 8), (3, 9), (6, 2), (13, 6)])
  func boxesAverageTheirPixels(boxWidth: Int, boxHeight: Int) {
    let space = ErrorSpace.lumaWeightedSRGB
    let (width, height) = (6, 5)
    let image = Self.randomImage(
      width: width * boxWidth, height: height * boxHeight, seed: UInt64(boxWidth * 31 + boxHeight))
    let grid = SampleGrid(image, width: width, height: height, space: space)
    let expected = Self.naiveSamples(image, width: width, height: height, space: space)
    for index in expected.indices {
      let sample = grid.sample(x: index % grid.width, y: index / grid.width)
      #expect(Self.largestDifference(sample, expected[index]) < 1e-4, "sample \(index)")
    }
  }

  @Test func unevenBoxesAverageTheirPixelsToo() {
    let space = ErrorSpace.lumaWeightedSRGB
    let image = Self.randomImage(width: 53, height: 41, seed: 7)
    let grid = SampleGrid(image, width: 9, height: 7, space: space)
    let expected = Self.naiveSamples(image, width: 9, height: 7, space: space)
    for index in expected.indices {
      let sample = grid.sample(x: index % grid.width, y: index / grid.width)
      #expect(Self.largestDifference(sample, expected[index]) < 1e-4, "sample \(index)")
    }
  }

  @Test(arguments: [1, 2, 3, 4])
  func bandsHoldTheSameSamplesAsTheWholeGrid(bandHeight: Int) {
    let space = ErrorSpace.lumaWeightedSRGB
    // 11 rows: the last band is short for band heights 2, 3 and 4.
    for image in [
      Self.randomImage(width: 40, height: 44, seed: 3),
      Self.randomImage(width: 31, height: 29, seed: 4),
    ] {
      let whole = SampleGrid(image, width: 8, height: 11, space: space)
      var banded = SampleGrid(image, width: 8, height: 11, space: space, bandHeight: bandHeight)
      for band in 0..<((11 + bandHeight - 1) / bandHeight) {
        banded.load(band: band)
        for y in (band * bandHeight)..<min(11, (band + 1) * bandHeight) {
          for x in 0..<8 {
            #expect(banded.sample(x: x, y: y) == whole.sample(x: x, y: y), "x \(x) y \(y)")
          }
        }
      }
      #expect(banded.heldSampleCount == 8 * bandHeight)
    }
  }

  @Test func linearLightBandsMatchTheWholeGrid() {
    let image = Self.randomImage(width: 24, height: 30, seed: 5)
    let whole = SampleGrid(image, width: 6, height: 10, space: .linearLight)
    var banded = SampleGrid(image, width: 6, height: 10, space: .linearLight, bandHeight: 4)
    for band in 0..<3 {
      banded.load(band: band)
      for y in (band * 4)..<min(10, band * 4 + 4) {
        for x in 0..<6 { #expect(banded.sample(x: x, y: y) == whole.sample(x: x, y: y)) }
      }
    }
  }

  /// An image of random colors where every seventh pixel is partly transparent.
  static func partlyTransparentImage(width: Int, height: Int, seed: UInt64) -> RGBAImage {
    var generator = SplitMix64(seed: seed)
    return RGBAImage(size: PixelSize(width: width, height: height)) { bytes in
      for i in bytes.indices {
        let isAlpha = i % 4 == 3
        let pixel = i / 4
        bytes[i] =
          isAlpha
          ? (pixel % 7 == 0 ? UInt8.random(in: 0...254, using: &generator) : 255)
          : UInt8.random(in: 0...255, using: &generator)
      }
    }
  }

  @Test(arguments: [(4, 3, 12), (8, 2, 10), (4, 4, 9), (5, 3, 8), (3, 3, 9), (6, 2, 10)])
  func transparentPixelsAreCompositedOverWhite(boxWidth: Int, boxHeight: Int, columns: Int) {
    let space = ErrorSpace.lumaWeightedSRGB
    let image = Self.partlyTransparentImage(
      width: columns * boxWidth, height: 5 * boxHeight, seed: UInt64(boxWidth * 7 + columns))
    let grid = SampleGrid(image, width: columns, height: 5, space: space)
    for y in 0..<5 {
      for x in 0..<columns {
        var sum = SIMD4<Float>(repeating: 0)
        for py in (y * boxHeight)..<((y + 1) * boxHeight) {
          for px in (x * boxWidth)..<((x + 1) * boxWidth) {
            let pixel = image[px, py]
            let alpha = Float(pixel.alpha) / 255
            let color = SIMD4(Float(pixel.red), Float(pixel.green), Float(pixel.blue), 0) / 255
            sum += color * alpha + SIMD4(1, 1, 1, 0) * (1 - alpha)
          }
        }
        let expected = sum / Float(boxWidth * boxHeight) * space.scale
        #expect(Self.largestDifference(grid.sample(x: x, y: y), expected) < 5e-3, "x \(x) y \(y)")
      }
    }
  }

  /// The same picture with its bytes in the other channel order.
  static func swappingRedAndBlue(_ image: RGBAImage) -> RGBAImage {
    var bytes = image.pixels
    for i in stride(from: 0, to: bytes.count, by: 4) { bytes.swapAt(i, i + 2) }
    let order: ChannelOrder = image.channelOrder == .rgba ? .bgra : .rgba
    guard let swapped = RGBAImage(size: image.size, pixels: bytes, channelOrder: order) else {
      preconditionFailure("the same size as the image it came from")
    }
    return swapped
  }

  @Test(arguments: [(4, 3, 12), (8, 2, 10), (5, 3, 8), (3, 3, 9), (6, 2, 10), (1, 1, 7)])
  func bothChannelOrdersGiveTheSameSamples(boxWidth: Int, boxHeight: Int, columns: Int) {
    let seed = UInt64(boxWidth * 11 + columns)
    for image in [
      Self.randomImage(width: columns * boxWidth, height: 5 * boxHeight, seed: seed),
      Self.partlyTransparentImage(width: columns * boxWidth, height: 5 * boxHeight, seed: seed),
    ] {
      let swapped = Self.swappingRedAndBlue(image)
      #expect(swapped.channelOrder == .bgra)
      #expect(swapped[columns * boxWidth - 1, 4] == image[columns * boxWidth - 1, 4])
      for space in [ErrorSpace.lumaWeightedSRGB, .linearLight] {
        let grid = SampleGrid(image, width: columns, height: 5, space: space)
        let other = SampleGrid(swapped, width: columns, height: 5, space: space)
        for y in 0..<5 {
          for x in 0..<columns { #expect(other.sample(x: x, y: y) == grid.sample(x: x, y: y)) }
        }
      }
    }
  }
}
