import FolioCore
import FolioFixtures
import FolioPoppler
import FolioRaster
import Foundation
import Testing

/// The viewer with `--pixels sixel` and `--pixels iterm2`, its bytes recorded by tmux
/// (`pipe-pane`) and read back by the terminal model: each page part on screen is painted at
/// its cells (never on the last row), once while nothing changes, again after the help that
/// covered it, inside synchronized updates.
@Suite("Painted pixels")
struct PaintedPixelsTests {
  let viewer = PixelViewerTests()

  /// A picture painted: the cell it starts at (1-based, as the cursor was moved there) and
  /// the picture.
  struct Painted {
    var row: Int
    var column: Int
    var image: TerminalImages.Image
  }

  /// The pictures in `output`, each written between a saved cursor moved to its cell and the
  /// restored cursor.
  func painted(_ output: String) throws -> [Painted] {
    var result: [Painted] = []
    for chunk in output.components(separatedBy: "\u{1B}7\u{1B}[").dropFirst() {
      // "ROW;COLUMNH", then the picture, then the cursor restored.
      let digits = chunk.prefix { $0.isNumber || $0 == ";" }
      let rest = chunk.dropFirst(digits.count)
      let place = digits.split(separator: ";").compactMap { Int($0) }
      guard place.count == 2, rest.hasPrefix("H"), let end = rest.range(of: "\u{1B}8") else {
        continue
      }
      let sequence = String(rest[rest.index(after: rest.startIndex)..<end.lowerBound])
      guard sequence.hasPrefix("\u{1B}P") || sequence.hasPrefix("\u{1B}]1337") else { continue }
      let model = try TerminalImages(sequence)
      guard model.images.count == 1, let image = model.images.first else { continue }
      result.append(Painted(row: place[0], column: place[1], image: image))
    }
    return result
  }

  @Test(arguments: ["sixel", "iterm2"])
  func pagePartsArePaintedAtTheirCellsAndAgainAfterTheHelp(_ protocolName: String) throws {
    let path = try FixtureLibrary.path(.manual)
    let scratch = try ScratchFolder()
    let record = scratch.path + "/output"
    let folio = [
      "env", "-u", "TMUX", "TERM=xterm-256color", FolioProcess.executable, "--pixels",
      protocolName, "--cell-pixels", "8x16", "--no-remember", path,
    ].map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(command: "read go; " + folio, environment: scratch.environment)
    try tmux.run(["pipe-pane", "-o", "-t", tmux.name, "cat >> " + TmuxSession.quote(record)])
    try tmux.send("Enter")
    // The grid (the Enter that started it may reach it too), and what is written from then on.
    _ = try tmux.waitFor("/ 2415")
    try tmux.send("1")
    _ = try tmux.waitFor("per screen")
    _ = viewer.waitUntilQuiet(record)
    let start = (try? FileManager.default.attributesOfItem(atPath: record)[.size] as? Int) ?? 0
    // The help covers the pages: painted around it (once its parts are drawn); closed, they
    // are painted whole again.
    func since(_ text: String) -> String {
      String(decoding: text.utf8.dropFirst(start), as: UTF8.self)
    }
    try tmux.send("?")
    _ = try tmux.waitFor("Folio keys")
    _ = try viewer.waitForOutput(record, "pictures around the help") {
      (try? self.painted(since($0)).count) ?? 0 >= 1
    }
    _ = viewer.waitUntilQuiet(record)
    try tmux.send("Escape")
    _ = try viewer.waitForOutput(record, "pictures") {
      (try? self.painted(since($0)).count) ?? 0 >= 10
    }
    var output = since(viewer.waitUntilQuiet(record))
    let pictures = try painted(output)
    // Every picture within the screen, above the status line, within its cells' pixels (a
    // page's shape kept: one side may end inside its last cell).
    let document = try PopplerDocument.open(readablePath: path, named: "manual.pdf")
    var likePages = 0
    for picture in pictures {
      #expect(picture.row >= 1 && picture.row < 30 && picture.column >= 1)
      #expect(picture.column - 1 + (picture.image.width + 7) / 8 <= 100)
      if protocolName == "sixel" {
        #expect(picture.row - 1 + (picture.image.height + 15) / 16 <= 29)
      } else {
        let rows = Int(picture.image.keys["height"] ?? "") ?? 99
        #expect(picture.row - 1 + rows <= 29)
        #expect(picture.image.keys["inline"] == "1")
      }
      let best = try TerminalImages.likenessToPages(picture.image, of: document)
      if best >= 0.93 { likePages += 1 }
    }
    // The thumbnails shown whole are pages of the document (those cut by the screen's edge
    // are parts of one).
    #expect(likePages >= 8, "\(likePages) of \(pictures.count) pictures are like a page")
    #expect(
      output.components(separatedBy: "\u{1B}[?2026h").count
        == output.components(separatedBy: "\u{1B}[?2026l").count)
    // Once more: painted again, the same pictures (those around the help drawn already).
    try tmux.send("?")
    _ = try tmux.waitFor("Folio keys")
    _ = try viewer.waitForOutput(record, "pictures around the help again") {
      (try? self.painted(since($0)).count) ?? 0 >= pictures.count + 1
    }
    _ = viewer.waitUntilQuiet(record)
    try tmux.send("Escape")
    output = try viewer.waitForOutput(record, "pictures painted again") {
      (try? self.painted(since($0)).count) ?? 0 >= pictures.count * 2
    }
    // Nothing is painted while nothing changes.
    let settled = since(viewer.waitUntilQuiet(record))
    #expect(try painted(settled).count == pictures.count * 2)
    try tmux.send("q")
    _ = try tmux.waitFor("[exited]")
  }
}
