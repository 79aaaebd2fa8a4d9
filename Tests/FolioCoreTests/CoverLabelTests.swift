import FolioCore
import Testing

/// A cover's label tells files apart by name and adds the title only when it says more.
@Suite("Cover labels")
struct CoverLabelTests {
  @Test func twoCopiesOfOneManualDifferByFolderAndName() {
    let names = CoverLabel.names(of: [
      "/books/old/manual.pdf", "/books/new/manual.pdf", "/books/paper.pdf",
      "/a/x/same.pdf", "/b/x/same.pdf",
    ])
    #expect(
      names == ["old/manual.pdf", "new/manual.pdf", "paper.pdf", "/a/x/same.pdf", "/b/x/same.pdf"])
  }

  @Test func theTitleStandsBesideTheNameWhenItSaysMore() {
    #expect(
      CoverLabel.text(name: "r.pdf", title: "R Reference", pageCount: 42, place: nil)
        == "r.pdf · R Reference · 42 pages")
    #expect(
      CoverLabel.text(name: "r.pdf", title: "R Reference", pageCount: 42, place: 11)
        == "r.pdf · R Reference · p. 12 / 42")
    #expect(
      CoverLabel.text(name: "one.pdf", title: nil, pageCount: 1, place: 0) == "one.pdf · 1 page")
  }

  @Test func fileNameTitlesAndControlCharactersAreLeftOut() {
    for title in ["txfontsdoc.dvi", "paper", "PAPER.pdf", "\u{1}\u{7}\u{1B}", "   ", "notes.tex"] {
      #expect(
        CoverLabel.text(name: "paper.pdf", title: title, pageCount: 3, place: nil)
          == "paper.pdf · 3 pages", "\(title.debugDescription)")
    }
    #expect(
      CoverLabel.text(name: "a.pdf", title: "Bell\u{7} Labs", pageCount: 2, place: nil)
        == "a.pdf · Bell Labs · 2 pages")
  }
}
