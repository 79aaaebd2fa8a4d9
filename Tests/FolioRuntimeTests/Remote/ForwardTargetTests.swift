import FolioRuntime
import Testing

/// `--synctex-forward` as zathura writes it and as one word.
@Suite("Forward search targets")
struct ForwardTargetTests {
  @Test func zathurasForm() {
    #expect(
      ForwardTarget.parse("12:3:chapters/intro.tex", file: "main.pdf")
        == ForwardTarget(pdf: "main.pdf", input: "chapters/intro.tex", line: 12, column: 3))
    #expect(
      ForwardTarget.parse("7:-1:C:/odd:name.tex", file: "m.pdf")
        == ForwardTarget(pdf: "m.pdf", input: "C:/odd:name.tex", line: 7, column: -1))
  }

  @Test func oneWord() {
    #expect(
      ForwardTarget.parse("/a#b/main.pdf#/a#b/main.tex:40:0", file: nil)
        == ForwardTarget(pdf: "/a#b/main.pdf", input: "/a#b/main.tex", line: 40, column: 0))
  }

  @Test(
    arguments: [
      ("12:3:main.tex", nil), ("x:3:main.tex", "m.pdf"), ("0:3:main.tex", "m.pdf"),
      ("12:3:", "m.pdf"), ("12:main.tex", "m.pdf"), ("m.pdf#main.tex:x:1", nil),
      ("#main.tex:1:1", nil), ("m.pdf#:1:1", nil),
    ] as [(String, String?)])
  func unreadable(spec: String, file: String?) {
    #expect(ForwardTarget.parse(spec, file: file) == nil)
  }
}
