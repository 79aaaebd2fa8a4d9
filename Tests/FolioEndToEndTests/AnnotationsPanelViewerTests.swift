import FolioFixtures
import Foundation
import Testing

/// The annotations panel driven in tmux (issue 49, item 3): annotations another program wrote
/// (pikepdf, as Okular or pdf.js write them: objects of their own) are listed; Enter goes to
/// one; `e` changes a note and `d` `y` deletes one in the file, both read back by pikepdf; an
/// annotation Poppler cannot change (written inside its page's list) is refused in one line
/// and the file is left byte for byte.
@Suite("Annotations panel in the viewer", .serialized)
struct AnnotationsPanelViewerTests {
  /// Adds to page 3 of `pdf` a sticky note and a square as objects of their own, and a sticky
  /// note written inside the page's /Annots array, with pikepdf.
  static func annotate(_ pdf: String) throws {
    let script = """
      import sys, pikepdf
      from pikepdf import Array, Dictionary, Name, String
      with pikepdf.open(sys.argv[1], allow_overwriting_input=True) as pdf:
          page = pdf.pages[2]
          top = float(page.mediabox[3])
          def note(x, text, subtype=Name.Text):
              return Dictionary(
                  Type=Name.Annot, Subtype=subtype, Rect=[x, top - 120, x + 20, top - 100],
                  Contents=String(text), C=[0.2, 0.6, 1.0], T=String("Okular"))
          annots = page.obj.get("/Annots", Array())
          annots.append(pdf.make_indirect(note(100, "checked by another program")))
          annots.append(pdf.make_indirect(note(200, "boxed", Name.Square)))
          annots.append(note(300, "inline note"))
          page.obj.Annots = annots
          pdf.save(sys.argv[1])
      """
    let result = try ChildProcess.run(
      "/usr/bin/python3", ["-c", script, pdf], timeLimit: .seconds(60))
    guard result.status == 0 else {
      throw AnnotatedDocument.Failure(description: "pikepdf: \(result.errorText)")
    }
  }

  /// The notes (/Contents) of page 3's annotations, read by pikepdf.
  static func notes(_ pdf: String) throws -> [String] {
    let script = """
      import sys, pikepdf
      with pikepdf.open(sys.argv[1]) as pdf:
          for a in pdf.pages[2].obj.get("/Annots", []):
              print(str(a.get("/Contents", "")))
      """
    let result = try ChildProcess.run(
      "/usr/bin/python3", ["-c", script, pdf], timeLimit: .seconds(60))
    return result.outputText.split(separator: "\n").map(String.init)
  }

  static func lines(_ screen: StyledScreen) -> [String] {
    screen.rows.indices.map { screen.text(ofRow: $0) }
  }

  struct Viewer {
    let scratch: ScratchFolder
    let pdf: String
    let session: FolioSession

    init() throws {
      scratch = try ScratchFolder()
      pdf = try MarkUpTests.document(in: scratch)
      try AnnotationsPanelViewerTests.annotate(pdf)
      session = try FolioSession(
        nil, arguments: [pdf, "--mode", "continuous", "--no-remember"], columns: 100, rows: 40,
        environment: scratch.environment)
    }

    /// Closes the panel, then the viewer.
    func close() throws {
      try session.press("A")
      try session.quit()
    }

    /// Filters the panel to `text` and waits until the one row left shows it.
    func filter(_ text: String) throws {
      try session.press("/")
      try session.press("C-u")
      try session.type(text)
      try session.press("Enter")
      try session.expectScreen("the panel shows only “\(text)”") { screen in
        AnnotationsPanelViewerTests.lines(screen).first?.contains("1 of") == true
      }
    }
  }

  @Test func anotherProgramsAnnotationsAreListedFollowedEditedAndDeleted() throws {
    let viewer = try Viewer()
    defer { try? viewer.close() }
    let session = viewer.session
    try session.expectPage(1, of: 4)
    try session.press("A")
    try session.expectScreen("the panel lists the three annotations") { screen in
      let text = Self.lines(screen).joined(separator: "\n")
      return text.contains("Annotations 3") && text.contains("checked by another program")
        && text.contains("boxed") && text.contains("inline note")
    }
    // Enter goes to the note's page; the panel stays open.
    try viewer.filter("another program")
    try session.press("Enter")
    try session.expectPage(3, of: 4)
    // `e`: the note as it is, on the status line, replaced.
    try session.press("e")
    try session.expectStatus("note: checked by another program")
    try session.press("C-u")
    try session.type("seen twice")
    try session.press("Enter")
    try session.expectStatus("the note is written into the file")
    // The filter no longer matches it: Esc clears the filter.
    try session.expectScreen("the filter matches nothing now") { screen in
      Self.lines(screen).first?.contains("0 of 3") == true
    }
    try session.press("Escape")
    try session.expectScreen("the panel shows the new note") { screen in
      Self.lines(screen).contains { $0.contains("seen twice") }
    }
    #expect(try Self.notes(viewer.pdf).contains("seen twice"))
    #expect(!(try Self.notes(viewer.pdf).contains("checked by another program")))
    try session.expectPage(3, of: 4)
    // `d` asks; `y` deletes it from the file.
    try viewer.filter("seen twice")
    try session.press("d")
    try session.expectScreen("the panel asks before deleting") { screen in
      Self.lines(screen).first?.contains("delete note, p. 3? y/n") == true
    }
    try session.press("y")
    try session.expectStatus("removed the note from the file")
    try session.expectScreen("the panel no longer lists it") { screen in
      Self.lines(screen).first?.contains("0 of 2") == true
    }
    #expect(try Self.notes(viewer.pdf).sorted() == ["boxed", "inline note"])
    // `--annotations` reads the same two.
    let listed = try FolioProcess.run(
      ["--annotations", "--list", viewer.pdf], environment: viewer.scratch.environment)
    #expect(listed.standardOutput.split(separator: "\n").count == 2, "\(listed.standardOutput)")
  }

  @Test func anAnnotationPopplerCannotChangeIsRefusedAndTheFileLeftAlone() throws {
    let viewer = try Viewer()
    defer { try? viewer.close() }
    let session = viewer.session
    try session.press("A")
    try session.expectScreen("the panel lists the inline note") { screen in
      Self.lines(screen).contains { $0.contains("inline note") }
    }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: viewer.pdf))
    try viewer.filter("inline")
    try session.press("d")
    try session.press("y")
    try session.expectStatus("cannot remove this note")
    #expect(try Data(contentsOf: URL(fileURLWithPath: viewer.pdf)) == bytes)
    try session.press("e")
    try session.expectStatus("note: inline note")
    try session.type(" changed")
    try session.press("Enter")
    try session.expectStatus("cannot change this note")
    #expect(try Data(contentsOf: URL(fileURLWithPath: viewer.pdf)) == bytes)
  }
}
