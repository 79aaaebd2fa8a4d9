import FolioFixtures
import Foundation
import Testing

/// `folio --print --mode read`: a built three-page paper reflowed for reading, its running
/// head and page numbers left out, its heading found, its two columns read one after the other,
/// wrapped at 80 and 40 columns with wide characters.
struct ReadPrintTests {
  /// Three pages: a numbered heading and a paragraph with a hyphenated word; two columns, the
  /// right one going on with the left one's last sentence; a Japanese paragraph. A running
  /// head on top of each page, its number at the bottom.
  static func paper(at path: String) throws {
    func page(_ number: Int, _ body: [FixtureText]) -> FixturePage {
      FixturePage(
        width: 612, height: 792,
        texts: [
          FixtureText("Proceedings of Terminal Reading 2026, volume 4", x: 72, y: 40, size: 9),
          FixtureText("\(number)", x: 303, y: 760, size: 9),
        ] + body)
    }
    func lines(_ texts: [String], x: Double, y: Double, family: String = "DejaVu Sans")
      -> [FixtureText]
    {
      texts.enumerated().map {
        FixtureText($0.element, x: x, y: y + 13 * Double($0.offset), family: family)
      }
    }
    let first =
      [FixtureText("1 Introduction", x: 72, y: 100, size: 16, isBold: true)]
      + lines(
        [
          "Readers of papers in a narrow terminal pane want the text of",
          "each page in the order it is read, so the lines of a paragraph",
          "are joined again and a word broken at a line's end by reflow-",
          "ing comes back whole for them.",
        ], x: 72, y: 130)
    let second =
      lines(
        [
          "The left column starts here", "and its last sentence is cut",
          "off at the column's foot and",
        ], x: 72, y: 100)
      + lines(
        [
          "continues in the right column", "which ends the paragraph now.",
        ], x: 330, y: 100)
    let third = lines(
      [
        "日本語の文章は単語の間に空白を置かずに書かれるので行の",
        "どこでも折り返すことができる。",
      ], x: 72, y: 100, family: "Droid Sans Fallback")
    try FixturePDF.write([page(1, first), page(2, second), page(3, third)], to: path)
  }

  static func read(_ path: String, size: String, colors: String = "none") throws -> String {
    let run = try PrintCommandTests.run([
      "--print", "--mode", "read", "--size", size, "--colors", colors, path,
    ])
    #expect(run.status == 0)
    #expect(run.error.isEmpty)
    return run.output
  }

  @Test func reflowsAPaperWithoutItsRunningHeadAndPageNumbers() throws {
    let scratch = try ScratchFolder()
    let path = scratch.path + "/paper.pdf"
    try Self.paper(at: path)
    let output = try Self.read(path, size: "80x24")
    let lines = output.split(separator: "\n").map(String.init)
    // The text as read, whatever the wrapping.
    let text = lines.joined(separator: " ")
    // The heading, in bold where colors are on.
    #expect(lines.contains("1 Introduction"))
    #expect(try Self.read(path, size: "80x24", colors: "256").contains("\u{1B}[1m1 Introduction"))
    // The paragraph's lines joined, the hyphenated word whole.
    #expect(text.contains("the text of each page"))
    #expect(text.contains("by reflowing comes back"))
    #expect(!output.contains("reflow-"))
    // No running head, no line that is only a number; a rule where each page starts.
    #expect(!output.contains("Proceedings"))
    #expect(!lines.contains { Int($0.trimmingCharacters(in: .whitespaces)) != nil })
    #expect(lines.filter { $0.hasPrefix("── ") }.map { $0.prefix(4) } == ["── 1", "── 2", "── 3"])
    // The left column, then the right one, its sentence joined across the columns.
    #expect(
      text.contains(
        "The left column starts here and its last sentence is cut off at the column's foot and continues in the right column which ends the paragraph now."
      ))
  }

  @Test func wrapsAtTheWidthWithWideCharacters() throws {
    let scratch = try ScratchFolder()
    let path = scratch.path + "/paper.pdf"
    try Self.paper(at: path)
    func columns(_ line: Substring) -> Int {
      line.unicodeScalars.reduce(0) { $0 + ((0x3000...0x9FFF).contains($1.value) ? 2 : 1) }
    }
    for width in [80, 40] {
      let lines = try Self.read(path, size: "\(width)x24").split(separator: "\n")
      #expect(lines.allSatisfy { columns($0) <= width })
      // The Japanese paragraph, its two lines joined without a space (84 columns), fills
      // each line and wraps.
      let japanese = lines.filter { $0.unicodeScalars.contains { $0.value >= 0x3000 } }
      #expect(japanese.count == (width == 80 ? 2 : 3))
      #expect(japanese.map(columns).max() == width)
      #expect(japanese.joined().contains("行のどこでも"))
    }
    // Wider than the measure: 80 columns centred in 120.
    let wide = try Self.read(path, size: "120x24").split(separator: "\n")
    #expect(wide.allSatisfy { $0.hasPrefix(String(repeating: " ", count: 20)) })
    #expect(wide.map(columns).max() == 100)
  }

  @Test func pagesArePrintedAsAskedAndBadRequestsAreOneLine() throws {
    let scratch = try ScratchFolder()
    let path = scratch.path + "/paper.pdf"
    try Self.paper(at: path)
    let second = try PrintCommandTests.run([
      "--print", "--mode", "read", "--pages", "2-2", "--colors", "none", path,
    ])
    #expect(second.status == 0)
    #expect(second.output.hasPrefix("── 2 "))
    #expect(!second.output.contains("── 1 ") && !second.output.contains("── 3 "))
    for arguments in [
      ["--mode", "read", path], ["--print", "--mode", "read", "--pages", "3-1", path],
      ["--print", "--mode", "read", "--pages", "9", path], ["--print", "--pages", "1", path],
    ] {
      let run = try PrintCommandTests.run(arguments)
      #expect(run.status != 0)
      #expect(run.output.isEmpty)
      #expect(run.error.split(separator: "\n").count == 1, "\(arguments): \(run.error)")
    }
  }
}
