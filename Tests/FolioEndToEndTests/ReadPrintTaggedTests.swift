import FolioFixtures
import Foundation
import Testing

/// `folio --print --mode read` on body-sized headings: those a tagged PDF's structure tree
/// marks are printed bold, at the body's size and weight, and so are those set in bold in an
/// untagged one; the same page untagged and in one weight has none.
struct ReadPrintTaggedTests {
  static func write(tagged: Bool, bold: Bool = false, to path: String) throws {
    func text(_ string: String, _ y: Double, _ tag: String) -> FixtureText {
      FixtureText(string, x: 72, y: y, isBold: bold && tag != "P", tag: tagged ? tag : nil)
    }
    try FixturePDF.write(
      [
        FixturePage(
          width: 595, height: 842,
          texts: [
            text("Getting started", 72, "H1"),
            text("Readers of a tagged manual want its headings shown as headings even", 90, "P"),
            text("when they are set in the body's size, as word processors often do.", 102, "P"),
            text("Installing the tool", 126, "H2"),
            text("The second paragraph tells how to install the tool on a machine that", 144, "P"),
            text("has no network, from the archive the project publishes each month.", 156, "P"),
          ])
      ], to: path)
  }

  @Test func headingsTheStructureTreeMarksOrSetInBoldArePrintedBold() throws {
    let directory = NSTemporaryDirectory() + "folio-tagged-\(UUID().uuidString.prefix(8))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let boldOn = "\u{1B}[1m"
    for (tagged, bold) in [(true, false), (false, true), (false, false)] {
      let path = directory + "/\(tagged)-\(bold).pdf"
      try Self.write(tagged: tagged, bold: bold, to: path)
      let output = try ReadPrintTests.read(path, size: "80x24", colors: "256")
      let headings = output.split(separator: "\n").filter { $0.hasPrefix(boldOn) }
      #expect(
        headings.map { $0.replacingOccurrences(of: "\u{1B}[0m", with: "").dropFirst(boldOn.count) }
          == (tagged || bold ? ["Getting started", "Installing the tool"] : []))
      #expect(output.contains("Readers of a tagged manual"))
    }
  }
}
