import FolioFixtures
import Foundation
import Testing

/// Body-sized headings in the viewer's reading view: those a tagged PDF's structure tree marks
/// (read by the page workers after the text, the page reflowed again) and those set in bold
/// turn bold on screen; the same page untagged and in one weight shows none.
@Suite("Headings in the viewer's reading view", .serialized)
struct ReadingHeadingViewerTests {
  @Test func taggedAndBoldHeadingsAreShownBold() throws {
    let scratch = try ScratchFolder()
    for (tagged, bold) in [(true, false), (false, true), (false, false)] {
      let path = scratch.path + "/\(tagged)-\(bold).pdf"
      try ReadPrintTaggedTests.write(tagged: tagged, bold: bold, to: path)
      let session = try FolioSession(
        nil, arguments: [path, "--mode", "read", "--no-remember"], columns: 100, rows: 30,
        environment: scratch.environment)
      defer { try? session.quit() }
      func isHeading(_ screen: StyledScreen, _ text: String) -> Bool {
        screen.rows.indices.contains { row in
          let line = screen.text(ofRow: row)
          guard let start = line.range(of: text) else { return false }
          return screen.rows[row][line.utf16.distance(from: line.startIndex, to: start.lowerBound)]
            .isBold
        }
      }
      if tagged || bold {
        _ = try session.expectScreen("both headings bold") { screen in
          isHeading(screen, "Getting started") && isHeading(screen, "Installing the tool")
        }
      } else {
        let screen = try session.expectScreen("the page reflowed") { screen in
          (0..<screen.rows.count).contains {
            screen.text(ofRow: $0).contains("Installing the tool The second paragraph")
          }
        }
        #expect(!isHeading(screen, "Getting started"))
      }
    }
  }
}
