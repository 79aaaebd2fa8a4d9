import FolioFixtures
import Foundation

/// The document the control socket's tests drive: six pages labeled i, ii, A-1 to A-4 (no label is
/// another page's number), body text
/// with "lemma" on pages 2, 4 and 5, an outline (a section a page), and on page 1 a link to a URI.
enum RemoteFixture {
  static let labels = ["i", "ii", "A-1", "A-2", "A-3", "A-4"]
  static let uri = "https://example.com/remote"

  /// Writes the document as `name` in `scratch` and returns its path.
  static func write(_ name: String = "remote.pdf", in scratch: ScratchFolder) throws -> String {
    let file = scratch.path + "/" + name
    let pages = labels.enumerated().map { index, label in
      let number = index + 1
      var lines = (1...12).map { "Line \($0) of page \(number) reads plain words here." }
      if [2, 4, 5].contains(number) { lines[3] += " A lemma follows." }
      return FixturePage(
        width: 400, height: 500, headline: "P\(number)", label: label, lines: lines,
        links: number == 1
          ? [FixtureLink(x: 230, y: 40, width: 150, height: 30, target: .uri(uri))] : [])
    }
    let outline = (1...6).map { FixtureOutlineItem("Part \($0)", target: .page($0)) }
    try FixturePDF.write(pages, title: "Remote", outline: outline, to: file)
    return file
  }
}
