import FolioFixtures
import Foundation
import Testing

/// Moving through a document as a person does: jumps and marks across a restart, and picking
/// pages for a pipeline.
@Suite("Navigate")
struct NavigateTests {
  @Test func marksSurviveARestartAndJumpsGoBack() throws {
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("book.pdf", pages: 30)
    let first = try FolioSession(nil, arguments: [file], environment: scratch.environment)
    try first.go(to: 17)
    try first.expectPage(17, of: 30)
    try first.press("m", "a")
    try first.expectStatus("mark a set")
    try first.press("G")
    try first.expectPage(30, of: 30)
    try first.press("C-o")
    try first.expectPage(17, of: 30)
    try first.press("C-p")
    try first.expectPage(30, of: 30)
    try first.press("'", "'")
    try first.expectPage(17, of: 30)
    try first.press("g")
    try first.expectPage(1, of: 30)
    try first.quit()

    let second = try FolioSession(nil, arguments: [file], environment: scratch.environment)
    try second.expectPage(1, of: 30)
    try second.press("'", "a")
    try second.expectPage(17, of: 30)
    try second.quit()
  }

  /// One `--pick` run: options, keys, what it prints (nil: checked by hand), exit status.
  struct PickCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var keys: [String]
    var expected: String?
    var status: String
    var testDescription: String { (arguments + keys).joined(separator: " ") }
  }

  static let pickCases: [PickCase] = [
    PickCase(
      arguments: [], keys: ["v", "l", "l", "V", "l", "l", "l", "v", "Enter"], expected: "1-3,6\n",
      status: "0"),
    PickCase(
      arguments: ["--pick-format", "lines"], keys: ["l", "Enter"], expected: "2\n", status: "0"),
    PickCase(
      arguments: ["--pick-format", "labels"], keys: ["v", "j", "V", "Enter"], expected: nil,
      status: "0"),
    PickCase(arguments: [], keys: ["v", "q"], expected: "", status: "130"),
    PickCase(arguments: [], keys: ["v", "Escape"], expected: "", status: "130"),
    PickCase(arguments: [], keys: ["v", "C-c"], expected: "", status: "130"),
  ]

  @Test(arguments: pickCases)
  func pickPrintsThePickedPagesIntoAPipe(case pick: PickCase) throws {
    let (arguments, keys, expected, status) = (
      pick.arguments, pick.keys, pick.expected, pick.status
    )
    let scratch = try ScratchFolder()
    let file = try scratch.writeDocument("slides.pdf", pages: 24)
    let output = scratch.path + "/picked"
    let exit = scratch.path + "/status"
    let folio = try FolioSession(
      nil, arguments: ["--pick", file] + arguments, environment: scratch.environment,
      shellLine: "FOLIO | cat > \(output); echo ${PIPESTATUS[0]} > \(exit)")
    for key in keys { try folio.press(key) }
    let deadline = Date().addingTimeInterval(FolioSession.deadline)
    while !FileManager.default.fileExists(atPath: exit), Date() < deadline { usleep(20_000) }
    var ended = (try? String(contentsOfFile: exit, encoding: .utf8)) ?? ""
    while !ended.hasSuffix("\n"), Date() < deadline {
      usleep(20_000)
      ended = (try? String(contentsOfFile: exit, encoding: .utf8)) ?? ""
    }
    #expect(ended == status + "\n")
    let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? "(none)"
    if let expected {
      #expect(printed == expected)
    } else {
      // Labels: the numbers of the picked pages, one a line, in page order.
      let lines = printed.split(separator: "\n").map(String.init)
      #expect(lines.count >= 2 && lines.first == "1", "\(printed)")
      #expect(lines.map { Int($0) ?? 0 } == (1...lines.count).map { $0 }, "\(printed)")
    }
  }

  @Test func theOutlinePanelFiltersAndJumps() throws {
    let scratch = try ScratchFolder()
    let folio = try FolioSession(
      .navigation, arguments: ["--mode", "continuous"], environment: scratch.environment)
    try folio.press("o")
    try folio.expectScreen("the outline beside the page") { screen in
      let text = screen.rows.indices.map { screen.text(ofRow: $0) }
      return text.contains { $0.contains("Chapter 1") }
        && text.contains { $0.contains("Section 1.1") }
        && !text.contains { $0.contains("Hidden child") }
    }
    try folio.type("/turn")
    try folio.press("Enter", "Enter")
    try folio.expectPage(3, of: 4)
    // Esc clears the kept filter, then closes the panel.
    try folio.press("Escape")
    try folio.expectScreen("the whole outline again") { screen in
      screen.rows.indices.contains { screen.text(ofRow: $0).contains("Chapter 1") }
    }
    try folio.press("Escape")
    try folio.expectScreen("the panel closed") { screen in
      !screen.rows.indices.contains { screen.text(ofRow: $0).contains("Turned page") }
    }
    // The outline entry was a jump: Ctrl-O goes back to page 1.
    try folio.press("C-o")
    try folio.expectPage(1, of: 4)
    try folio.quit()
  }

  /// An outline entry that points back to an earlier page (a summary at the end, pointing to
  /// page 1) does not become the section of every page after it: the section marked is the
  /// entry whose destination is the last at or before the page read.
  @Test func theOutlineMarksTheSectionBeingRead() throws {
    let scratch = try ScratchFolder()
    let file = scratch.path + "/sections.pdf"
    try FixturePDF.write(
      (1...30).map { FixturePage(width: 400, height: 500, headline: "\($0)") }, title: "Sections",
      outline: [
        FixtureOutlineItem("Datasets", target: .page(5)),
        FixtureOutlineItem("Graphics", target: .page(15)),
        FixtureOutlineItem("Summary", target: .page(1)),
        FixtureOutlineItem("Utils", target: .page(25)),
      ], to: file)
    let folio = try FolioSession(
      nil, arguments: [file, "--mode", "continuous", "--page", "12"],
      environment: scratch.environment)
    try folio.press("o")
    try folio.expectScreen("Datasets marked as the section") { screen in
      screen.rows.indices.contains {
        let row = screen.text(ofRow: $0)
        return row.contains("›") && row.contains("Datasets")
      }
    }
    try folio.press("Escape")
    try folio.go(to: 27)
    try folio.press("o")
    try folio.expectScreen("Utils marked as the section") { screen in
      screen.rows.indices.contains {
        let row = screen.text(ofRow: $0)
        return row.contains("›") && row.contains("Utils")
      }
    }
    try folio.press("Escape")
    try folio.quit()
  }

  @Test func aLinkIsFollowedByItsHintAndAURIIsCopiedNotOpened() throws {
    let scratch = try ScratchFolder()
    let folio = try FolioSession(
      .navigation, arguments: ["--mode", "continuous"], environment: scratch.environment)
    try folio.waitForRenders()
    try folio.press("f")
    try folio.expectStatus("follow a link")
    try folio.press("a")
    try folio.expectPage(2, of: 4)
    try folio.press("C-o")
    try folio.expectPage(1, of: 4)
    try folio.press("f")
    try folio.expectStatus("follow a link")
    try folio.press("s")
    try folio.expectStatus("example.com/folio")
    try folio.expectPage(1, of: 4)
    try folio.press("y")
    try folio.expectStatus("copied")
    // Inside tmux the address goes to tmux's buffer as well as through OSC 52.
    let deadline = Date().addingTimeInterval(FolioSession.deadline)
    var buffer = ""
    while Date() < deadline {
      buffer = (try? folio.tmux.run(["show-buffer"])) ?? ""
      if buffer.contains("example.com") { break }
      usleep(50_000)
    }
    #expect(buffer == FixtureLibrary.navigationURI)
    try folio.quit()
  }
}
