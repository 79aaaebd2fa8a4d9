import FolioFixtures
import FolioTestSupport
import Foundation
import Testing

/// Pages whose boxes are absurd (1e17 points wide, 1e-14 high, 2^63 wide), the last page
/// among them: every view prints a frame, and the viewer survives its background reader of
/// page sizes and every view, then quits cleanly.
@Suite("Extreme page boxes")
struct ExtremeBoxTests {
  @Test func popplerSeesTheBoxesAsWritten() throws {
    let path = try FixtureLibrary.path(.extremeBoxes)
    let info = try ChildProcess.run("pdfinfo", ["-f", "1", "-l", "9", path]).outputText
    #expect(info.contains("Page    2 size:  1e+17 x 792 pts"), "\(info)")
    #expect(info.contains("Page    9 size:  1e+17 x 792 pts"), "\(info)")
  }

  @Test(arguments: ["page", "grid", "continuous", "spread"])
  func everyViewPrintsAFrame(mode: String) throws {
    let path = try FixtureLibrary.path(.extremeBoxes)
    for page in ["1", "2", "9"] {
      let modeArguments = mode == "page" ? [] : ["--mode", mode]
      let result = try FolioProcess.run(
        ["--print", "--size", "70x20", "--colors", "256", "--page", page] + modeArguments + [path])
      #expect(
        result.status == 0,
        "\(mode) page \(page): \(CorpusPrintTests.crashReport(result.standardError))")
      #expect(result.standardError.isEmpty, "\(mode) page \(page): \(result.standardError)")
      let problems = AnsiTextChecks.problems(
        in: result.standardOutput, columns: 70, rows: 20, colored: true)
      #expect(problems.isEmpty, "\(mode) page \(page): \(problems.prefix(3))")
    }
  }

  @Test func theViewerSurvivesEveryView() throws {
    let folio = try FolioSession(.extremeBoxes)
    try folio.expectStatus("1 / 9", "grid")
    try folio.press("G")
    try folio.expectStatus("9 / 9")
    for (key, mode) in [("2", "continuous"), ("3", "spread"), ("1", "grid")] {
      try folio.press(key)
      try folio.expectStatus("9 / 9", mode)
      try folio.press("g")
      try folio.expectStatus("1 / 9", mode)
      try folio.press("G")
      try folio.expectStatus("9 / 9", mode)
    }
    try folio.press("+")
    try folio.press("q")
    let screen = try folio.tmux.waitFor("[exited]")
    #expect(screen.contains { $0.contains("[exited] 0") }, "\(screen)")
  }
}
