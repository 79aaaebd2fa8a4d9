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
}
