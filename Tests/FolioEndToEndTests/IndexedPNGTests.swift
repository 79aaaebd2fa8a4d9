import FolioCore
import FolioGraphics
import Testing

/// The one PNG encoder (kitty's and iTerm2's images), read back by cairo: gray, a palette, and
/// RGB for a photograph (past `IndexedPNG.mostColors` colors), each the same pixels.
@Suite struct IndexedPNGTests {
  @Test(arguments: [(2, true), (200, true), (200, false), (20_000, false)])
  func cairoReadsBackTheSamePixels(colors: Int, gray: Bool) throws {
    var random = SplitMix64(seed: UInt64(colors))
    let palette: [[UInt8]] = (0..<colors).map { _ in
      let value = random.next()
      return gray
        ? Array(repeating: UInt8(truncatingIfNeeded: value), count: 3)
        : [0, 8, 16].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
    let size = PixelSize(width: 101, height: 61)
    let rgb = (0..<size.area).flatMap { _ in palette[Int(random.next() % UInt64(colors))] }
    let picture = try #require(PixelPicture(size: size, rgb: rgb))
    let png = try #require(IndexedPNG.anyPNG(picture))
    // Few colors take the indexed form, which kitty is sent too.
    #expect((IndexedPNG.png(picture) != nil) == (colors <= IndexedPNG.mostColors))
    let image = try TerminalImages.png(png)
    #expect(image.width == 101 && image.height == 61)
    #expect(image.rgb == rgb)
  }
}
