import Foundation
import Testing

/// Leaving a page view and coming back: the exact place left, not the page's top.
@Suite("Places left")
struct PlaceLeftTests {
  /// Esc to the grid and `2` back (or Tab round) finds the exact line left, not the page's top.
  /// Each key is followed by the mode it leads to, awaited before the next key is sent (a status
  /// read right after a key may still be the one before it).
  @Test(arguments: [
    ["Escape", "grid", "2", "continuous"],
    ["Tab", "spread", "Tab", "grid", "Tab", "continuous"],
  ])
  func comingBackToTheContinuousViewFindsTheLineLeft(keysAndModes: [String]) throws {
    let scratch = try ScratchFolder()
    let folio = try FolioSession(
      .numbered, arguments: ["--mode", "continuous", "--page", "17", "--no-remember"],
      environment: scratch.environment)
    try folio.type("9j")
    try folio.waitForRenders()
    func shown() throws -> [String] {
      try folio.screen().dropLast().map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }
    let before = try shown()
    let status = try folio.status()
    for step in stride(from: 0, to: keysAndModes.count, by: 2) {
      try folio.press(keysAndModes[step])
      let mode = keysAndModes[step + 1]
      let status = try folio.waitForStatus { $0.contains("  \(mode)  ") && !$0.contains("…") }
      #expect(status.contains("  \(mode)  "), "after \(keysAndModes[step]): \(status)")
    }
    try folio.waitForRenders()
    #expect(try shown() == before)
    #expect(
      FolioSession.position(in: try folio.status())?.page == FolioSession.position(in: status)?.page
    )
    try folio.quit()
  }
}
