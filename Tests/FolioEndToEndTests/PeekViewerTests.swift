import Foundation
import Testing

/// Peeking at a link's target in the viewer (issue 50, item 2), on a two-column paper built by
/// pdfLaTeX with hyperref (Tests/Fixtures/Peek, `make peek-fixture`): `P` and a citation's hint
/// show the reference entry in a box without moving; Enter goes there and Ctrl-O comes back;
/// the figure reference shows the figure (a crop of the page) over its caption.
@Suite("Peek in the viewer", .serialized)
struct PeekViewerTests {
  static let paper = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/Peek/paper.pdf").path

  /// The rows of the peek's box (between its corners), once one shows.
  static func box(in session: FolioSession, what: String) throws -> String {
    let screen = try session.expectScreen("a peek box with \(what)") { screen in
      let rows = screen.rows.indices.map { screen.text(ofRow: $0) }
      return rows.contains { $0.contains("┌─ p.") } && rows.joined().contains(what)
    }
    return screen.rows.indices.map { screen.text(ofRow: $0) }
      .filter { $0.contains("│") || $0.contains("┌") }
      .joined(separator: "\n")
  }

  @Test func aCitationShowsItsReferenceAndTheFigureItsCaption() throws {
    let scratch = try ScratchFolder()
    let session = try FolioSession(
      nil, arguments: [Self.paper, "--mode", "continuous", "--no-remember"], columns: 120,
      rows: 40, environment: scratch.environment)
    defer { try? session.quit() }
    try session.waitForRenders()
    // The hints go top to bottom, left to right: “a” is the first citation, [1].
    try session.press("P")
    try session.expectStatus("peek at a link")
    try session.press("a")
    let entry = try Self.box(in: session, what: "[1] A. Fresnel.")
    #expect(entry.contains("Paris, 1822."), "\(entry)")
    #expect(!entry.contains("[2] A. Stevenson"), "one entry: \(entry)")
    try session.expectPage(1, of: 3)
    try session.press("Enter")
    try session.expectPage(3, of: 3)
    try session.press("C-o")
    try session.expectPage(1, of: 3)
    // “f” is “Figure 1” (after [1], [2], [3] in the first column).
    try session.press("P")
    try session.press("f")
    let caption = try Self.box(in: session, what: "Figure 1: A")
    #expect(caption.contains("┌─ p. 2"), "\(caption)")
    #expect(caption.contains("catadioptric prisms above and below."), "\(caption)")
    // Above the caption, the figure itself: a crop of the page drawn as block art.
    try session.expectScreen("the figure's crop above its caption") { screen in
      let rows = screen.rows.indices.map { screen.text(ofRow: $0) }
      guard let top = rows.firstIndex(where: { $0.contains("┌─ p. 2") }),
        let caption = rows.firstIndex(where: { $0.contains("Figure 1: A") }), top < caption
      else { return false }
      return rows[(top + 1)..<caption].contains { row in
        row.unicodeScalars.contains {
          (0x2580...0x259F).contains($0.value) || (0x1FB00...0x1FB3B).contains($0.value)
        }
      }
    }
    // The other column's words on the caption's lines are left out.
    #expect(!caption.contains("signal light"), "\(caption)")
    try session.press("Escape")
    try session.expectScreen("the box closed") { screen in
      !screen.rows.indices.contains { screen.text(ofRow: $0).contains("┌─ p.") }
    }
    try session.expectPage(1, of: 3)
  }

  /// The same paper reflowed: LaTeX's default 10 pt gutter, which Poppler reads a line of both
  /// columns at a time, comes out column by column (`ColumnOrder`).
  @Test func theNarrowGutterPaperReadsColumnByColumn() throws {
    let scratch = try ScratchFolder()
    let result = try FolioProcess.run(
      ["--print", "--mode", "read", "--size", "80x40", "--colors", "none", Self.paper],
      environment: scratch.environment)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    let heading = try #require(lines.firstIndex { $0.hasSuffix("1 Introduction") })
    let next = lines.dropFirst(heading + 1).first { !$0.isEmpty }
    #expect(next?.hasPrefix("Fresnel’s lens changed coastal lighting [1]") == true, "\(lines)")
  }
}
