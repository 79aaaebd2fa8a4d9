import FolioCore
import FolioLayout
import FolioUI
import Testing

/// Commands from outside (the control socket, SyncTeX) change a document as its keys do, the
/// session opens a file named from outside, and `E` / Ctrl+click ask for a source line.
@Suite("Remote commands")
struct RemoteCommandTests {
  let session = SessionTests()

  /// A document of `pages` pages alone, in `mode`, on a 100x30 screen.
  func document(pages: Int = 10, mode: ViewMode = .continuous) -> AppState {
    var state = session.state(nil, pages: pages)
    _ = state.update(.remote(.act(.show(mode), count: nil)))
    return state
  }

  @Test func anActionWithACountDoesWhatItsKeysDo() {
    var byKeys = document()
    var byRemote = document()
    for key in "3J" { _ = byKeys.update(.input(.key(.character(key)))) }
    _ = byRemote.update(.remote(.act(.stepPages(forward: true), count: 3)))
    #expect(byRemote.view.currentPage == PageIndex(3))
    #expect(byRemote.view.currentPage == byKeys.view.currentPage)
    #expect(byRemote.report.page == 4)
  }

  @Test func anActionThatOpensAModeOpensIt() {
    var state = document()
    _ = state.update(.remote(.act(.toggleHelp, count: nil)))
    #expect(state.modes.top is HelpMode)
    _ = state.update(.remote(.act(.searchPrompt, count: nil)))
    #expect(state.modes.top is PromptMode)
  }

  @Test func goToIsAJumpThatCtrlOReturnsFrom() {
    var state = document()
    _ = state.update(.remote(.goTo(PageIndex(7))))
    #expect(state.report.page == 8)
    _ = state.update(.input(.key(.control("o"))))
    #expect(state.report.page == 1)
  }

  @Test func aForwardSearchShowsItsBoxesMarkedForAMoment() {
    var state = document(pages: 20)
    let box = SourceMark(
      page: PageIndex(12), region: PageRegion(x: 0.2, y: 0.6, width: 0.5, height: 0.02))
    let effects = state.update(.remote(.showSource([box])))
    #expect(state.view.currentPage == PageIndex(12))
    #expect(state.navigation.sourceMarks == [box])
    #expect(effects.contains(.startTimer(.sourceMarks, after: AppState.sourceMarkDuration)))
    // The box's page and place are on screen: its cells are tinted, until the timer.
    let view = AppView(width: .approximate)
    let marked = view.draw(state, main: TilePool<RenderRequest>(), shelf: TilePool())
    _ = state.update(.timerFired(.sourceMarks))
    #expect(state.navigation.sourceMarks.isEmpty)
    let plain = view.draw(state, main: TilePool<RenderRequest>(), shelf: TilePool())
    #expect(marked != plain)
    _ = state.update(.input(.key(.control("o"))))
    #expect(state.view.currentPage == PageIndex(0))
  }

  @Test func aForwardSearchFromTheGridShowsThePageInTheContinuousView() {
    var state = session.state(nil, pages: 8)
    let box = SourceMark(
      page: PageIndex(5), region: PageRegion(x: 0.1, y: 0.5, width: 0.6, height: 0.02))
    _ = state.update(.remote(.showSource([box])))
    #expect(state.view.mode == .continuous)
    #expect(state.view.currentPage == PageIndex(5))
  }

  @Test func aForwardSearchNamingNoPageOfTheDocumentSaysSo() {
    var state = document(pages: 3)
    let box = SourceMark(page: PageIndex(9), region: .whole)
    _ = state.update(.remote(.showSource([box])))
    #expect(state.view.currentPage == PageIndex(0))
    #expect(state.status.message?.contains("SyncTeX") == true)
  }

  @Test func eAsksForTheSourceOfTheLineAtTheTopOfTheScreen() {
    var state = document(pages: 5)
    _ = state.update(.remote(.goTo(PageIndex(2))))
    let effects = state.update(.input(.key(.character("E"))))
    let points = effects.compactMap { effect -> PagePoint? in
      if case .showSourceLine(let point) = effect { point } else { nil }
    }
    #expect(points.count == 1)
    #expect(points.first?.page == PageIndex(2))
    #expect((points.first?.y ?? 1) < 0.2)
  }

  @Test func eInTheGridSaysWhereItWorks() {
    var state = session.state(nil, pages: 5)
    let effects = state.update(.input(.key(.character("E"))))
    #expect(!effects.contains { if case .showSourceLine = $0 { true } else { false } })
    #expect(state.status.message != nil)
  }

  @Test func ctrlClickAsksForTheSourceOfThePointClickedAndSelectsNothing() throws {
    var state = document(pages: 5)
    let area = state.areas.main
    let cell = CellPoint(x: area.minX + area.size.columns / 2, y: area.minY + 3)
    let effects = state.update(
      .input(.mouse(MouseEvent(kind: .press, position: cell, isControlHeld: true))))
    let point = try #require(
      effects.compactMap { effect -> PagePoint? in
        if case .showSourceLine(let point) = effect { point } else { nil }
      }.first)
    #expect(point.page == PageIndex(0))
    #expect(abs(point.x - 0.5) < 0.2)
    #expect(!(state.modes.top is TextSelectionMode))
    // Without Ctrl, a press starts a selection.
    _ = state.update(.input(.mouse(MouseEvent(kind: .press, position: cell))))
    #expect(state.modes.top is TextSelectionMode)
  }

  @Test func theReportSaysTheViewZoomAndSearch() {
    var state = document(pages: 4)
    #expect(state.report.view == "continuous")
    #expect(state.report.zoom != nil)
    #expect(state.report.hits == nil)
    #expect(state.report.pages == 4)
    _ = state.update(.find("word"))
    #expect(state.report.hits?.query == "word")
    _ = state.update(.remote(.act(.show(.grid), count: nil)))
    #expect(state.report.view == "grid")
    #expect(state.report.zoom == nil)
  }
}
