import FolioCore
import FolioLayout
import FolioUI
import Testing

/// The outline panel under the mouse: a click on the pages beside it, clicks and a double
/// click on its entries.
extension OutlinePanelTests {
  @Test func aClickOnThePagesBesideThePanelPicksThePageUnderIt() {
    var app = opened(mode: .grid)
    let area = app.mainArea
    #expect(area.minX == 33)
    let item = app.view.layout.item(5)
    let frame = item.pages[0].frame
    let point = CellPoint(
      x: area.minX + frame.minX - app.view.viewport.origin.x + 1,
      y: area.minY + frame.minY - app.view.viewport.origin.y + 1)
    _ = app.update(.input(.mouse(MouseEvent(kind: .click, position: point))))
    #expect(app.view.currentPage == PageIndex(5))
    #expect(panel(app) != nil)
  }

  @Test func clicksSelectAndADoubleClickJumps() {
    var app = opened()
    _ = app.update(.input(.mouse(MouseEvent(kind: .click, position: CellPoint(x: 5, y: 3)))))
    #expect(selected(app) == "Chapter 1 Introduction")
    _ = app.update(.input(.mouse(MouseEvent(kind: .doubleClick, position: CellPoint(x: 5, y: 5)))))
    #expect(app.readingPlace.page == PageIndex(11))
    #expect(selected(app) == "Part II: Practice")
    _ = app.update(.input(.mouse(MouseEvent(kind: .wheelDown, position: CellPoint(x: 5, y: 5)))))
    #expect(selected(app) == "Appendix")
  }
}
