import FolioCore
import FolioTestSupport
import Testing

/// The golden screen helper: the text format, the comparison, and the recording switch.
@Suite("Snapshot helper")
struct SnapshotHelperTests {
  /// An 8×3 screen with a wide character, colors of both kinds, attributes, trailing spaces and
  /// a control character.
  static let screen: ScreenBuffer = {
    var screen = ScreenBuffer(size: CellSize(columns: 8, rows: 3))
    let red = TerminalColor.rgb(255, 0, 0)
    screen[0, 0] = Cell("H", foreground: red, attributes: .bold)
    screen[1, 0] = Cell("i", foreground: red, attributes: .bold)
    screen[3, 0] = Cell("漢")
    screen[4, 0] = Cell(" ", isContinuation: true)
    screen[7, 0] = Cell("x", attributes: [.reverse, .underline])
    for x in 0..<4 { screen[x, 1] = Cell(x < 2 ? "a" : " ", background: .indexed(4)) }
    screen[0, 2] = Cell(
      "\t", foreground: .indexed(196), background: .rgb(10, 11, 12), attributes: .dim)
    return screen
  }()

  static let screenText = """
    size 8x3
    Hi 漢  x│
    aa      │
    ␉       │
    style
    0: 0-1 fg=#ff0000 bold; 2-6 plain; 7 reverse underline
    1: 0-3 bg=@4; 4-7 plain
    2: 0 fg=@196 bg=#0a0b0c dim; 1-7 plain

    """

  @Test func screenBecomesText() {
    #expect(ScreenSnapshot.text(of: Self.screen) == Self.screenText)
  }

  @Test func matchingGoldenPasses() {
    expectSnapshot(Self.screen)
  }

  @Test func differingLinesAreNamedWithBothVersions() {
    var changed = Self.screen
    changed[1, 1] = Cell("b", background: .indexed(4), attributes: .bold)
    let actual = ScreenSnapshot.text(of: changed)
    let expected = """
      2 lines differ:
      row 1:
        expected | aa      │
        actual   | ab      │
      style of row 1:
        expected | 1: 0-3 bg=@4; 4-7 plain
        actual   | 1: 0 bg=@4; 1 bg=@4 bold; 2-3 bg=@4; 4-7 plain
      """
    #expect(ScreenSnapshot.difference(expected: Self.screenText, actual: actual) == expected)
    #expect(
      ScreenSnapshot.verdict(actual: actual, golden: Self.screenText, environment: [:])
        == .mismatched(difference: expected))
    #expect(ScreenSnapshot.difference(expected: Self.screenText, actual: Self.screenText) == nil)
  }

  @Test func differenceShowsTheFirstLinesAndCountsTheRest() throws {
    let expected = (0..<10).map { "line \($0)\n" }.joined()
    let actual = (0..<12).map { "line \($0 + 1)\n" }.joined()
    let difference = try #require(
      ScreenSnapshot.difference(expected: expected, actual: actual, limit: 2))
    #expect(
      difference.hasPrefix("12 lines differ:\nsize:\n  expected | line 0\n  actual   | line 1\n"))
    #expect(difference.hasSuffix("… and 10 more"))
  }

  @Test func missingGoldenSaysHowToRecord() throws {
    let verdict = ScreenSnapshot.verdict(actual: Self.screenText, golden: nil, environment: [:])
    #expect(verdict == .missing)
    let message = try #require(verdict.failureMessage(goldenPath: "/t/Snapshots/A/b.txt"))
    #expect(message.contains("RECORD_SNAPSHOTS=1"))
  }

  @Test(arguments: ["1", "true", "YES"])
  func recordingAlwaysFails(value: String) throws {
    let environment = ["RECORD_SNAPSHOTS": value]
    for golden in [Self.screenText, nil, "other"] {
      let verdict = ScreenSnapshot.verdict(
        actual: Self.screenText, golden: golden, environment: environment)
      #expect(verdict == .record)
      #expect(!verdict.passes)
      let message = try #require(verdict.failureMessage(goldenPath: "/t/Snapshots/A/b.txt"))
      #expect(message == "recorded /t/Snapshots/A/b.txt; re-run without RECORD_SNAPSHOTS")
    }
  }

  @Test(arguments: [[:], ["RECORD_SNAPSHOTS": "0"], ["RECORD_SNAPSHOTS": ""], ["OTHER": "1"]])
  func otherwiseTheGoldenDecides(environment: [String: String]) {
    let verdict = ScreenSnapshot.verdict(
      actual: Self.screenText, golden: Self.screenText, environment: environment)
    #expect(verdict == .matched)
    #expect(verdict.passes)
    #expect(verdict.failureMessage(goldenPath: "/t/Snapshots/A/b.txt") == nil)
  }

  @Test func goldensAreNamedAfterTheFileTheTestAndTheName() {
    let file = "/src/Tests/FolioUITests/ViewTests.swift"
    #expect(
      ScreenSnapshot.goldenPath(testFile: file, function: "drawsHelp()", name: nil)
        == "/src/Tests/FolioUITests/Snapshots/ViewTests/drawsHelp.txt")
    #expect(
      ScreenSnapshot.goldenPath(testFile: file, function: "narrow(columns:)", name: "10 cols/ü")
        == "/src/Tests/FolioUITests/Snapshots/ViewTests/narrow.10_cols__.txt")
  }
}
