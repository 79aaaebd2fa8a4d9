import FolioCore
import FolioLayout
import FolioUI
import Testing

/// The session as the model: the shelf and the documents opened from it, keyed by id, one in
/// front; Enter, Esc, `[` `]` and `O` change it, and what leaves it (opening a file, letting a
/// document go) is an effect.
@Suite("Session")
struct SessionTests {
  let files = ["/lib/a.pdf", "/lib/b.pdf", "/lib/c.pdf"]

  /// A state of `pages` pages in `library`, on a screen of `size`.
  func state(
    _ library: LibraryRole?, pages: Int, title: String = "t",
    size: CellSize = CellSize(columns: 100, rows: 30), remembers: Bool = false
  ) -> AppState {
    AppState(
      document: DocumentFacts(pageCount: pages, title: title),
      metrics: PageMetrics(
        sizes: Array(repeating: PointSize(width: 612, height: 792), count: pages)),
      screenSize: size, mode: .grid,
      style: RenderStyle(symbols: .half, colors: .truecolor), remembersPlace: remembers,
      library: library)
  }

  /// A shelf of `files`, in front.
  func shelf() -> Session {
    Session(shelf: state(.shelf, pages: files.count), files: files)
  }

  func press(_ keys: [Key], on session: inout Session) -> [SessionEffect] {
    keys.flatMap { session.update(.document(nil, .input(.key($0)))) }
  }

  func type(_ text: String, on session: inout Session) -> [SessionEffect] {
    press(text.map { .character($0) }, on: &session)
  }

  /// The files `effects` ask to open, with their ids.
  func opens(in effects: [SessionEffect]) -> [(DocumentID, String, FindRequest?)] {
    effects.compactMap {
      if case .open(let id, let path, let find) = $0 { (id, path, find) } else { nil }
    }
  }

  /// Opens the cover at `index` and answers with a document of `pages` pages; returns its id.
  func open(
    _ index: Int, pages: Int = 10, on session: inout Session, remembers: Bool = false
  ) -> DocumentID? {
    _ = type("\(index + 1)G", on: &session)
    guard let (id, _, _) = opens(in: press([.enter], on: &session)).first else { return nil }
    _ = session.update(
      .opened(id, state(.member, pages: pages, title: "doc", remembers: remembers), startup: []))
    return id
  }

  @Test func enterOpensTheSelectedCoverOffTheLoopAndShowsItOnceOpen() throws {
    var session = shelf()
    _ = type("2G", on: &session)
    let asked = opens(in: press([.enter], on: &session))
    #expect(asked.map(\.1) == ["/lib/b.pdf"])
    let id = try #require(asked.first?.0)
    // Until it is open, the shelf stays in front and keeps taking keys.
    #expect(session.isShelf(session.front))
    #expect(session.opening?.path == "/lib/b.pdf")
    _ = type("g", on: &session)
    #expect(session.frontState.view.currentPage == PageIndex(0))
    let shown = session.update(.opened(id, state(.member, pages: 7), startup: []))
    #expect(shown.contains(.bringToFront(id)))
    #expect(session.front == id && session.frontState.document.pageCount == 7)
    #expect(session.opening == nil && session.documents.count == 2)
  }

