import FolioCore
import FolioLayout
import FolioRuntime
import FolioUI
import Testing

/// A page whose pictures failed is asked for again once its failure is forgotten (a library's
/// cover whose password became known): its box gives way to its picture.
extension PictureBoardTests {
  @Test func aForgottenFailureIsAskedForAgainAndShown() throws {
    // Page 1 fails twice: its first render and the one more it is asked for.
    let document = letterPages(3, failures: [1: 2])
    let wants = state(for: document).pictureWants
    let board = try makeBoard(document)
    board.want(wants)
    #expect(pump(board) { board.isScreenComplete && isIdle(board) })
    #expect(document.renders(of: 1) == 2)
    let boxed = try #require(tilesOnScreen(board, wants).first { $0.request?.page == PageIndex(1) })
    #expect(!boxed.isShowingRequest)
    board.forgetFailures(of: PageIndex(2))
    #expect(board.wantedCount == 0, "a page that did not fail is not asked for again")
    board.forgetFailures(of: PageIndex(1))
    #expect(board.wantedCount == 1)
    #expect(pump(board) { board.isScreenComplete && isIdle(board) })
    #expect(document.renders(of: 1) == 3)
    #expect(document.renders(of: 0) == 1 && document.renders(of: 2) == 1)
    #expect(tilesOnScreen(board, wants).allSatisfy { $0.isShowingRequest })
    #expect(wrongPictures(board, wants, colorShift: [:]) == [])
  }
}
