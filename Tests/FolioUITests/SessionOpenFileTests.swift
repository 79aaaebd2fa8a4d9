import FolioCore
import FolioUI
import Testing

/// A file named from outside (the control socket's `open`): alone, it takes the place of the
/// document shown; in a library it is opened like a cover; a page asked for is shown.
@Suite("Session: opening a file from outside")
struct SessionOpenFileTests {
  let helper = SessionTests()

  func opened(_ effects: [SessionEffect]) -> (DocumentID, String)? {
    helper.opens(in: effects).first.map { ($0.0, $0.1) }
  }

  @Test func aloneTheNewFileTakesThePlaceOfTheOneShown() throws {
    var session = Session(document: helper.state(nil, pages: 5))
    let (id, path) = try #require(opened(session.update(.openFile("/x/new.pdf", page: "7"))))
    #expect(path == "/x/new.pdf")
    // The screen stays on the old document until the new one is open.
    #expect(session.front == .first)
    let effects = session.update(.opened(id, helper.state(nil, pages: 12), startup: []))
    #expect(session.front == id)
    #expect(effects.contains(.close(.first)))
    #expect(session.state(of: .first) == nil)
    #expect(session.frontState.view.currentPage == PageIndex(6))
  }

  @Test func theDocumentLetGoHasItsPlaceWrittenFirst() throws {
    var session = Session(document: helper.state(nil, pages: 5, remembers: true))
    _ = helper.type("4G", on: &session)
    let (id, _) = try #require(opened(session.update(.openFile("/x/new.pdf", page: nil))))
    let effects = session.update(.opened(id, helper.state(nil, pages: 12), startup: []))
    let saved = effects.firstIndex {
      if case .document(.first, .savePlace(let place)) = $0 {
        place.page == PageIndex(3)
      } else {
        false
      }
    }
    let closed = try #require(effects.firstIndex(of: .close(.first)))
    #expect(try #require(saved) < closed, "\(effects)")
  }

  @Test func aPageNotInTheNewFileLeavesItAtItsStart() throws {
    var session = Session(document: helper.state(nil, pages: 5))
    let (id, _) = try #require(opened(session.update(.openFile("/x/new.pdf", page: "99"))))
    _ = session.update(.opened(id, helper.state(nil, pages: 3), startup: []))
    #expect(session.frontState.view.currentPage == PageIndex(0))
  }

  @Test func aFileThatCannotBeOpenedIsSaidOnTheDocumentShown() throws {
    var session = Session(document: helper.state(nil, pages: 5))
    let (id, _) = try #require(opened(session.update(.openFile("/x/bad.pdf", page: nil))))
    _ = session.update(.notOpened(id, reason: "bad.pdf: not a PDF"))
    #expect(session.front == .first)
    #expect(session.frontState.status.message?.contains("not a PDF") == true)
  }

  @Test func inALibraryTheShelfStaysAndEscReturnsToIt() throws {
    var session = helper.shelf()
    let (id, _) = try #require(opened(session.update(.openFile("/lib/b.pdf", page: nil))))
    _ = session.update(.opened(id, helper.state(.member, pages: 4), startup: []))
    #expect(session.front == id)
    #expect(session.shelf?.members[id] == "/lib/b.pdf")
    _ = helper.press([.escape], on: &session)
    #expect(session.front == session.shelf?.id)
    #expect(session.state(of: id) == nil)
  }
}
