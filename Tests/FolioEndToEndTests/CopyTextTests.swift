import FolioFixtures
import Foundation
import Testing

/// Taking text out as a person does in tmux: selecting a sentence with the keyboard and with a
/// mouse drag, copying it with `y`, copying a whole page with `Y`; tmux's buffer holds exactly
/// the text.
@Suite("Copying text")
struct CopyTextTests {
  static let lines = [
    "Terminal readers want the words themselves,", "not a gray texture of them,",
    "and a word hyphen-", "ated at a line's end.",
  ]

  static func writeDocument(in folder: ScratchFolder) throws -> String {
    let file = folder.path + "/prose.pdf"
    try FixturePDF.write(
      [FixturePage(width: 612, height: 792, lines: lines), FixturePage(width: 612, height: 792)],
      title: "Prose", to: file)
    return file
  }

  /// A session on the document, the text legible as characters (160 columns).
  static func session(_ folder: ScratchFolder) throws -> FolioSession {
    let file = try writeDocument(in: folder)
    let folio = try FolioSession(
      nil, arguments: [file, "--mode", "continuous"], columns: 160, rows: 50,
      environment: folder.environment)
    try folio.expectScreen("the body text as characters") { screen in
      screen.rows.indices.contains { screen.text(ofRow: $0).contains("texture") }
    }
    return folio
  }

  /// tmux's buffer once it holds something other than `before` (within the deadline).
  static func buffer(of folio: FolioSession, changedFrom before: String = "") -> String {
    let deadline = Date().addingTimeInterval(FolioSession.deadline)
    var buffer = before
    while Date() < deadline {
      buffer = (try? folio.tmux.run(["show-buffer"])) ?? ""
      if !buffer.isEmpty && buffer != before { break }
      usleep(50_000)
    }
    return buffer
  }

  @Test func aSentenceSelectedWithTheKeyboardIsCopiedExactly() throws {
    let folder = try ScratchFolder()
    let folio = try Self.session(folder)
    // The selection starts on the first word on screen; down a line and to its end.
    try folio.press("x")
    try folio.expectStatus("select:")
    try folio.press("j", "$")
    try folio.expectStatus("copies 71 characters")
    try folio.press("y")
    try folio.expectStatus("copied 71 characters")
    #expect(Self.buffer(of: folio) == Self.lines[0] + "\n" + Self.lines[1])
    // Words hyphenated at a line's end come out whole.
    try folio.press("x", "j", "j", "0", "v", "j", "$", "y")
    try folio.expectStatus("copied")
    #expect(
      Self.buffer(of: folio, changedFrom: Self.lines[0] + "\n" + Self.lines[1])
        == "and a word hyphenated\nat a line's end.")
    try folio.quit()
  }

  @Test func aMouseDragSelectsAndYCopies() throws {
    let folder = try ScratchFolder()
    let folio = try Self.session(folder)
    let screen = try folio.screen()
    guard let row = screen.firstIndex(where: { $0.contains("gray") }),
      let gray = screen[row].range(of: "gray"), let them = screen[row].range(of: "them,")
    else {
      Issue.record("no line with “gray … them,” on screen:\n\(screen.joined(separator: "\n"))")
      return
    }
    let start = screen[row].distance(from: screen[row].startIndex, to: gray.lowerBound)
    let end = screen[row].distance(from: screen[row].startIndex, to: them.lowerBound) + 2
    // Press on "gray", drag with the button down, release on "them,".
    try folio.mouse([(0, start + 1, row)])
    usleep(300_000)
    try folio.mouse([(32, start + 6, row), (32, end, row), (3, end, row)])
    try folio.expectStatus("copies 21 characters")
    try folio.press("y")
    try folio.expectStatus("copied 21 characters")
    #expect(Self.buffer(of: folio) == "gray texture of them,")
    try folio.quit()
  }

  @Test func braceStopsAtAParagraphsEndAndParagraphsAreCopiedApart() throws {
    let folder = try ScratchFolder()
    let file = folder.path + "/paragraphs.pdf"
    // Two paragraphs a blank line apart, as a document with space between paragraphs sets them.
    let lines = [
      "Paragraphs are set apart", "by a blank line's space.", "", "The second paragraph",
      "ends here.",
    ]
    try FixturePDF.write(
      [FixturePage(width: 612, height: 792, lines: lines)], title: "Paragraphs", to: file)
    let folio = try FolioSession(
      nil, arguments: [file, "--mode", "continuous"], columns: 160, rows: 50,
      environment: folder.environment)
    try folio.expectScreen("the body text as characters") { screen in
      screen.rows.indices.contains { screen.text(ofRow: $0).contains("Paragraphs") }
    }
    // `}` from the first word: the first paragraph, not the second one's first word.
    try folio.press("x")
    try folio.expectStatus("select:")
    try folio.press("}", "y")
    try folio.expectStatus("copied")
    let first = "Paragraphs are set apart\nby a blank line's space."
    #expect(Self.buffer(of: folio) == first)
    // Both paragraphs: an empty line between them.
    try folio.press("x")
    try folio.expectStatus("select:")
    try folio.press("}", "}", "y")
    try folio.expectStatus("copied")
    #expect(
      Self.buffer(of: folio, changedFrom: first)
        == first + "\n\nThe second paragraph\nends here.")
    try folio.quit()
  }

  @Test func yCopiesTheWholePage() throws {
    let folder = try ScratchFolder()
    let folio = try Self.session(folder)
    try folio.press("Y")
    try folio.expectStatus("copied", "page 1")
    #expect(
      Self.buffer(of: folio)
        == "Terminal readers want the words themselves,\nnot a gray texture of them,\n"
        + "and a word hyphenated\nat a line's end.")
    try folio.quit()
  }
}
