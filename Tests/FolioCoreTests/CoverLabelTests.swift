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

  @Test func anAnnotationCountComesLastAndOnlyWhenThereAreSome() {
    let counted = CoverLabel.text(
      name: "r.pdf", title: "R Reference", pageCount: 42, place: 11, annotationCount: 3)
    #expect(counted == "r.pdf · R Reference · p. 12 / 42 · 3 annotations")
    #expect(
      CoverLabel.text(name: "a.pdf", title: nil, pageCount: 2, place: nil, annotationCount: 1)
        == "a.pdf · 2 pages · 1 annotation")
    #expect(
      CoverLabel.text(name: "a.pdf", title: nil, pageCount: 2, place: nil, annotationCount: 0)
        == "a.pdf · 2 pages")
    // Read back from a label; a title that looks like a count is not one.
    #expect(CoverLabel.annotationCount(in: counted) == 3)
    #expect(CoverLabel.annotationCount(in: "a.pdf · 2 pages · 1 annotation") == 1)
    let titled = CoverLabel.text(name: "x.pdf", title: "7 annotations", pageCount: 2, place: nil)
    #expect(CoverLabel.annotationCount(in: titled) == 0)
    #expect(CoverLabel.annotationCount(in: "x.pdf") == 0)
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
