import FolioCore
import Testing

@testable import FolioGraphics

/// A picture wider than the terminal's largest sixel image goes out as tiles cut along cells,
/// each no larger than the limit, all with one palette (tiles side by side show no seam), and
/// decoded back they are the picture.
@Suite("Sixel tiles")
struct SixelTilesTests {
  /// 1,500 x 130 pixels of many colors (a 6x13-pixel cell: 250 columns, 10 rows).
  func picture() throws -> PixelPicture {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var rgb: [UInt8] = []
    for y in 0..<130 {
      for x in 0..<1500 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let noise = UInt8(truncatingIfNeeded: state >> 58)
        rgb += [UInt8(x * 255 / 1499) &+ noise, UInt8(y * 255 / 129), UInt8(255 - x * 255 / 1499)]
      }
    }
    return try #require(PixelPicture(size: PixelSize(width: 1500, height: 130), rgb: rgb))
  }

  @Test func aWidePictureIsCutIntoTilesWithOnePalette() throws {
    let picture = try picture()
    let tiles = try #require(
      TerminalPictures.sixelTiles(
        of: picture, cellPixels: PixelSize(width: 6, height: 13),
        largest: PixelSize(width: 1000, height: 1000)))
    #expect(tiles.map(\.offset) == [CellPoint(x: 0, y: 0), CellPoint(x: 166, y: 0)])
    var colors = Set<[UInt8]>()
    var decodedWidth = 0
    for tile in tiles {
      let model = try TerminalImages(String(decoding: tile.bytes, as: UTF8.self))
      let image = try #require(model.images.first)
      #expect(image.width <= 1000 && image.height == 130)
      #expect(image.width == (tile.offset.x == 0 ? 996 : 504))
      decodedWidth += image.width
      for index in stride(from: 0, to: image.rgb.count, by: 3) {
        colors.insert(Array(image.rgb[index..<index + 3]))
      }
    }
    #expect(decodedWidth == 1500)
    // One palette of at most 256 colors for both (each its own would use up to 512).
    #expect(colors.count <= 256, "\(colors.count) colors")
  }

  @Test func aPictureThatFitsIsOneImage() throws {
    let picture = try picture()
    let tiles = try #require(
      TerminalPictures.sixelTiles(
        of: picture, cellPixels: PixelSize(width: 6, height: 13),
        largest: PixelSize(width: 2000, height: 1000)))
    #expect(tiles.count == 1 && tiles.first?.offset == CellPoint(x: 0, y: 0))
    let none = try #require(
      TerminalPictures.sixelTiles(
        of: picture, cellPixels: PixelSize(width: 6, height: 13), largest: nil))
    #expect(none.count == 1)
  }
}
