import FolioCore
import FolioFixtures
import FolioPoppler
import FolioRaster
import Foundation
import Testing

/// The viewer with `--pixels kitty`, its bytes recorded by tmux (`pipe-pane`) and read back by
/// the terminal model: pages are sent once and placed over their cells, cropped when cut;
/// something drawn over the pages takes the placements off; quitting deletes every image.
@Suite("Pixel viewer")
struct PixelViewerTests {
  /// Waits until the recorded bytes satisfy `condition`.
  func waitForOutput(
    _ path: String, _ what: String, timeout: Double = 30, _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var text = ""
    repeat {
      text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
      if condition(text) { return text }
      usleep(50_000)
    } while Date() < deadline
    Issue.record("no \(what) in \(text.utf8.count) bytes")
    return text
  }

  /// Waits until nothing more is written for a second (every image on screen sent and
  /// placed), at most 20 s; returns what was written.
  func waitUntilQuiet(_ path: String) -> String {
    let deadline = Date().addingTimeInterval(20)
    var last = -1
    var quietSince = Date()
    while Date() < deadline {
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      if size != last {
        (last, quietSince) = (size, Date())
      } else if Date().timeIntervalSince(quietSince) >= 1 {
        break
      }
      usleep(50_000)
    }
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  @Test func pagesAreSentOncePlacedAndTakenOffWhenCoveredAndDeletedAtTheEnd() throws {
    let path = try FixtureLibrary.path(.manual)
    let scratch = try ScratchFolder()
    let record = scratch.path + "/output"
    let folio = [
      "env", "-u", "TMUX", "TERM=xterm-256color", FolioProcess.executable, "--pixels", "kitty",
      "--no-remember", path,
    ].map(TmuxSession.quote).joined(separator: " ")
    // Started by a key once tmux records the pane.
    let tmux = try TmuxSession(
      command: "read go; " + folio, environment: scratch.environment)
    try tmux.run(["pipe-pane", "-o", "-t", tmux.name, "cat >> " + TmuxSession.quote(record)])
    try tmux.send("Enter")
    _ = try waitForOutput(record, "placements") { $0.contains("a=p,") }
    var output = waitUntilQuiet(record)
    // Every placement shows an image sent before it, of a page of the document.
    let document = try PopplerDocument.open(readablePath: path, named: "manual.pdf")
    var model = try TerminalImages(output)
    let sent = Dictionary(
      model.images.map { ($0.keys["i"] ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    let placements = model.commands.filter { $0["a"] == "p" }
    #expect(!placements.isEmpty)
    for placement in placements {
      let image = try #require(sent[placement["i"] ?? ""], "placement of an image never sent")
      #expect(placement["q"] == "2" && placement["C"] == "1")
      let best = try TerminalImages.likenessToPages(image, of: document)
      #expect(best >= 0.97, "image \(placement["i"] ?? "") is like no page: \(best)")
    }
    // No image is sent twice.
    #expect(Set(model.images.compactMap { $0.keys["i"] }).count == model.images.count)
    let placed = Set(placements.compactMap { $0["i"] })
    // `p`: block art, then images again, placed without being sent again.
    let sentBefore = model.images.count
    try tmux.send("p")
    output = try waitForOutput(record, "removals after p") { text in
      guard let model = try? TerminalImages(text) else { return false }
      return placed.isSubset(
        of: Set(model.commands.filter { $0["a"] == "d" && $0["d"] == "i" }.compactMap { $0["i"] }))
    }
    let placementsBefore = try TerminalImages(output).commands.filter { $0["a"] == "p" }.count
    try tmux.send("p")
    output = try waitForOutput(record, "placements after p again") { text in
      guard let model = try? TerminalImages(text) else { return false }
      return model.commands.filter { $0["a"] == "p" }.count >= placementsBefore + placed.count
    }
    output = waitUntilQuiet(record)
    #expect(try TerminalImages(output).images.count == sentBefore)
    // The search prompt and its hits over the pages: the pages stay placed (cut around the
    // hits' tints), none taken off whole, none sent again (counted from here on).
    let before = output.utf8.count
    try tmux.send("/")
    try tmux.send("the", literal: true)
    let prompt = try tmux.waitForScreen { $0.contains { $0.hasPrefix("/the") } }
    #expect(prompt.contains { $0.hasPrefix("/the") })
    output = waitUntilQuiet(record)
    let searching = try TerminalImages(
      String(decoding: output.utf8.dropFirst(before), as: UTF8.self))
    #expect(searching.images.isEmpty)
    #expect(!searching.commands.contains { $0["a"] == "d" && $0["p"] == nil })
    // Closed: placed whole again, nothing sent.
    try tmux.send("Escape")
    let closed = try tmux.waitForScreen { !$0.contains { $0.hasPrefix("/the") } }
    #expect(!closed.contains { $0.hasPrefix("/the") })
    output = waitUntilQuiet(record)
    #expect(try TerminalImages(output).images.count == sentBefore)
    // Quitting deletes every image.
    try tmux.send("q")
    try tmux.send("q")
    _ = try tmux.waitFor("[exited]")
    output = try waitForOutput(record, "the deletion of every image") {
      $0.contains("a=d,d=A")
    }
    model = try TerminalImages(output)
    #expect(model.commands.last?["d"] == "A")
    // Every image sent is deleted by its id on the way out (kitty keeps images that are not
    // placed through a deletion of what is on screen).
    let deleted = Set(
      model.commands.filter { $0["a"] == "d" && $0["d"] == "I" }.compactMap { $0["i"] })
    #expect(Set(model.images.compactMap { $0.keys["i"] }).isSubset(of: deleted))
  }
}
