import FolioFixtures
import Foundation
import Testing

/// A 15,000-page document: it opens at once, and the far end is a key away.
@Suite("Huge document")
struct HugeDocumentTests {
  @Test func fifteenThousandPagesOpenAndGReachesTheEnd() throws {
    // Generating the fixture is not what is measured.
    _ = try FixtureLibrary.path(.huge)
    let opened = Date()
    let folio = try FolioSession(.huge)
    try folio.expectPage(1, of: 15_000)
    #expect(
      Date().timeIntervalSince(opened) < 10,
      "first frame after \(Date().timeIntervalSince(opened)) s")
    let pressed = Date()
    try folio.press("G")
    try folio.expectPage(15_000, of: 15_000, timeout: 5)
    #expect(Date().timeIntervalSince(pressed) < 5)
    try folio.expectSelected("15000")
    try folio.press("k")
    let up = try folio.waitForStatus { FolioSession.position(in: $0)?.page != 15_000 }
    #expect((FolioSession.position(in: up)?.page ?? 0) < 15_000)
    try folio.press("g")
    try folio.expectPage(1, of: 15_000)
    try folio.type("7500G")
    try folio.expectPage(7500, of: 15_000)
    try folio.expectSelected("7500")
    // Switching modes in the middle of a long document keeps the page.
    try folio.press("Tab")
    try folio.expectStatus("7500 / 15000", "continuous")
    try folio.press("Tab")
    try folio.expectStatus("7500 / 15000", "spread")
    try folio.press("G")
    try folio.expectPage(15_000, of: 15_000)
    try folio.type(":14999")
    try folio.press("Enter")
    try folio.expectPage(14_999, of: 15_000)
    try folio.quit()
  }
}
