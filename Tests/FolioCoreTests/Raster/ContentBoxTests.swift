import Testing

@testable import FolioCore
@testable import FolioRaster

/// The content box a trimmed page is cropped to: what differs from the paper, padded.
@Suite struct ContentBoxTests {
  /// A 200 x 300 image of `paper` with a `ink` rectangle at `rect` (pixels).
  func page(
    paper: RGBA = .white, ink: RGBA = RGBA(red: 0, green: 0, blue: 0),
    rect: (x: Int, y: Int, width: Int, height: Int)?
  ) -> RGBAImage {
    var pixels = [UInt8]()
    for y in 0..<300 {
      for x in 0..<200 {
        let inside = rect.map {
          x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height
        }
        let color = inside == true ? ink : paper
        pixels += [color.red, color.green, color.blue, 255]
      }
    }
    return RGBAImage(size: PixelSize(width: 200, height: 300), pixels: pixels)
      ?? RGBAImage(
        size: PixelSize(width: 1, height: 1))
  }

  @Test func theContentIsFoundAndPadded() throws {
    let box = try #require(ContentBox.find(in: page(rect: (40, 60, 100, 150))))
    #expect(abs(box.x - (0.2 - ContentBox.pad)) < 1e-9)
    #expect(abs(box.width - (0.5 + 2 * ContentBox.pad)) < 1e-9)
    let padDown = ContentBox.pad * 200 / 300
    #expect(abs(box.y - (0.2 - padDown)) < 1e-9)
    #expect(abs(box.height - (0.5 + 2 * padDown)) < 1e-9)
  }

  @Test func aBlankPageHasNoBoxAndAWhiteRectangleIsNotContent() {
    #expect(ContentBox.find(in: page(rect: nil)) == nil)
    // A white rectangle over the whole page (what makes Poppler's own box the page).
    #expect(ContentBox.find(in: page(ink: .white, rect: (0, 0, 200, 300))) == nil)
  }

  @Test func coloredPaperIsPaper() throws {
    let tint = RGBA(red: 240, green: 230, blue: 200)
    let box = try #require(
      ContentBox.find(
        in: page(paper: tint, ink: RGBA(red: 20, green: 20, blue: 90), rect: (10, 10, 20, 20))))
    #expect(abs(box.x - (0.05 - ContentBox.pad)) < 1e-9)
    #expect(box.width < 0.2 && box.height < 0.15)
  }
}
