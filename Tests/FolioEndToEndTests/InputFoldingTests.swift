import FolioFixtures
import Foundation
import Testing

/// Keys that come faster than frames (a key held down with a fast repeat, a trackpad, a
/// script) are folded into one update and one frame: the view keeps up with any input rate.
@Suite("Input folding")
struct InputFoldingTests {
  /// 20,300 PageDowns sent as fast as tmux takes them through the 15,000-page fixture in the
  /// continuous view: the last page shows within 20 s of the first key. Handled key by key,
  /// each with its layout pass and the renders of the pages it passed, they took minutes.
  @Test func aStreamOfPageDownsReachesTheEndOfAHugeDocument() throws {
    // Generating the fixture is not what is measured.
    _ = try FixtureLibrary.path(.huge)
    // 48 rows of 80 columns: a PageDown moves about 0.85 of these pages, 20,300 reach the end.
    let folio = try FolioSession(
      .huge, arguments: ["--mode", "continuous"], columns: 80, rows: 48)
    try folio.expectStatus("1 / 15000", "continuous")
    let first = Date()
    try folio.tmux.run(["send-keys", "-t", folio.tmux.name, "-N", "20300", "NPage"])
    try folio.expectPage(15_000, of: 15_000, timeout: max(1, 20 - Date().timeIntervalSince(first)))
    #expect(Date().timeIntervalSince(first) < 20)
    try folio.quit()
  }
}
