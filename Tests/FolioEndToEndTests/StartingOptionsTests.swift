import FolioFixtures
import Foundation
import Testing

/// Starting options (`--mode`, `--page`, `--spreads`, `--rtl`, `--invert`): folio opens where
/// they say.
@Suite("Starting options")
struct StartingOptionsTests {
  @Test(arguments: ["grid", "continuous", "spread"])
  func modeOption(mode: String) throws {
    let folio = try FolioSession(.numbered, arguments: ["--mode", mode])
    try folio.expectStatus("1 / 40", mode)
    try folio.quit()
  }

  /// A document of one page opens as a page fitted to the screen, not as a thumbnail in a
  /// corner of an empty grid; `--mode grid` still gives the grid.
  @Test func aOnePageDocumentOpensAsAPage() throws {
    let folio = try FolioSession(.onePage)
    try folio.expectStatus("1 / 1", "continuous")
    try folio.quit()
    let grid = try FolioSession(.onePage, arguments: ["--mode", "grid"])
    try grid.expectStatus("1 / 1", "grid")
    try grid.quit()
  }

  @Test
  func pageOptionTakesNumbersAndLabels() throws {
    let folio = try FolioSession(.numbered, arguments: ["--page", "17"])
    try folio.expectPage(17, of: 40)
    try folio.expectSelected("17")
    try folio.quit()
    let sample = try FolioSession(nil, arguments: ["--page", "iii"])
    try sample.expectStatus("iii · 4 / 24")
    try sample.quit()
    // A number counts pages, even where a page is labeled with it (the sample's "1" is page 5).
    let first = try FolioSession(nil, arguments: ["--page", "1"])
    try first.expectStatus("Cover · 1 / 24")
    try first.quit()
  }

  @Test
  func spreadOptionsPutPageTwoLeftOfPageOne() throws {
    let folio = try FolioSession(
      .numbered, arguments: ["--mode", "spread", "--spreads", "double", "--rtl", "--page", "1"])
    try folio.expectStatus("1 / 40", "spread", "double", "RTL")
    try folio.expectScreen("page 2 (blue) left of page 1 (pink)") { screen in
      let band = 0..<(folio.rows / 2)
      guard let left = screen.meanRedness(columns: 0..<(folio.columns / 2), rows: band),
        let right = screen.meanRedness(columns: (folio.columns / 2)..<folio.columns, rows: band)
      else { return false }
      return left < -30 && right > 30
    }
    try folio.quit()
  }

  @Test
  func invertOptionStartsOnDarkPaper() throws {
    let light = try FolioSession(.numbered)
    try light.waitForRenders()
    let area = 0..<light.columns
    let rows = 0..<(light.rows - 1)
    let lightness = try #require(try light.styled().meanLightness(columns: area, rows: rows))
    try light.quit()
    let dark = try FolioSession(.numbered, arguments: ["--invert"])
    try dark.expectScreen("dark paper") { screen in
      (screen.meanLightness(columns: area, rows: rows) ?? 255) < lightness - 60
    }
    try dark.quit()
  }

  @Test func theSampleIsBuiltIntoTheExecutableWhereverItIsCopied() throws {
    let directory = FixtureLibrary.directory + "/copied-\(getpid())-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let copy = directory + "/folio"
    // Written through a close-on-exec descriptor, so that no child another test forks meanwhile
    // keeps it open for writing ("text file busy" when it runs).
    let bytes = try Data(contentsOf: URL(fileURLWithPath: FolioProcess.executable))
    let file = open(copy, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    try #require(file >= 0)
    let written = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    close(file)
    try #require(written == bytes.count)
    // A fork by another test between our open and close still holds the file briefly.
    var attempts = 0
    let result: ChildProcess.Result
    while true {
      do {
        result = try ChildProcess.run(
          copy, ["--print", "--mode", "grid", "--size", "100x30", "--colors", "none"],
          workingDirectory: directory, mergesErrorIntoOutput: true)
        break
      } catch let error as ChildProcess.StartError where attempts < 50 && error.code == ETXTBSY {
        attempts += 1
        usleep(20_000)
      }
    }
    let text = result.outputText
    #expect(result.status == 0, "\(text)")
    #expect(text.contains("Folio sample document"), "\(text)")
    #expect(text.contains("1 / 24"), "\(text)")
  }

  @Test func noColorMeansNoColorUnlessColorsSaysOtherwise() throws {
    let plain = try FolioSession(.numbered, environment: ["NO_COLOR": "1"])
    try plain.waitForRenders()
    let rows = 0..<(plain.rows - 1)
    #expect(try plain.styled().meanLightness(columns: 0..<plain.columns, rows: rows) == nil)
    try plain.quit()
    let colored = try FolioSession(
      .numbered, arguments: ["--colors", "256"], environment: ["NO_COLOR": "1"])
    try colored.waitForRenders()
    #expect(try colored.styled().meanLightness(columns: 0..<colored.columns, rows: rows) != nil)
    try colored.quit()
  }
}
