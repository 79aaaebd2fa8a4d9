import FolioCore
import FolioLayout
import FolioUI
import Testing

/// `AppState.update` as a pure function: the effects each event asks of the runtime (quitting,
/// signals, timers, reloading, pictures) and what it does to the mode stack.
@Suite("Update")
struct UpdateTests {
  func state(
    pages: Int = 40, size: CellSize = CellSize(columns: 100, rows: 30), mode: ViewMode = .grid,
    labels: [Int: String] = [:], remembersPlace: Bool = false, canReopen: Bool = false
  ) -> AppState {
    var app = AppState(
      document: DocumentFacts(pageCount: pages, title: "t", labels: labels),
      metrics: PageMetrics(
        sizes: Array(repeating: PointSize(width: 612, height: 792), count: pages)),
      screenSize: size, mode: mode, style: RenderStyle(symbols: .half, colors: .truecolor),
      remembersPlace: remembersPlace, reload: ReloadState(canReopen: canReopen))
    return app
  }

  func press(_ keys: [Key], on state: inout AppState) -> [Effect] {
    keys.flatMap { state.update(.input(.key($0))) }
  }

  func type(_ text: String, on state: inout AppState) -> [Effect] {
    press(text.map { .character($0) }, on: &state)
  }

  /// Whether `change` changes the pictures the state demands.
  func changesPictures(_ app: inout AppState, _ change: (inout AppState) -> [Effect]) -> Bool {
    let before = app.demands.pictures
    _ = change(&app)
    return app.demands.pictures != before
  }

  /// The timers started in `effects`, with their delays.
  func timersStarted(in effects: [Effect]) -> [TimerID: Duration] {
    var timers: [TimerID: Duration] = [:]
    for case .startTimer(let timer, let delay) in effects { timers[timer] = delay }
    return timers
  }

  /// The bottom row as drawn by the app view (no pictures).
  func statusLine(of state: AppState) -> String {
    let screen = AppView(width: .approximate).draw(state, main: TilePool(), shelf: TilePool())
    return screen.rows.last ?? ""
  }

  // MARK: Quitting, signals, suspending

  @Test func qSavesThePlaceThenQuitsWhenThePlaceIsRemembered() {
    var app = state(remembersPlace: true)
    _ = type("jl", on: &app)
    let place = app.place
    #expect(type("q", on: &app) == [.savePlace(place), .quit(status: 0, output: nil)])
  }

  @Test func qJustQuitsWhenThePlaceIsNotRemembered() {
    var app = state(remembersPlace: false)
    _ = type("jl", on: &app)
    #expect(type("q", on: &app) == [.quit(status: 0, output: nil)])
  }

