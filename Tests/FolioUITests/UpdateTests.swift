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
    // As the runtime does before the first frame: the first pictures are asked for here.
    _ = app.start()
    return app
  }

  func press(_ keys: [Key], on state: inout AppState) -> [Effect] {
    keys.flatMap { state.update(.input(.key($0))) }
  }

  func type(_ text: String, on state: inout AppState) -> [Effect] {
    press(text.map { .character($0) }, on: &state)
  }

  /// The pictures asked for in `effects`.
  func wants(in effects: [Effect]) -> [PictureWants] {
    effects.compactMap { if case .want(let wants) = $0 { wants } else { nil } }
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
    #expect(app.modes.count == 1)
  }

  // MARK: Timers

  @Test func aLoneModeDigitWaitsForTheCountTimerThenPicksItsMode() {
    var app = state()
    #expect(
      type("2", on: &app) == [.startTimer(.count, after: .milliseconds(AppState.countTimeout))])
    #expect(app.mode == .grid)
    #expect(app.keys.pendingCount == 2)
    let effects = app.update(.timerFired(.count))
    #expect(app.mode == .continuous)
    #expect(app.keys.pendingCount == nil)
    #expect(wants(in: effects).count == 1)
  }

  @Test func aCountUsedByItsKeyCancelsTheCountTimer() {
    var app = state()
    _ = type("1", on: &app)
    let effects = type("2G", on: &app)
    #expect(app.currentPage == PageIndex(11))
    #expect(effects.contains(.cancelTimer(.count)))
    #expect(app.mode == .grid)
  }

  @Test func aPlaceChangeStartsTheSaveTimerAndItsFiringSavesThePlace() {
    var app = state(remembersPlace: true)
    let effects = type("j", on: &app)
    #expect(app.currentPage != PageIndex(0))
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
    #expect(app.message == "double spreads")
    #expect(timersStarted(in: effects)[.message] == AppState.messageDuration)
    #expect(app.update(.timerFired(.message)) == [])
    #expect(app.message == nil)
    #expect(!statusLine(of: app).contains("spreads"))
  }

  // MARK: The mode stack

  @Test func colonOpensThePromptAndEscClosesIt() {
    var app = state()
    #expect(type(":", on: &app) == [])
    #expect(app.modes.count == 2)
    #expect(app.modes.last is PromptMode)
    _ = type("12", on: &app)
    #expect(press([.escape], on: &app) == [])
    #expect(app.modes.count == 1)
    #expect(app.modes.last is NormalMode)
    #expect(app.currentPage == PageIndex(0))
  }

  @Test func enterInThePromptGoesToTheLabel() {
    var app = state(labels: [0: "Cover", 1: "i", 2: "ii", 3: "iii"])
    _ = type(":ii", on: &app)
    _ = press([.enter], on: &app)
    #expect(app.modes.count == 1)
    #expect(app.currentPage == PageIndex(2))
    #expect(app.message == nil)
  }

  @Test func anUnknownTargetSaysThereIsNoSuchPage() {
    var app = state(labels: [0: "Cover"])
    _ = type(":zz", on: &app)
    let effects = press([.enter], on: &app)
    #expect(app.modes.count == 1)
    #expect(app.currentPage == PageIndex(0))
    #expect(app.message == "no page “zz”")
    #expect(timersStarted(in: effects)[.message] != nil)
    #expect(statusLine(of: app).contains("no page “zz”"))
  }

  @Test func questionMarkOpensHelpAndQClosesItWithoutQuitting() {
    var app = state(remembersPlace: true)
    _ = type("?", on: &app)
    #expect(app.modes.last is HelpMode)
    let effects = type("q", on: &app)
    #expect(app.modes.count == 1)
    #expect(!effects.contains { if case .quit = $0 { true } else { false } })
    #expect(!effects.contains { if case .savePlace = $0 { true } else { false } })
    // With help closed, q quits.
    #expect(type("q", on: &app).last == .quit(status: 0, output: nil))
  }

  @Test func anotherKeyClosesHelpAndActs() {
    var plain = state()
    _ = type("j", on: &plain)
    var app = state()
    _ = type("?", on: &app)
    _ = type("j", on: &app)
    #expect(app.modes.count == 1)
    #expect(app.currentPage == plain.currentPage)
    #expect(app.currentPage != PageIndex(0))
    // `?` and Esc close it without acting.
    for key in [Key.character("?"), .escape] {
      _ = type("?", on: &app)
      let page = app.currentPage
      _ = press([key], on: &app)
      #expect(app.modes.count == 1)
      #expect(app.currentPage == page)
      #expect(app.mode == .grid)
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
        .cancelTimer(.reloadDebounce), .cancelTimer(.reloadAtLatest), .reopenDocument,
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
  @Test(arguments: ViewMode.allCases)
  func aReopenedDocumentKeepsModeAndZoomClampsThePageAndAsksForItsPictures(mode: ViewMode) throws {
    var app = state(mode: mode, canReopen: true)
    _ = type("31G+", on: &app)
    let zooms = (app.gridZoom, app.continuousZoom, app.spreadZoom)
    _ = app.update(.fileChanged)
    _ = app.update(.timerFired(.reloadDebounce))
    let version = DocumentVersion(number: 2)
    let summary = DocumentSummary(
      version: version, pageCount: 20, title: "t2",
      pages: [PageFact(page: PageIndex(19), size: PointSize(width: 612, height: 792), label: "xx")])
    let effects = app.update(.documentReopened(summary))
    #expect(app.mode == mode)
    #expect(app.gridZoom == zooms.0)
    #expect(app.continuousZoom == zooms.1)
    #expect(app.spreadZoom == zooms.2)
    #expect(app.document.pageCount == 20)
    #expect(app.currentPage == PageIndex(19))
    #expect(app.documentVersion == version)
    #expect(app.document.label(of: PageIndex(19)) == "xx")
    #expect(app.message == "reloaded")
    #expect(app.reload.phase == .idle)
    let adopt = try #require(effects.firstIndex(of: .adoptDocument(version)))
    let asked = wants(in: effects)
    try #require(asked.count == 1)
    let wanted = asked[0]
    // The runtime replaces the renderer before it is asked for the new version's pictures.
    let want = try #require(effects.firstIndex(of: .want(wanted)))
    #expect(adopt < want)
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
    #expect(app.documentVersion == DocumentVersion(number: 3))
    let effects = app.update(
      .documentReopened(
        DocumentSummary(version: DocumentVersion(number: 2), pageCount: 5, title: "t")))
    #expect(effects == [])
    #expect(app.documentVersion == DocumentVersion(number: 3))
    #expect(app.document.pageCount == 10)
  }

  @Test func aFailedReopenShowsTheNoticeAndKeepsTheVersion() {
    var app = state(size: CellSize(columns: 160, rows: 30), canReopen: true)
    _ = type("3G", on: &app)
    _ = app.update(.fileChanged)
    _ = app.update(.timerFired(.reloadDebounce))
    let effects = app.update(.reopenFailed(reason: "the xref table is cut short"))
    #expect(effects == [])
    #expect(app.documentVersion == .first)
    #expect(app.document.pageCount == 40)
    #expect(app.currentPage == PageIndex(2))
    #expect(app.reload.phase == .waiting(reason: "the xref table is cut short"))
    let line = statusLine(of: app)
    #expect(
      line.hasPrefix(" file changed; waiting for a complete file (the xref table is cut short)"),
      "\(line)")
    // The next change settles and tries again; once a version opens the notice goes.
    #expect(app.update(.fileChanged).count == 2)
    #expect(app.update(.timerFired(.reloadDebounce)).last == .reopenDocument)
    _ = app.update(
      .documentReopened(
        DocumentSummary(version: DocumentVersion(number: 2), pageCount: 40, title: "t")))
    #expect(app.reload.notice == nil)
    #expect(app.documentVersion == DocumentVersion(number: 2))
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
    #expect(app.update(.timerFired(.reloadDebounce)).last == .reopenDocument)
    #expect(app.reload.phase == .opening)
  }

  @Test func rReopensAtOnceWhenItCan() {
    var app = state(canReopen: true)
    #expect(
      type("R", on: &app) == [
        .cancelTimer(.reloadDebounce), .cancelTimer(.reloadAtLatest), .reopenDocument,
      ])
    #expect(app.reload.phase == .opening)
  }

  @Test func rSaysItCannotReloadAStream() {
    var app = state(canReopen: false)
    let effects = type("R", on: &app)
    #expect(effects == [.startTimer(.message, after: AppState.messageDuration)])
    #expect(app.message == "cannot reload: the document was read from a stream")
    #expect(app.reload.phase == .idle)
  }

  // MARK: Pictures

  @Test func picturesAreAskedForOnlyWhenTheWantedOnesChange() {
    var app = state()
    #expect(wants(in: app.start()).count == 1)
    // Already on the first page; an unbound key; render progress; the same size.
    #expect(type("g", on: &app) == [])
    #expect(type("x", on: &app) == [])
    #expect(app.update(.renderProgress(pending: 3)) == [])
    #expect(app.update(.input(.resize(CellSize(columns: 100, rows: 30)))) == [])
    // Opening and closing the prompt changes no picture.
    #expect(type(":", on: &app) == [])
    #expect(press([.escape], on: &app) == [])
    // Moving the selection to a row off screen, a new size and new symbols do.
    #expect(wants(in: type("G", on: &app)).count == 1)
    #expect(wants(in: app.update(.input(.resize(CellSize(columns: 90, rows: 30))))).count == 1)
    #expect(wants(in: type("c", on: &app)).count == 1)
    #expect(type("G", on: &app) == [])
  }

  @Test func ctrlCCancelsAPromptOrHelpInsteadOfQuitting() {
    var app = state()
    _ = type(":12", on: &app)
    #expect(app.modes.last is PromptMode)
    let effects = app.update(.input(.signal(.interrupt)))
    #expect(app.modes.count == 1)
    #expect(!effects.contains { if case .quit = $0 { return true } else { return false } })
    #expect(app.currentPage == PageIndex(0))
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
