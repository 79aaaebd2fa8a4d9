import FolioFixtures
import Foundation
import Testing

/// Marks over the selection written into the PDF (issue 49, item 1): `H`, `U` and `X` in text
/// selection write a highlight, an underline and a strike-out over exactly the selected words,
/// read back by `folio --annotations`; the viewer reloads and keeps its place; a file changed
/// on disk since it was shown is not written.
@Suite("Marking the selection", .serialized)
struct MarkUpTests {
  /// A copy of the SyncTeX fixture's PDF (four pages of prose) in a scratch folder.
  static func document(in scratch: ScratchFolder) throws -> String {
    let pdf = scratch.path + "/paper.pdf"
    try FileManager.default.copyItem(
      atPath: SyncTeXViewerTests.fixture + "/main.pdf", toPath: pdf)
    return pdf
  }

  /// The height of page 1 of `pdf` in points (pikepdf's MediaBox).
  static func pageHeight(of pdf: String) throws -> Double {
    let result = try ChildProcess.run(
      "/usr/bin/python3",
      [
        "-c",
        "import sys, pikepdf\nwith pikepdf.open(sys.argv[1]) as pdf:\n"
          + "    print(float(pdf.pages[0].mediabox[3]))",
        pdf,
      ],
      timeLimit: .seconds(60))
    return try #require(Double(result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  /// A viewer in tmux on a copy of the document, in the continuous view.
  struct Viewer {
    let scratch: ScratchFolder
    let pdf: String
    let session: FolioSession

    init() throws {
      scratch = try ScratchFolder()
      pdf = try MarkUpTests.document(in: scratch)
      session = try FolioSession(
        nil, arguments: [pdf, "--mode", "continuous", "--no-remember"], columns: 100, rows: 40,
        environment: scratch.environment)
    }

    /// Starts text selection and waits for its cursor on the first word on screen.
    func select() throws {
      try session.press("x")
      try session.expectStatus("copies")
    }

    /// `key` (N or T), then `note` typed on the status line and Enter: the mark is written.
    func mark(_ key: String, note: String) throws {
      try session.press(key)
      try session.expectStatus("note:")
      try session.type(note)
      try session.press("Enter")
      try session.expectStatus("written into the file")
    }

    /// The annotations `folio --annotations --list` reads in the file, a line's fields each.
    func listed() throws -> [[Substring]] {
      let result = try FolioProcess.run(
        ["--annotations", "--list", pdf], environment: scratch.environment)
      return result.standardOutput.split(separator: "\n").map {
        $0.split(separator: "\t", omittingEmptySubsequences: false)
      }
    }
  }

  @Test func hUAndXMarkTheSelectedWordsInTheFile() throws {
    let viewer = try Viewer()
    defer { try? viewer.session.quit() }
    var expected: [(String, Int)] = []
    for (key, kind, words) in [
      ("H", "highlight", 4), ("U", "underline", 2), ("X", "strike-out", 1),
    ] {
      // The selection starts on the first word on screen; `w` takes one more word each.
      try viewer.select()
      for _ in 1..<words { try viewer.session.press("w") }
      try viewer.session.press(key)
      try viewer.session.expectStatus("written into the file")
      expected.append((kind, words))
      // The viewer reloads the file and keeps its place.
      try viewer.session.expectStatus("reloaded")
      try viewer.session.expectPage(1, of: 4)
    }
    let marks = try viewer.listed().filter { $0.count >= 5 }
    #expect(marks.map { String($0[3]) } == expected.map(\.0), "\(marks)")
    for (mark, (_, words)) in zip(marks, expected) {
      #expect(mark[4].split(separator: " ").count == words, "\(mark)")
    }
    // Another reader, pikepdf, reads the same kinds on page 1, each quadrilateral over the
    // words it marks (their boxes from pdftotext -bbox, in points from the top-left).
    let read = try AnnotatedDocument.annotations(of: viewer.pdf)
    #expect(read.map(\.subtype) == ["Highlight", "Underline", "StrikeOut"])
    #expect(read.allSatisfy { $0.page == 1 })
    let height = try Self.pageHeight(of: viewer.pdf)
    for (annotation, mark) in zip(read, marks) {
      let quads = try #require(annotation.quadPoints)
      let areas = stride(from: 0, to: quads.count - 7, by: 8).map { start in
        let xs = stride(from: start, to: start + 8, by: 2).map { quads[$0] }
        let ys = stride(from: start + 1, to: start + 8, by: 2).map { quads[$0] }
        return (
          left: xs.min() ?? 0, top: height - (ys.max() ?? 0), right: xs.max() ?? 0,
          bottom: height - (ys.min() ?? 0)
        )
      }
      for word in mark[4].split(separator: " ") {
        let box = try AnnotatedDocument.box(of: String(word), in: viewer.pdf)
        let (x, y) = ((box.left + box.right) / 2, (box.top + box.bottom) / 2)
        #expect(
          areas.contains { x > $0.left && x < $0.right && y > $0.top && y < $0.bottom },
          "\(word) at \(box) outside \(annotation.subtype)'s \(areas)")
      }
    }
  }

  @Test func nWritesAHighlightWithTheNoteTyped() throws {
    let viewer = try Viewer()
    defer { try? viewer.session.quit() }
    try viewer.select()
    try viewer.session.press("w")
    try viewer.mark("N", note: "see p. 4")
    let fields = try #require(try viewer.listed().first)
    #expect(fields.count == 6, "\(fields)")
    #expect(fields.dropFirst(3).first == "highlight")
    #expect(fields.last == "see p. 4")
    #expect(fields.dropFirst(4).first.map { $0.split(separator: " ").count } == 2)
  }

  @Test func tWritesAStickyNoteBesideTheCursorsWord() throws {
    let viewer = try Viewer()
    defer { try? viewer.session.quit() }
    try viewer.select()
    try viewer.mark("T", note: "ask about this")
    let fields = try #require(try viewer.listed().first)
    #expect(fields.count == 6, "\(fields)")
    #expect(fields.dropFirst(1).first == "1")
    #expect(fields.dropFirst(3).first == "note")
    #expect(fields.last == "ask about this")
  }

  @Test func aFileChangedOnDiskSinceItWasShownIsNotWritten() throws {
    // No reload follows: the viewer keeps showing the version it read.
    let viewer = try Viewer()
    defer { try? viewer.session.quit() }
    try viewer.select()
    // Another program touches the file (the same bytes, another modification time: no reload
    // follows a change of times alone) before the mark is asked for.
    let bytes = try Data(contentsOf: URL(fileURLWithPath: viewer.pdf))
    var times = [
      timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0),
    ]
    #expect(utimensat(AT_FDCWD, viewer.pdf, &times, 0) == 0)
    try viewer.session.press("H")
    try viewer.session.expectStatus("changed on disk since it was read")
    #expect(try Data(contentsOf: URL(fileURLWithPath: viewer.pdf)) == bytes)
  }
}