  @Test func anAnswerForADocumentNoLongerAskedForIsLetGo() throws {
    var session = shelf()
    let first = try #require(opens(in: press([.enter], on: &session)).first?.0)
    _ = type("l", on: &session)
    let second = try #require(opens(in: press([.enter], on: &session)).first?.0)
    #expect(first != second)
    // The first arrives late: its services go at once, the shelf stays.
    #expect(
      session.update(.opened(first, state(.member, pages: 3), startup: [])) == [.close(first)])
    #expect(session.isShelf(session.front) && session.state(of: first) == nil)
    _ = session.update(.opened(second, state(.member, pages: 4), startup: []))
    #expect(session.front == second)
  }

  @Test func escGoesBackToTheShelfOnTheCoverWithWhereTheDocumentWasLeft() throws {
    var session = shelf()
    let id = try #require(open(1, pages: 12, on: &session, remembers: true))
    _ = type("5G", on: &session)
    let back = press([.escape], on: &session)
    #expect(back.contains(.bringToFront(.first)) && back.contains(.close(id)))
    // Its place saved before it goes.
    #expect(back.contains { if case .document(id, .savePlace) = $0 { true } else { false } })
    #expect(session.isShelf(session.front) && session.state(of: id) == nil)
    #expect(session.frontState.view.currentPage == PageIndex(1))
    #expect(session.frontState.document.label(of: PageIndex(1)) == "b.pdf · doc · p. 5 / 12")
  }

  /// The shelf, its second cover's label counting three annotations.
  func shelfCountingThreeAnnotations() -> Session {
    var session = shelf()
    _ = session.update(
      .document(
        .first,
        .pagesRead([
          PageFact(page: PageIndex(1), size: nil, label: "b.pdf · doc · 12 pages · 3 annotations")
        ])))
    return session
  }

  @Test func theCoverKeepsItsAnnotationCountWhenTheDocumentIsLeft() throws {
    var session = shelfCountingThreeAnnotations()
    _ = try #require(open(1, pages: 12, on: &session, remembers: true))
    _ = type("5G", on: &session)
    _ = press([.escape], on: &session)
    #expect(
      session.frontState.document.label(of: PageIndex(1))
        == "b.pdf · doc · p. 5 / 12 · 3 annotations")
  }

  @Test func aCoverCountsTheAnnotationsTheDocumentsPanelReadWhenItIsLeft() throws {
    var session = shelfCountingThreeAnnotations()
    let id = try #require(open(1, pages: 12, on: &session, remembers: true))
    // The panel read every page: one annotation left (two were removed meanwhile).
    _ = type("A", on: &session)
    let note = DocumentAnnotation(page: PageIndex(4), kind: .note, rectangle: .whole)
    _ = session.update(
      .document(
        id, .annotationsRead(AnnotationBatch(document: .first, pages: 0..<12, annotations: [note]))
      ))
    _ = type("A", on: &session)
    _ = press([.escape], on: &session)
    #expect(
      session.frontState.document.label(of: PageIndex(1))
        == "b.pdf · doc · 12 pages · 1 annotation")
  }

  @Test func bracketsGoToTheNeighboursAndStopAtTheEnds() throws {
    var session = shelf()
    let first = try #require(open(1, on: &session))
    let next = opens(in: type("]", on: &session))
    #expect(next.map(\.1) == ["/lib/c.pdf"])
    // The document stays in front until the next one is open; then it goes.
    #expect(session.front == first)
    let id = try #require(next.first?.0)
    let shown = session.update(.opened(id, state(.member, pages: 2), startup: []))
    #expect(shown.contains(.close(first)) && session.front == id)
    #expect(opens(in: type("]", on: &session)).isEmpty)
    #expect(session.frontState.status.message == "the library's last document")
    #expect(opens(in: type("[", on: &session)).map(\.1) == ["/lib/b.pdf"])
  }

  @Test func aDocumentThatCannotBeOpenedIsSaidOnTheShelfOnItsCover() throws {
    var session = shelf()
    _ = try #require(open(0, on: &session))
    let id = try #require(opens(in: type("]", on: &session)).first?.0)
    _ = session.update(.notOpened(id, reason: "b.pdf: not a PDF"))
    #expect(session.isShelf(session.front))
    #expect(session.frontState.view.currentPage == PageIndex(1))
    #expect(session.frontState.status.message == "b.pdf: not a PDF")
    #expect(session.documents.count == 1)
  }

  @Test func aDocumentTakesTheScreenSizeOfTheMomentItComesToFront() throws {
    var session = shelf()
    let id = try #require(opens(in: press([.enter], on: &session)).first?.0)
    let resized = CellSize(columns: 60, rows: 20)
    _ = session.update(.document(nil, .input(.resize(resized))))
    _ = session.update(.opened(id, state(.member, pages: 5), startup: []))
    #expect(session.frontState.terminal.size == resized)
    _ = session.update(.document(nil, .input(.resize(CellSize(columns: 90, rows: 25)))))
    _ = press([.escape], on: &session)
    #expect(session.frontState.terminal.size == CellSize(columns: 90, rows: 25))
  }

  @Test func theShelfInItsNextOrderKeepsTheSelectedCover() {
    var session = shelf()
    _ = type("3G", on: &session)
    #expect(type("O", on: &session) == [.reorderShelf])
    _ = session.update(.shelfListed(["/lib/c.pdf", "/lib/a.pdf", "/lib/b.pdf"]))
    #expect(session.shelf?.files.first == "/lib/c.pdf")
    #expect(session.frontState.view.currentPage == PageIndex(0))
  }

  @Test func eventsForADocumentGoToItWhereverItIs() throws {
    var session = shelf()
    let id = try #require(open(0, on: &session))
    // A service's answer for the shelf while a document is in front changes the shelf only.
    _ = session.update(.document(.first, .labelFixed(PageIndex(2), "renamed")))
    #expect(session.state(of: .first)?.document.label(of: PageIndex(2)) == "renamed")
    #expect(session.front == id)
    // A document alone has no shelf: the library's moves do nothing to the session.
    var alone = Session(document: state(nil, pages: 4))
    #expect(opens(in: press([.enter], on: &alone)).isEmpty)
    #expect(alone.documents.count == 1)
  }

  @Test func bracketsPressedTwiceBeforeTheNeighbourIsOpenGoTwoOn() throws {
    var session = Session(
      shelf: state(.shelf, pages: 4), files: files + ["/lib/d.pdf"])
    _ = try #require(open(0, on: &session))
    #expect(opens(in: type("]", on: &session)).map(\.1) == ["/lib/b.pdf"])
    #expect(opens(in: type("]", on: &session)).map(\.1) == ["/lib/c.pdf"])
  }

  @Test func escBeforeTheNeighbourIsOpenStaysOnTheShelf() throws {
    var session = shelf()
    _ = try #require(open(0, on: &session))
    let id = try #require(opens(in: type("]", on: &session)).first?.0)
    _ = press([.escape], on: &session)
    #expect(session.isShelf(session.front) && session.opening == nil)
    #expect(session.update(.opened(id, state(.member, pages: 2), startup: [])) == [.close(id)])
    #expect(session.isShelf(session.front))
  }
}
