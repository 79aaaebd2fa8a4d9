import Foundation
import Testing

/// The reading view in the viewer (issue 50, item 1), on the two-column hyperref paper built
/// by pdfLaTeX (Tests/Fixtures/Peek): `--mode read` shows the text reflowed at 80 columns,
/// headings bold; the figure drawn without text is a crop between the paragraph the float
/// interrupted and its caption; a search's hit is tinted on its word and `n` moves to the
/// next; `2` then `4` comes back to the same line; `f` labels a citation on its word.
@Suite("The reading view in the viewer", .serialized)
struct ReadingViewerTests {
  static let paper = PeekViewerTests.paper

  func rows(_ screen: StyledScreen) -> [String] {
    screen.rows.indices.map { screen.text(ofRow: $0) }
  }

  @Test func thePaperReadsColumnByColumnWithItsFigureAndSearchAndSwitching() throws {
    let scratch = try ScratchFolder()
    let session = try FolioSession(
      nil, arguments: [Self.paper, "--mode", "read", "--no-remember"], columns: 100, rows: 40,
      environment: scratch.environment)
    defer { try? session.quit() }
    let first = try session.expectScreen("the first page reflowed") { screen in
      rows(screen).contains { $0.contains("Fresnel’s lens changed coastal lighting [1]") }
    }
    let text = rows(first)
    // Centred at 80 columns in 100: ten columns of margin.
    let rule = try #require(text.first { $0.contains("── 1 ──") })
    #expect(rule.hasPrefix("          ──"))
    let heading = try #require(first.rows.indices.first { text[$0].contains("1 Introduction") })
    let column = try #require(text[heading].firstIndex(of: "1")).utf16Offset(in: text[heading])
    #expect(first.rows[heading][column].isBold)
    try session.expectStatus("read")

    // Page 2: the paragraph the figure interrupted goes on in the right column, then the
    // figure's crop (block art, no letters), then its caption.
    try session.go(to: 2)
    try session.type("20j")
    try session.sync()
    let second = try session.expectScreen("page 2 with its figure") { screen in
      rows(screen).contains { $0.contains("Figure 1: A first-order Fresnel lens") }
        && rows(screen).contains { $0.contains("reflector tower reflector harbour") }
    }
    let lines = rows(second)
    let joined = try #require(lines.firstIndex { $0.contains("reflector tower reflector harbour") })
    let caption = try #require(lines.firstIndex { $0.contains("Figure 1: A first-order") })
    let between = lines[(joined + 1)..<caption].filter {
      !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }
    #expect(between.count >= 3, "the figure's crop: \(between)")
    #expect(
      between.dropFirst(2).allSatisfy { !$0.contains { $0.isLetter } },
      "no words in the figure's crop: \(between)")

    // A search: the hit tinted on its word; the status says which.
    try session.press("g")
    try session.type("/Fresnel")
    try session.press("Enter")
    try session.expectStatus("hit 1 /")
    try session.expectScreen("the hit tinted") { screen in
      screen.rows.indices.contains { y in
        let row = screen.rows[y]
        let text = screen.text(ofRow: y)
        guard let range = text.range(of: "Fresnel") else { return false }
        let x = text.distance(from: text.startIndex, to: range.lowerBound)
        return row[x].background != nil && row[x].background != row[max(0, x - 2)].background
      }
    }

    // Switching to the continuous view and back: the same line at the top.
    try session.type("9j")
    try session.sync()
    let before = try session.expectScreen("scrolled") { rows($0)[0].contains { $0.isLetter } }
    let top = rows(before)[0].trimmingCharacters(in: .whitespaces)
    try session.press("2")
    try session.expectStatus("continuous")
    try session.press("4")
    try session.expectStatus("read")
    try session.expectScreen("the same top line: \(top)") {
      rows($0)[0].trimmingCharacters(in: .whitespaces) == top
    }
  }

  @Test func hintsLabelCitationsOnTheirWordsAndEnterFollows() throws {
    let scratch = try ScratchFolder()
    let session = try FolioSession(
      nil, arguments: [Self.paper, "--mode", "read", "--no-remember"], columns: 100, rows: 40,
      environment: scratch.environment)
    defer { try? session.quit() }
    try session.expectScreen("the first page reflowed") { screen in
      rows(screen).contains { $0.contains("Fresnel’s lens changed coastal lighting [1]") }
    }
    try session.press("f")
    try session.expectStatus("follow a link")
    // The first hint is on the first citation, "[1]", in the reflowed line.
    let hinted = try session.expectScreen("a hint on [1]") { screen in
      rows(screen).contains { $0.contains("coastal lighting") && !$0.contains("lighting [1]") }
    }
    #expect(rows(hinted).contains { $0.contains("coastal lighting") })
    try session.press("a")
    try session.expectPage(3, of: 3)
    try session.press("C-o")
    try session.expectPage(1, of: 3)
  }
}
