import FolioPoppler
import Testing

/// The annotation writer's arguments and file versions, written and read back.
@Suite struct AnnotationEditTests {
  static let box = AnnotationBox(left: 72, top: 74.5, right: 101.25, bottom: 86)
  static let identity = AnnotationIdentity(
    page: 2, kind: .underline, box: box, contents: "a note, with\ta tab", name: "nm-1")

  @Test(arguments: [
    AnnotationEdit.markUp(
      .highlight, page: 0, lines: [box, box], color: .yellow, note: "--page 3"),
    .markUp(.strikeOut, page: 4, lines: [box], color: AnnotationColor(hex: "#102030")!, note: nil),
    .addNote(page: 1, x: 10.5, y: 20, color: AnnotationColor(hex: "00ff00")!, text: "sticky"),
    .remove(identity),
    .editNote(identity, text: ""),
  ])
  func argumentsGiveTheEditBack(edit: AnnotationEdit) throws {
    #expect(try AnnotationEdit(arguments: edit.arguments) == edit)
  }

  @Test(arguments: [
    ([], "no edit given"),
    (["squiggle", "--page", "1"], "unknown edit squiggle"),
    (["highlight", "--page", "0", "--color", "ffff00", "--line", "1,2,3,4"], "--page"),
    (["highlight", "--page", "1", "--color", "yellow", "--line", "1,2,3,4"], "--color"),
    (["highlight", "--page", "1", "--color", "ffff00"], "needs a --line"),
    (["highlight", "--page", "1", "--color", "ffff00", "--line", "5,2,3,4"], "not a box"),
    (["highlight", "--page", "1", "--color", "ffff00", "--line", "1,2,nan,4"], "--line"),
    (["note", "--page", "1", "--at", "1", "--color", "ffff00", "--note", "x"], "--at"),
    (["remove", "--page", "1", "--kind", "ink", "--box", "1,2,3,4"], "unknown annotation kind"),
    (["remove", "--page"], "not an option with a value"),
  ])
  func badArgumentsGiveOneLine(arguments: [String], reason: String) {
    #expect {
      _ = try AnnotationEdit(arguments: arguments)
    } throws: { error in
      let line = String(describing: error)
      return line.contains(reason) && !line.contains("\n")
    }
  }

  @Test func versionsReadWhatStatWrites() throws {
    let version = try #require(FileVersion("65024:5783760:6694:1795925198.958812625"))
    #expect(version.device == 65024 && version.inode == 5_783_760 && version.size == 6694)
    #expect(version.seconds == 1_795_925_198 && version.nanoseconds == 958_812_625)
    #expect(version.description == "65024:5783760:6694:1795925198.958812625")
    #expect(FileVersion("1:2:3:4.5")?.nanoseconds == 500_000_000)
    #expect(FileVersion("1:2:3:4.000000007")?.description == "1:2:3:4.000000007")
    for bad in ["", "1:2:3", "a:2:3:4.5", "1:2:3:4.1234567890", "1:2:3:4.-5"] {
      #expect(FileVersion(bad) == nil)
    }
  }

  @Test func identitiesPreferTheNameWhenBothHaveOne() {
    let named = Self.identity
    let moved = AnnotationBox(left: 0, top: 0, right: 1, bottom: 1)
    #expect(named.matches(kind: .highlight, box: moved, contents: "", name: "nm-1"))
    #expect(
      !named.matches(kind: .underline, box: Self.box, contents: "a note, with\ta tab", name: "nm-2")
    )
    #expect(
      named.matches(kind: .underline, box: Self.box, contents: "a note, with\ta tab", name: nil))
    #expect(
      !named.matches(kind: .underline, box: moved, contents: "a note, with\ta tab", name: nil))
    #expect(
      !named.matches(kind: .highlight, box: Self.box, contents: "a note, with\ta tab", name: nil))
    #expect(!named.matches(kind: .underline, box: Self.box, contents: "other", name: nil))
  }
}