  @Test(arguments: [ProcessSignal.hangUp, .interrupt, .terminate, .quit])
  func aStoppingSignalSavesThePlaceAndQuitsWith128PlusItsNumber(signal: ProcessSignal) {
    var app = state(remembersPlace: true)
    _ = type("j", on: &app)
    let place = app.place
    let status = 128 + signal.rawValue
    #expect(
      app.update(.input(.signal(signal))) == [
        .savePlace(place), .quit(status: status, output: nil),
      ])
    var forgetful = state(remembersPlace: false)
    #expect(forgetful.update(.input(.signal(signal))) == [.quit(status: status, output: nil)])
  }

  @Test func suspendingSavesThePlaceFirstWhenItIsRemembered() {
    var app = state(remembersPlace: true)
    #expect(app.update(.input(.signal(.suspend))) == [.savePlace(app.place), .suspend])
    var forgetful = state(remembersPlace: false)
    #expect(forgetful.update(.input(.signal(.suspend))) == [.suspend])
    // Suspending changes nothing: the state goes on as before.
    #expect(app.modes.all.count == 1)
  }

  // MARK: Timers

  @Test func aLoneModeDigitWaitsForTheCountTimerThenPicksItsMode() {
    var app = state()
    #expect(
      type("2", on: &app) == [.startTimer(.count, after: .milliseconds(AppState.countTimeout))])
    #expect(app.view.mode == .grid)
    #expect(app.modes.normal.keys.pendingCount == 2)
    #expect(changesPictures(&app) { $0.update(.timerFired(.count)) })
    #expect(app.view.mode == .continuous)
    #expect(app.modes.normal.keys.pendingCount == nil)
  }

  @Test func aCountUsedByItsKeyCancelsTheCountTimer() {
    var app = state()
    _ = type("1", on: &app)
    let effects = type("2G", on: &app)
    #expect(app.view.currentPage == PageIndex(11))
    #expect(effects.contains(.cancelTimer(.count)))
    #expect(app.view.mode == .grid)
  }

  @Test func aPlaceChangeStartsTheSaveTimerAndItsFiringSavesThePlace() {
    var app = state(remembersPlace: true)
    let effects = type("j", on: &app)
    #expect(app.view.currentPage != PageIndex(0))
    #expect(timersStarted(in: effects) == [.savePlace: AppState.placeSaveDelay])
    #expect(AppState.placeSaveDelay == .seconds(2))
    #expect(!effects.contains { if case .savePlace = $0 { true } else { false } })
    #expect(app.update(.timerFired(.savePlace)) == [.savePlace(app.place)])
  }

  @Test func noSaveTimerWhenThePlaceIsNotRemembered() {
    var app = state(remembersPlace: false)
    let effects = type("j", on: &app)
    #expect(timersStarted(in: effects)[.savePlace] == nil)
    #expect(app.update(.timerFired(.savePlace)) == [])
  }

  @Test func aMessageStartsItsTimerAndGoesWhenItFires() {
    var app = state()
    let effects = type("s", on: &app)
    #expect(app.status.message == "double spreads")
    #expect(timersStarted(in: effects)[.message] == AppState.messageDuration)
    #expect(app.update(.timerFired(.message)) == [])
    #expect(app.status.message == nil)
    #expect(!statusLine(of: app).contains("spreads"))
  }

  // MARK: The mode stack

  @Test func colonOpensThePromptAndEscClosesIt() {
    var app = state()
    #expect(type(":", on: &app) == [])
    #expect(app.modes.all.count == 2)
    #expect(app.modes.top is PromptMode)
    _ = type("12", on: &app)
    #expect(press([.escape], on: &app) == [])
    #expect(app.modes.all.count == 1)
    #expect(app.modes.top is NormalMode)
    #expect(app.view.currentPage == PageIndex(0))
  }

  @Test func enterInThePromptGoesToTheLabel() {
    var app = state(labels: [0: "Cover", 1: "i", 2: "ii", 3: "iii"])
    _ = type(":ii", on: &app)
    _ = press([.enter], on: &app)
    #expect(app.modes.all.count == 1)
    #expect(app.view.currentPage == PageIndex(2))
    #expect(app.status.message == nil)
  }

  @Test func anUnknownTargetSaysThereIsNoSuchPage() {
    var app = state(labels: [0: "Cover"])
    _ = type(":zz", on: &app)
    let effects = press([.enter], on: &app)
    #expect(app.modes.all.count == 1)
    #expect(app.view.currentPage == PageIndex(0))
    #expect(app.status.message == "no page “zz”")
    #expect(timersStarted(in: effects)[.message] != nil)
    #expect(statusLine(of: app).contains("no page “zz”"))
  }

  @Test func questionMarkOpensHelpAndQClosesItWithoutQuitting() {
    var app = state(remembersPlace: true)
    _ = type("?", on: &app)
    #expect(app.modes.top is HelpMode)
    let effects = type("q", on: &app)
    #expect(app.modes.all.count == 1)
    #expect(!effects.contains { if case .quit = $0 { true } else { false } })
    #expect(!effects.contains { if case .savePlace = $0 { true } else { false } })
    // With help closed, q quits.
    #expect(type("q", on: &app).last == .quit(status: 0, output: nil))
  }

  @Test func anotherKeyClosesHelpAndDoesNothingElse() {
    var app = state()
    _ = type("?", on: &app)
    // j scrolls the help; n (a key that does not move it) closes it and does not act.
    _ = type("j", on: &app)
    #expect(app.modes.top is HelpMode)
    _ = type("n", on: &app)
    #expect(app.modes.all.count == 1)
    #expect(app.view.currentPage == PageIndex(0))
    // `?` and Esc close it without acting.
    for key in [Key.character("?"), .escape] {
      _ = type("?", on: &app)
      let page = app.view.currentPage
      _ = press([key], on: &app)
      #expect(app.modes.all.count == 1)
      #expect(app.view.currentPage == page)
      #expect(app.view.mode == .grid)
    }
  }

  // MARK: Reloading

  @Test func aFileChangeStartsTheDebounceAndTheDeadlineOnce() {
    var app = state(canReopen: true)
    #expect(
      app.update(.fileChanged) == [
        .startTimer(.reloadDebounce, after: .milliseconds(250)),
        .startTimer(.reloadAtLatest, after: .seconds(3)),
      ])
    #expect(app.reload.phase == .settling)
    for _ in 0..<3 {
      #expect(app.update(.fileChanged) == [.startTimer(.reloadDebounce, after: .milliseconds(250))])
    }
    #expect(ReloadState.quietPeriod == .milliseconds(250))
    #expect(ReloadState.longestWait == .seconds(3))
  }

  @Test(arguments: [TimerID.reloadDebounce, .reloadAtLatest])
  func eitherReloadTimerOpensTheFileAgain(timer: TimerID) {
    var app = state(canReopen: true)
    _ = app.update(.fileChanged)
    #expect(
      app.update(.timerFired(timer)) == [
        .cancelTimer(.reloadDebounce), .cancelTimer(.reloadAtLatest),
        .reopenDocument(around: PageIndex(0)),
      ])
    #expect(app.reload.phase == .opening)
    // The other one, had it not been cancelled in time, does nothing more.
    #expect(app.update(.timerFired(.reloadDebounce)) == [])
    #expect(app.update(.timerFired(.reloadAtLatest)) == [])
  }

  @Test func nothingHappensOnAFileChangeWhenTheDocumentCannotBeReopened() {
    var app = state(canReopen: false)
    #expect(app.update(.fileChanged) == [])
    #expect(app.reload.phase == .idle)
  }

  /// Reopens a document of 40 pages on page 31 as version 2 with 20 pages.
  @Test(arguments: ViewMode.allCases.filter(\.showsPages))
  func aReopenedDocumentKeepsModeAndZoomClampsThePageAndAsksForItsPictures(mode: ViewMode) throws {
    var app = state(mode: mode, canReopen: true)
    _ = type("31G+", on: &app)
    let zooms = (app.view.zooms.grid, app.view.zooms.continuous, app.view.zooms.spread)
    _ = app.update(.fileChanged)
    _ = app.update(.timerFired(.reloadDebounce))
    let version = DocumentVersion(number: 2)
    let summary = DocumentSummary(
      version: version, pageCount: 20, title: "t2",
      pages: [PageFact(page: PageIndex(19), size: PointSize(width: 612, height: 792), label: "xx")])
    let effects = app.update(.documentReopened(summary))
    #expect(app.view.mode == mode)
    #expect(app.view.zooms.grid == zooms.0)
    #expect(app.view.zooms.continuous == zooms.1)
    #expect(app.view.zooms.spread == zooms.2)
    #expect(app.document.pageCount == 20)
    #expect(app.view.currentPage == PageIndex(19))
    #expect(app.document.version == version)
    #expect(app.document.label(of: PageIndex(19)) == "xx")
    #expect(app.status.message == "reloaded")
    #expect(app.reload.phase == .idle)
    // The runtime replaces the renderer (an effect), then meets the new demands.
    #expect(effects.contains(.adoptDocument(version)))
    let wanted = app.demands.pictures
    #expect(wanted.document == version)
    let pieces = wanted.main.pieces + (wanted.filmstrip?.pieces ?? [])
    #expect(!pieces.isEmpty)
    #expect(pieces.allSatisfy { $0.request.document == version })
    #expect(pieces.allSatisfy { $0.request.page.rawValue < 20 })
    #expect(timersStarted(in: effects)[.message] != nil)
  }

  @Test func anOlderVersionIsNotAdopted() {
    var app = state(canReopen: true)
    _ = app.update(.fileChanged)
    _ = app.update(.timerFired(.reloadDebounce))
    _ = app.update(
      .documentReopened(
        DocumentSummary(version: DocumentVersion(number: 3), pageCount: 10, title: "t")))
    #expect(app.document.version == DocumentVersion(number: 3))
    let effects = app.update(
      .documentReopened(
        DocumentSummary(version: DocumentVersion(number: 2), pageCount: 5, title: "t")))
    #expect(effects == [])
    #expect(app.document.version == DocumentVersion(number: 3))
    #expect(app.document.pageCount == 10)
  }

  @Test func aFailedReopenShowsTheNoticeAndKeepsTheVersion() {
    var app = state(size: CellSize(columns: 160, rows: 30), canReopen: true)
    _ = type("3G", on: &app)
    _ = app.update(.fileChanged)
    _ = app.update(.timerFired(.reloadDebounce))
    let effects = app.update(.reopenFailed(reason: "the xref table is cut short"))
    #expect(effects == [])
    #expect(app.document.version == .first)
    #expect(app.document.pageCount == 40)
    #expect(app.view.currentPage == PageIndex(2))
    #expect(app.reload.phase == .waiting(reason: "the xref table is cut short"))
    let line = statusLine(of: app)
    #expect(
      line.hasPrefix(" file changed; waiting for a complete file (the xref table is cut short)"),
      "\(line)")
    // The next change settles and tries again; once a version opens the notice goes.
    #expect(app.update(.fileChanged).count == 2)
    #expect(app.update(.timerFired(.reloadDebounce)).last == .reopenDocument(around: PageIndex(2)))
    _ = app.update(
      .documentReopened(
        DocumentSummary(version: DocumentVersion(number: 2), pageCount: 40, title: "t")))
    #expect(app.reload.notice == nil)
    #expect(app.document.version == DocumentVersion(number: 2))
  }

  @Test(arguments: [true, false])
  func aChangeWhileOpeningSettlesAgainAfterTheOutcome(opens: Bool) {
    var app = state(canReopen: true)
    _ = app.update(.fileChanged)
    _ = app.update(.timerFired(.reloadDebounce))
    #expect(app.update(.fileChanged) == [])
    // `R` while opening waits for the outcome too.
    #expect(type("R", on: &app) == [])
    let effects =
      opens
      ? app.update(
        .documentReopened(
          DocumentSummary(version: DocumentVersion(number: 2), pageCount: 40, title: "t")))
      : app.update(.reopenFailed(reason: "gone"))
    #expect(timersStarted(in: effects)[.reloadDebounce] == ReloadState.quietPeriod)
    #expect(timersStarted(in: effects)[.reloadAtLatest] == ReloadState.longestWait)
    #expect(app.update(.timerFired(.reloadDebounce)).last == .reopenDocument(around: PageIndex(0)))
    #expect(app.reload.phase == .opening)
  }

  @Test func rReopensAtOnceWhenItCan() {
    var app = state(canReopen: true)
    #expect(
      type("R", on: &app) == [
        .cancelTimer(.reloadDebounce), .cancelTimer(.reloadAtLatest),
        .reopenDocument(around: PageIndex(0)),
      ])
    #expect(app.reload.phase == .opening)
  }

  @Test func rSaysItCannotReloadAStream() {
    var app = state(canReopen: false)
    let effects = type("R", on: &app)
    #expect(effects == [.startTimer(.message, after: AppState.messageDuration)])
    #expect(app.status.message == "cannot reload: the document was read from a stream")
    #expect(app.reload.phase == .idle)
  }

  // MARK: Pictures

  @Test func thePicturesDemandedChangeOnlyWhenTheWantedOnesChange() {
    var app = state()
    // Already on the first page; an unbound key; render progress; the same size.
    #expect(!changesPictures(&app) { type("g", on: &$0) })
    #expect(!changesPictures(&app) { type("x", on: &$0) })
    #expect(!changesPictures(&app) { $0.update(.renderProgress(pending: 3)) })
    #expect(!changesPictures(&app) { $0.update(.input(.resize(CellSize(columns: 100, rows: 30)))) })
    // Opening and closing the prompt changes no picture.
    #expect(!changesPictures(&app) { type(":", on: &$0) })
    #expect(!changesPictures(&app) { press([.escape], on: &$0) })
    // Moving the selection to a row off screen, a new size and new symbols do.
    #expect(changesPictures(&app) { type("G", on: &$0) })
    #expect(changesPictures(&app) { $0.update(.input(.resize(CellSize(columns: 90, rows: 30)))) })
    #expect(changesPictures(&app) { type("c", on: &$0) })
    #expect(!changesPictures(&app) { type("G", on: &$0) })
    // Nothing of that was an effect: the runtime compares the demands itself.
    #expect(type("G", on: &app) == [])
  }

  @Test func ctrlCCancelsAPromptOrHelpInsteadOfQuitting() {
    var app = state()
    _ = type(":12", on: &app)
    #expect(app.modes.top is PromptMode)
    let effects = app.update(.input(.signal(.interrupt)))
    #expect(app.modes.all.count == 1)
    #expect(!effects.contains { if case .quit = $0 { return true } else { return false } })
    #expect(app.view.currentPage == PageIndex(0))
    #expect(app.update(.input(.signal(.interrupt))).contains(.quit(status: 130, output: nil)))
  }

  @Test func aBackgroundProblemShowsOnTheStatusLineForAWhile() {
    var app = state()
    let effects = app.update(.problem("cannot save places: the state folder is read-only"))
    #expect(statusLine(of: app).contains("cannot save places: the state folder is read-only"))
    #expect(timersStarted(in: effects)[.message] == AppState.messageDuration)
    _ = app.update(.timerFired(.message))
    #expect(!statusLine(of: app).contains("cannot save places"))
  }
}
