import FolioCore
import FolioFixtures
import FolioGraphics
import FolioPixels
import FolioPoppler
import FolioRaster
import Foundation
import Testing

/// `--print --pixels kitty|sixel|iterm2`: the page written again as an image over its block
/// art, read back by a model of a terminal and compared with Poppler's raster of the page.
@Suite("Pixel print")
struct PixelPrintTests {
  func printed(_ pixels: String, page: Int = 1, size: String = "40x20") throws -> String {
    let path = try FixtureLibrary.path(.manual)
    let run = try FolioProcess.run(
      [
        "--print", "--pixels", pixels, "--size", size, "--cell-pixels", "10x20", "--page",
        String(page), "--colors", "truecolor", path,
      ], timeLimit: .seconds(60))
    #expect(run.status == 0, "\(run.standardError)")
    return run.standardOutput
  }

  /// Poppler's raster of the page at `width`x`height`, as RGB.
  func reference(page: Int, width: Int, height: Int) throws -> [UInt8] {
    let path = try FixtureLibrary.path(.manual)
    let document = try PopplerDocument.open(readablePath: path, named: "manual.pdf")
    let image = try document.render(
      PageIndex(page - 1), size: PixelSize(width: width, height: height))
    return try #require(image.rgbPicture(inverted: false)).rgb
  }

  @Test(arguments: [("kitty", 0.98), ("iterm2", 0.98), ("sixel", 0.93)])
  func thePageIsTheImageOverItsBlockArt(pixels: String, least: Double) throws {
    let output = try printed(pixels, page: 3)
    let model = try TerminalImages(output)
    try #require(model.images.count == 1)
    let image = model.images[0]
    // Cells × cell pixels, over the page's cells, inside the 40x20 box.
    let column = try #require(image.column)
    let rowsUp = try #require(image.rowsUp)
    #expect(image.width % 10 == 0 && image.height % 20 == 0, "\(image.width)x\(image.height)")
    // Over the page's cells: the page is centred in the 40x20 box, and the cursor moved up
    // from the line after the box to the page's first row.
    let (columns, rows) = (image.width / 10, image.height / 20)
    #expect(column == (40 - columns) / 2, "column \(column) for \(columns) columns")
    #expect(rowsUp == 20 - (20 - rows) / 2, "\(rowsUp) rows up for \(rows) rows")
    #expect(columns >= 10 && rows == 20)
    if pixels == "kitty" {
      #expect(
        image.keys["c"] == String(image.width / 10) && image.keys["r"] == String(image.height / 20))
      #expect(image.keys["q"] == "2" && image.keys["C"] == "1")
      #expect(model.largestChunk <= KittySequences.chunkSize)
    }
    if pixels == "iterm2" {
      #expect(image.keys["width"] == String(image.width / 10))
      #expect(image.keys["height"] == String(image.height / 20))
    }
    let expected = try reference(page: 3, width: image.width, height: image.height)
    let similarity = TerminalImages.similarity(image.rgb, expected)
    #expect(similarity >= least, "\(pixels): \(similarity)")
    // Under it, the same block art as without pixels.
    #expect(model.text == (try printed("off", page: 3)))
  }

  /// A frame of several pages (`--mode`): each page part on screen is an image over its
  /// cells, each like a page of the document.
  @Test(arguments: ["grid", "spread", "continuous"])
  func everyPageOfAFrameIsAnImage(mode: String) throws {
    let path = try FixtureLibrary.path(.manual)
    let run = try FolioProcess.run(
      [
        "--print", "--mode", mode, "--pixels", "kitty", "--size", "80x24", "--cell-pixels",
        "10x20", path,
      ], timeLimit: .seconds(60))
    #expect(run.status == 0, "\(run.standardError)")
    let model = try TerminalImages(run.standardOutput)
    #expect(mode == "continuous" ? model.images.count >= 1 : model.images.count > 1)
    let document = try PopplerDocument.open(readablePath: path, named: "manual.pdf")
    for image in model.images {
      let column = try #require(image.column)
      let rowsUp = try #require(image.rowsUp)
      let cells = (Int(image.keys["c"] ?? "") ?? 0, Int(image.keys["r"] ?? "") ?? 0)
      #expect(column >= 0 && column + cells.0 <= 80 && rowsUp <= 24 && 24 - rowsUp + cells.1 <= 23)
    }
    // The first image of the grid and the spread is a whole page: like page 1 (the spread's
    // first page is the document's).
    if mode != "continuous", let first = model.images.first {
      let raster = try document.render(
        PageIndex(0), size: PixelSize(width: first.width, height: first.height))
      let similarity = TerminalImages.similarity(
        first.rgb, try #require(raster.rgbPicture(inverted: false)).rgb)
      #expect(similarity >= 0.97, "\(mode): \(similarity)")
    }
  }

  @Test(arguments: ["off", "auto"])
  func withoutAProtocolThereIsNoImage(pixels: String) throws {
    let output = try printed(pixels)
    #expect(try TerminalImages(output).images.isEmpty)
    #expect(!output.contains("\u{1B}_G") && !output.contains("\u{1B}P") && !output.contains("1337"))
  }

  /// Printed straight to a tmux pane the image would land elsewhere: block art only, said.
  @Test func insideTmuxThePageStaysBlockArt() throws {
    let path = try FixtureLibrary.path(.manual)
    let scratch = try ScratchFolder()
    let command = [
      FolioProcess.executable, "--print", "--pixels", "kitty", "--size", "30x10", path,
    ]
    .map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(
      columns: 60, rows: 20, command: command, environment: scratch.environment)
    let screen = try tmux.waitFor("[exited]")
    #expect(screen.contains { $0.contains("not placed right yet") }, "\(screen)")
    #expect(screen.contains { $0.contains("[exited] 0") }, "\(screen)")
  }

  @Test func badCellPixelsAreAUsageError() throws {
    let path = try FixtureLibrary.path(.onePage)
    for value in ["0x20", "10", "10x", "x20", "300x20", "ax b"] {
      let run = try FolioProcess.run(
        ["--print", "--pixels", "kitty", "--cell-pixels", value, path], timeLimit: .seconds(60))
      #expect(run.status == 2, "\(value): \(run.status)")
      #expect(run.standardError.split(separator: "\n").count <= 2, "\(run.standardError)")
    }
  }
}
