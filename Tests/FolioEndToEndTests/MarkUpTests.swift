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

  /// The annotations `folio --annotations --list` reads in `pdf`: kind and marked text.
  static func marks(in pdf: String, environment: [String: String]) throws -> [(String, String)] {
    let result = try FolioProcess.run(["--annotations", "--list", pdf], environment: environment)
    return result.standardOutput.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      return fields.count >= 5 ? (String(fields[3]), String(fields[4])) : nil
    }
  }

  @Test func hUAndXMarkTheSelectedWordsInTheFile() throws {
    let scratch = try ScratchFolder()
    let pdf = try Self.document(in: scratch)
    let session = try FolioSession(
      nil, arguments: [pdf, "--mode", "continuous", "--no-remember"], columns: 100, rows: 40,
      environment: scratch.environment)
    defer { try? session.quit() }
    var expected: [(String, Int)] = []
    for (key, kind, words) in [
      ("H", "highlight", 4), ("U", "underline", 2), ("X", "strike-out", 1),
    ] {
      // The selection starts on the first word on screen; `w` takes one more word each.
      try session.press("x")
      try session.expectStatus("copies")
      for _ in 1..<words { try session.press("w") }
      try session.press(key)
      try session.expectStatus("written into the file")
      expected.append((kind, words))
      // The viewer reloads the file and keeps its place.
      try session.expectStatus("reloaded")
      try session.expectPage(1, of: 4)
    }
    let marks = try Self.marks(in: pdf, environment: scratch.environment)
    #expect(marks.map(\.0) == expected.map(\.0), "\(marks)")
    for (mark, (_, words)) in zip(marks, expected) {
      #expect(mark.1.split(separator: " ").count == words, "\(mark)")
    }
  }

  @Test func nWritesAHighlightWithTheNoteTyped() throws {
    let scratch = try ScratchFolder()
    let pdf = try Self.document(in: scratch)
    let session = try FolioSession(
      nil, arguments: [pdf, "--mode", "continuous", "--no-remember"], columns: 100, rows: 40,
      environment: scratch.environment)
    defer { try? session.quit() }
    try session.press("x")
    try session.expectStatus("copies")
    try session.press("w")
    try session.press("N")
    try session.expectStatus("note:")
    try session.type("see p. 4")
    try session.press("Enter")
    try session.expectStatus("written into the file")
    let result = try FolioProcess.run(
      ["--annotations", "--list", pdf], environment: scratch.environment)
    let fields = result.standardOutput.split(separator: "\t", omittingEmptySubsequences: false)
    #expect(fields.count == 6, "\(result.standardOutput)")
    #expect(fields.dropFirst(3).first == "highlight")
    #expect(fields.last.map { $0.trimmingCharacters(in: .newlines) } == "see p. 4")
    #expect(fields.dropFirst(4).first.map { $0.split(separator: " ").count } == 2)
  }

  @Test func tWritesAStickyNoteBesideTheCursorsWord() throws {
    let scratch = try ScratchFolder()
    let pdf = try Self.document(in: scratch)
    let session = try FolioSession(
      nil, arguments: [pdf, "--mode", "continuous", "--no-remember"], columns: 100, rows: 40,
      environment: scratch.environment)
    defer { try? session.quit() }
    try session.press("x")
    try session.expectStatus("copies")
    try session.press("T")
    try session.expectStatus("note:")
    try session.type("ask about this")
    try session.press("Enter")
    try session.expectStatus("written into the file")
    let result = try FolioProcess.run(
      ["--annotations", "--list", pdf], environment: scratch.environment)
    let fields = result.standardOutput.split(separator: "\t", omittingEmptySubsequences: false)
    #expect(fields.count == 6, "\(result.standardOutput)")
    #expect(fields.dropFirst(1).first == "1")
    #expect(fields.dropFirst(3).first == "note")
    #expect(fields.last.map { $0.trimmingCharacters(in: .newlines) } == "ask about this")
  }

  @Test func aFileChangedOnDiskSinceItWasShownIsNotWritten() throws {
    let scratch = try ScratchFolder()
    let pdf = try Self.document(in: scratch)
    // No reload: the viewer keeps showing the version it read.
    let session = try FolioSession(
      nil, arguments: [pdf, "--mode", "continuous", "--no-remember"], columns: 100, rows: 40,
      environment: scratch.environment)
    defer { try? session.quit() }
    try session.press("x")
    try session.expectStatus("copies")
    // Another program touches the file (the same bytes, another modification time: no reload
    // follows a change of times alone) before the mark is asked for.
    let bytes = try Data(contentsOf: URL(fileURLWithPath: pdf))
    var times = [
      timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0),
    ]
    #expect(utimensat(AT_FDCWD, pdf, &times, 0) == 0)
    try session.press("H")
    try session.expectStatus("changed on disk since it was read")
    #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)) == bytes)
  }
}
