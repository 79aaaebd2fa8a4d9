import FolioFixtures
import FolioPoppler
import Foundation
import Testing

/// Folio's marks read by an independent annotation extractor, pdfannots 0.5 (from
/// `make test-tools`, run by Debian's python3): the kind, page, marked text, note, author and
/// colour it finds are the ones written.
@Suite struct AnnotationExtractorTests {
  /// What pdfannots says of one annotation.
  struct Extracted: Decodable {
    var type: String
    var page: Int
    var text: String?
    var contents: String?
    var author: String?
    var color: String?
  }

  /// Where `make test-tools` puts pdfannots; nil when it is not there.
  static let pdfannots: String? = {
    let folder = InstallTests.root + "/.build/tools/pdfannots"
    return FileManager.default.fileExists(atPath: folder + "/pdfannots") ? folder : nil
  }()

  @Test(.enabled(if: pdfannots != nil || FileManagerPreviewTests.inCI))
  func pdfannotsReadsTheMarkedWordsAndNotes() throws {
    let tools = try #require(Self.pdfannots, "pdfannots not found: run make test-tools")
    let document = try AnnotatedDocument()
    let red = try #require(AnnotationColor(hex: "ff0000"))
    let edits: [AnnotationEdit] = [
      .markUp(
        .highlight, page: 0, lines: [try document.box(of: "beta")], color: .yellow, note: nil),
      .markUp(
        .underline, page: 0, lines: [try document.box(of: "epsilon")], color: red,
        note: "under"),
      .markUp(
        .strikeOut, page: 0,
        lines: [try document.box(of: "gamma"), try document.box(of: "delta")], color: red,
        note: "struck"),
      .addNote(page: 1, x: 40, y: 40, color: .yellow, text: "sticky"),
    ]
    for edit in edits {
      let outcome = document.save(edit)
      guard case .saved = outcome else {
        Issue.record("\(edit) was not saved: \(outcome)")
        return
      }
    }
    let result = try ChildProcess.run(
      "/usr/bin/python3", ["-m", "pdfannots", "-f", "json", document.path],
      environment: ProcessInfo.processInfo.environment.merging(["PYTHONPATH": tools]) { $1 },
      timeLimit: .seconds(120))
    try #require(result.status == 0, "pdfannots failed: \(result.errorText)")
    let found = try JSONDecoder().decode([Extracted].self, from: result.standardOutput)
    // pdfannots orders annotations by where they start on the page: compare them by kind.
    let summary = found.map { [$0.type, String($0.page), $0.text ?? "-", $0.contents ?? "-"] }
    #expect(
      summary.sorted { $0[0] < $1[0] } == [
        ["Highlight", "1", "beta", "-"], ["StrikeOut", "1", "gamma delta", "struck"],
        ["Text", "2", "-", "sticky"], ["Underline", "1", "epsilon", "under"],
      ])
    #expect(found.count == 4 && found.allSatisfy { $0.author == "Folio" })
    let colors = Dictionary(found.map { ($0.type, $0.color ?? "") }) { first, _ in first }
    // Poppler keeps colours as floats: ffe600 comes back as ffe500 or ffe600.
    #expect(colors["Highlight"]?.hasPrefix("#ffe") == true)
    #expect(colors["Underline"] == "#ff0000" && colors["StrikeOut"] == "#ff0000")
  }
}
