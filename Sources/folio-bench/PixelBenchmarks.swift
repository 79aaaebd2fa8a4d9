import FolioCore
import FolioFixtures
import FolioRuntime
import FolioUI
import Foundation

/// Pages as kitty images, with worker processes, as the viewer shows them in kitty (direct
/// placements, 10x20-pixel cells): how long a page's picture takes to be placed after its
/// block art stands in, how many pictures are drawn and how many bytes sent per page shown,
/// and what paging back sends.
enum PixelBenchmarks {
  /// The sequences written since `start`.
  static func text(_ terminal: MemoryTerminal, from start: Int) -> String {
    String(decoding: terminal.sequences.dropFirst(start), as: UTF8.self)
  }

  /// Image transmissions (`a=t`) and their bytes in `text`.
  static func transmissions(in text: String) -> (count: Int, bytes: Int) {
    let chunks = text.components(separatedBy: "\u{1B}_G").dropFirst()
    var count = 0
    var bytes = 0
    var inImage = false
    for chunk in chunks {
      if chunk.hasPrefix("a=t,") {
        count += 1
        inImage = true
      } else if !chunk.hasPrefix("m=") {
        inImage = false
      }
      if inImage { bytes += chunk.utf8.count + 3 }
    }
    return (count, bytes)
  }

  /// Turns the loop until `done` holds (or 30 s pass).
  static func turn(_ browser: Browser<MemoryTerminal>, until done: () -> Bool) throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while !done() {
      guard ContinuousClock.now < deadline else { throw BenchError("pixels never arrived") }
      browser.turn(waitingAtMost: .milliseconds(2))
    }
  }

  static func rows() throws -> [String] {
    let path = try FixtureLibrary.path(.manual)
    let size = CellSize(columns: 120, rows: 40)
    var rows = [
      "| pages as kitty images (manual fixture, 120x40 cells of 10x20 pixels, worker processes)"
        + " | measured | target |",
      "|---|---|---|",
    ]
    for mode in [ViewMode.continuous, .grid] {
      var afterStandIn: [Double] = []
      var perPage: (pictures: Double, bytes: Double) = (0, 0)
      var pagingBack = 0
      for run in 0..<5 {
        let terminal = MemoryTerminal(size: size)
        terminal.recordsSequences = true
        let browser = try PipelineBenchmarks.makeBrowser(
          path: path, size: size, mode: mode, page: PageIndex(0), drawing: .processes,
          terminal: terminal)
        browser.showPagesAsImages(
          cellPixels: PixelSize(width: 10, height: 20), kind: .kitty(.placements))
        // The block art of the screen stands in; then its pictures are placed.
        try turn(browser) { browser.board.isScreenComplete }
        let standIn = ContinuousClock.now
        try turn(browser) { text(terminal, from: 0).contains("a=p,") }
        afterStandIn.append((ContinuousClock.now - standIn).inSeconds)
        // Each screen's pictures arrive before the next: four screens.
        var seen = Set<PageIndex>()
        for screen in 0..<4 {
          if screen > 0 {
            terminal.type([.key(.pageDown)])
            try turn(browser) { terminal.waitingInputCount == 0 }
          }
          seen.formUnion(browser.state.visiblePageRegions.map(\.page))
          try turn(browser) { transmissions(in: text(terminal, from: 0)).count >= seen.count }
        }
        for _ in 0..<40 { browser.turn(waitingAtMost: .milliseconds(5)) }
        let shown = transmissions(in: text(terminal, from: 0))
        let back = terminal.sequences.count
        for _ in 0..<3 {
          terminal.type([.key(.pageUp)])
          try turn(browser) { terminal.waitingInputCount == 0 }
        }
        for _ in 0..<40 { browser.turn(waitingAtMost: .milliseconds(5)) }
        // Back where it started: every page on screen was shown before.
        guard Set(browser.state.visiblePageRegions.map(\.page)).isSubset(of: seen) else {
          throw BenchError("paging back showed pages not shown before")
        }
        pagingBack += transmissions(in: text(terminal, from: back)).bytes
        if run == 0 {
          perPage = (
            Double(shown.count) / Double(seen.count), Double(shown.bytes) / Double(seen.count)
          )
        }
      }
      afterStandIn.sort()
      rows.append(
        "| \(mode.rawValue): first placement after the screen's block art, median / slowest of 5"
          + " | \(Measure.format(afterStandIn[2])) / \(Measure.format(afterStandIn[4])) | ≤ 150 ms |"
      )
      rows.append(
        "| \(mode.rawValue): pictures drawn and sent per page shown, four screens down"
          + " | \(String(format: "%.2f", perPage.pictures)) | 1 |")
      rows.append(
        "| \(mode.rawValue): bytes sent per page shown | "
          + "\(Int(perPage.bytes / 1024)) KiB | — |")
      rows.append(
        "| \(mode.rawValue): image bytes sent paging three screens back (5 runs) | \(pagingBack) | 0 |"
      )
    }
    return rows
  }
}
