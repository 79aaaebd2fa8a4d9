import FolioCore
import FolioFixtures
import FolioGraphics
import FolioPixels
import FolioPoppler
import FolioRaster
import Foundation
import Testing

/// The viewer inside tmux with `--pixels kitty`: images go through tmux's passthrough with a
/// virtual placement each, and the screen holds placeholder cells tmux keeps as text; with
/// passthrough off, block art and a line that says how to turn it on. Read back by the
/// terminal models (`TerminalImages`, `PlaceholderScreen`).
@Suite("Pixel placeholders in tmux")
struct PixelPlaceholderTests {
  let viewer = PixelViewerTests()

  /// folio with `--pixels kitty` in a tmux session (passthrough on or off), started by a key
  /// once tmux records what it writes to `record`.
  func start(passthrough: Bool, record: String, scratch: ScratchFolder) throws -> TmuxSession {
    let path = try FixtureLibrary.path(.manual)
    let folio = [FolioProcess.executable, "--pixels", "kitty", "--no-remember", path]
      .map(TmuxSession.quote).joined(separator: " ")
    let tmux = try TmuxSession(command: "read go; " + folio, environment: scratch.environment)
    try tmux.run(["set-option", "-g", "allow-passthrough", passthrough ? "on" : "off"])
    try tmux.run(["pipe-pane", "-o", "-t", tmux.name, "cat >> " + TmuxSession.quote(record)])
    try tmux.send("Enter")
    return tmux
  }

  @Test func pagesGoThroughTmuxAndShowAsPlaceholderCells() throws {
    let scratch = try ScratchFolder()
    let record = scratch.path + "/output"
    let tmux = try start(passthrough: true, record: record, scratch: scratch)
    var placeholders = PlaceholderScreen(styled: "")
    _ = try tmux.waitForScreen(timeout: 30) { _ in
      placeholders = PlaceholderScreen(styled: (try? tmux.styledScreen()) ?? "")
      return placeholders.cells.count > 100
    }
    let output = viewer.waitUntilQuiet(record)
    placeholders = PlaceholderScreen(styled: try tmux.styledScreen())
    let model = try TerminalImages(TerminalImages.unwrappingTmux(output))
    // Nothing but passthrough reaches tmux as a kitty sequence.
    #expect(!output.replacingOccurrences(of: "\u{1B}\u{1B}_G", with: "").contains("\u{1B}_G"))
    #expect(placeholders.malformed == 0)
    #expect(placeholders.everyImageIsWhole)
    let sent = Dictionary(
      model.images.map { (UInt32($0.keys["i"] ?? "") ?? 0, $0) },
      uniquingKeysWith: { first, _ in first })
    let grids = Dictionary(
      model.commands.filter { $0["a"] == "p" && $0["U"] == "1" }.map {
        (UInt32($0["i"] ?? "") ?? 0, (Int($0["c"] ?? "") ?? 0, Int($0["r"] ?? "") ?? 0))
      }, uniquingKeysWith: { first, _ in first })
    #expect(!placeholders.ids.isEmpty)
    let document = try PopplerDocument.open(
      readablePath: try FixtureLibrary.path(.manual), named: "manual.pdf")
    for id in placeholders.ids {
      let image = try #require(sent[id], "cells of image \(id), never sent")
      let grid = try #require(grids[id], "image \(id) has no virtual placement")
      for cell in placeholders.cells where cell.id == id {
        #expect(cell.column < grid.0 && cell.row < grid.1)
      }
      // The image is a page of the document.
      let best = try TerminalImages.likenessToPages(image, of: document)
      #expect(best >= 0.97, "image \(id) is like no page: \(best)")
    }
    // The search prompt and its hits over the pages: the pages stay images around the hits'
    // tints; closed, the same images, none sent again.
    let sentBefore = model.images.count
    try tmux.send("/")
    try tmux.send("the", literal: true)
    let searching = try tmux.waitForScreen { screen in
      screen.contains { $0.hasPrefix("/the") }
        && PlaceholderScreen(styled: (try? tmux.styledScreen()) ?? "").cells.count > 100
    }
    #expect(searching.contains { $0.hasPrefix("/the") })
    let around = PlaceholderScreen(styled: try tmux.styledScreen())
    #expect(around.cells.count > 100 && around.malformed == 0)
    #expect(around.ids.isSubset(of: placeholders.ids))
    try tmux.send("Escape")
    _ = try tmux.waitForScreen { _ in
      PlaceholderScreen(styled: (try? tmux.styledScreen()) ?? "").ids == placeholders.ids
    }
    #expect(PlaceholderScreen(styled: try tmux.styledScreen()).ids == placeholders.ids)
    let again = try TerminalImages(TerminalImages.unwrappingTmux(viewer.waitUntilQuiet(record)))
    #expect(again.images.count == sentBefore)
    // Quitting deletes each of its images by id, and no other program's.
    try tmux.send("q")
    _ = try tmux.waitFor("[exited]")
    let last = try viewer.waitForOutput(record, "deletions") { text in
      guard let model = try? TerminalImages(TerminalImages.unwrappingTmux(text)) else {
        return false
      }
      return Set(sent.keys).isSubset(
        of: Set(model.commands.filter { $0["d"] == "I" }.compactMap { UInt32($0["i"] ?? "") }))
    }
    let ending = try TerminalImages(TerminalImages.unwrappingTmux(last))
    #expect(!ending.commands.contains { $0["d"] == "A" })
  }

  @Test func withoutPassthroughThePagesAreBlockArtAndTheStatusLineSaysWhy() throws {
    let scratch = try ScratchFolder()
    let record = scratch.path + "/output"
    let tmux = try start(passthrough: false, record: record, scratch: scratch)
    _ = try tmux.waitFor("allow-passthrough")
    // The pages drawn (no shade of a page on its way left).
    _ = try tmux.waitForScreen(timeout: 30) { !$0.joined().contains("░") }
    let output = viewer.waitUntilQuiet(record)
    #expect(!output.contains("Ptmux"))
    #expect(!output.contains("\u{1B}_G"))
    let screen = try tmux.styledScreen()
    #expect(!screen.unicodeScalars.contains { $0.value == 0x10EEEE })
    #expect(screen.contains("Page 1"))
  }

  @Test func sequencesPassThroughTmuxEachInItsOwnWrapping() {
    let sequences =
      KittySequences.virtualPlacement(of: 5, over: CellSize(columns: 3, rows: 2))
      + KittySequences.deletion(of: 5)
    let wrapped = String(decoding: KittySequences.throughTmux(sequences), as: UTF8.self)
    #expect(wrapped.components(separatedBy: "\u{1B}Ptmux;").count == 3)
    #expect(TerminalImages.unwrappingTmux(wrapped) == String(decoding: sequences, as: UTF8.self))
    // Only the wrapping's own ESC \ is single.
    #expect(
      wrapped.replacingOccurrences(of: "\u{1B}\u{1B}", with: "").components(
        separatedBy: "\u{1B}\\"
      ).count == 3)
  }
}
