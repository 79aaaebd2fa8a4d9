import FolioCore
import FolioRaster
import Testing

@Suite("RGBA image")
struct RGBAImageTests {
  @Test func fillSetsEveryChannelOfEveryPixel() {
    let color = RGBA(red: 1, green: 2, blue: 3, alpha: 4)
    let image = RGBAImage(size: PixelSize(width: 3, height: 2), fill: color)
    #expect(image.pixels == Array(repeating: [1, 2, 3, 4], count: 6).flatMap { $0 })
    #expect(image[2, 1] == color)
  }

  @Test func initializerWritesTheBytesInRowMajorOrder() {
    let size = PixelSize(width: 4, height: 3)
    let image = RGBAImage(size: size) { bytes in
      #expect(bytes.count == size.area * 4)
      for i in bytes.indices { bytes[i] = UInt8(i % 251) }
    }
    #expect(image.pixels == (0..<(size.area * 4)).map { UInt8($0 % 251) })
    let i = (2 * 4 + 1) * 4
    #expect(
      image[1, 2]
        == RGBA(red: UInt8(i), green: UInt8(i + 1), blue: UInt8(i + 2), alpha: UInt8(i + 3)))
    #expect(RGBAImage(size: size, pixels: image.pixels) == image)
  }

  @Test func blueGreenRedAlphaImagesReadAndWriteTheSameColors() {
    let color = RGBA(red: 1, green: 2, blue: 3, alpha: 4)
    var image = RGBAImage(size: PixelSize(width: 2, height: 2), fill: color, channelOrder: .bgra)
    #expect(image.pixels == Array(repeating: [3, 2, 1, 4], count: 4).flatMap { $0 })
    #expect(image[1, 1] == color)
    image[0, 1] = RGBA(red: 10, green: 20, blue: 30)
    #expect(Array(image.pixels[8..<12]) == [30, 20, 10, 255])
    #expect(image[0, 1] == RGBA(red: 10, green: 20, blue: 30))
    // The same bytes in the other order are another picture, so another image.
    #expect(RGBAImage(size: image.size, pixels: image.pixels) != image)
  }
}
