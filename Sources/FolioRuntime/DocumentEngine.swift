import FolioCore
import FolioUI

/// The services of one document of the session: its pictures, page facts, outline and links,
/// reloading, remembered place, search, pixels and timers, and what they were asked for. The
/// loop keeps one per document and hands each the inbox's letters; when the document leaves
/// the session the engine goes, and its threads and workers with it.
final class DocumentEngine {
  /// The pictures.
  let board: PictureBoard
  /// Its file, when it has one (not a shelf, not standard input).
  let path: String?
  /// The file as it was when the version shown was opened: a forward search waits while the
  /// file is another (being rewritten) until that version is shown.
  private(set) var shownStamp: FileIdentity?
  private var pageReader: PageReader?
  /// The workers started ahead for the current version, until the unclaimed ones are let go.
  private var unclaimedWorkers: DocumentHandoff?
  private let readsAllPageFacts: Bool
  /// The timers its state started.
  var timers = TimerSchedule()
  let reopener: DocumentReopener?
  private(set) var fileWatch: FileWatch?
  let places: PlaceKeeper?
  /// Searching its text, when it can be searched.
  private(set) var searcher: (any PageSearcher)?
  /// The outline and links of the version shown, read when asked.
  private var navigation: NavigationReader
  /// Pages as images, when the terminal shows them.
  var pixels: (any PagePixels)?
  /// What the services were asked for already.
  private var ledger = DemandLedger()
  /// After a reload, frames wait (at most this long) for the new version's screen to be
  /// complete, so its placeholders do not flash over the old version's pictures.
  static var reloadHold: Duration { .milliseconds(300) }
  var holdingFrameUntil: ContinuousClock.Instant?

  /// Starts the services of `launch`, posting to `inbox`; pictures `width` cells wide at most.
  init(_ launch: DocumentLaunch, width: TextWidth, inbox: LoopInbox) throws {
    let state = launch.state
    readsAllPageFacts = launch.readsAllPageFacts
    path = launch.path
    shownStamp = launch.path.flatMap { FileIdentity(path: $0) }
    searcher = launch.search.map { $0.makeSearcher(inbox: inbox) }
    fileWatch =
      launch.watchingFolders.isEmpty
      ? launch.watching.map { FileWatch(path: $0) }
      : FileWatch(path: launch.watchingFolders[0]) { [inbox, folders = launch.watchingFolders] _ in
        try FolderWatcher(roots: folders) { inbox.wakeLoop() }
      }
    places = try launch.places.map { try PlaceKeeper($0, inbox: inbox) }
    board = try PictureBoard(
      opening: launch.opening, version: state.document.version, cacheBytes: launch.cacheBytes,
      workerCount: launch.workerCount, renderTimeout: launch.renderTimeout, width: width,
      releaseFreedMemory: launch.releaseFreedMemory, inbox: inbox)
    navigation = NavigationReader(
      version: state.document.version, pageCount: state.document.pageCount, sharing: board.work)
    reopener = try launch.reopen.map {
      try DocumentReopener(
        current: state.document.version, timeLimit: launch.renderTimeout, inbox: inbox, reopen: $0)
    }
    unclaimedWorkers = launch.opening.handoff
    pageReader = makePageReader(pageCount: state.document.pageCount)
  }

  /// The version shown, as the annotation writer names versions
  /// (`DEVICE:INODE:SIZE:SECONDS.NANOSECONDS`).
  var shownVersion: String? {
    guard let stamp = shownStamp else { return nil }
    let fraction = String(stamp.modifiedNanoseconds)
    return "\(stamp.device):\(stamp.inode):\(stamp.size):\(stamp.modified)."
      + String(repeating: "0", count: max(0, 9 - fraction.count)) + fraction
  }

  /// Whether the file on disk is the version shown (nothing has rewritten it since).
  var showsFileOnDisk: Bool {
    guard let path else { return true }
    return FileIdentity(path: path) == shownStamp
  }

  /// Reads the outline (a control-socket client asks which section is shown); it arrives as
  /// an event like the panel's.
  func readOutline() { navigation.wantOutline() }

  private func makePageReader(pageCount: Int) -> PageReader? {
    guard readsAllPageFacts && pageCount > 1 else { return nil }
    return PageReader(pageCount: pageCount, sharing: board.work)
  }

  /// The services letters are for, and whose time limits the loop keeps.
  var services: [any LoopService] {
    var services: [any LoopService] = [board, navigation]
    if let pageReader { services.append(pageReader) }
    if let reopener { services.append(reopener) }
    if let places { services.append(places) }
    if let searcher { services.append(searcher) }
    if let pixels { services.append(pixels) }
    return services
  }

  /// The nearest moment it must be woken for: a timer, a held frame, a check of its file, a
  /// time limit of its services.
  var nextDeadline: ContinuousClock.Instant? {
    ([timers.nextDeadline, holdingFrameUntil, fileWatch?.nextCheck] + services.map(\.nextDeadline))
      .compactMap { $0 }.min()
  }

  /// What its services and timers have to say, from `letters` (the inbox's, shared by every
  /// document's services: each takes its own) and the clock; `pendingShown` is the render
  /// count its status line shows.
  func events(from letters: [LoopInbox.Letter], pendingShown: Int) -> [Event] {
    var events: [Event] = timers.takeFired(now: .now).map { .timerFired($0) }
    if let fileWatch, fileWatch.takeChange() { events.append(.fileChanged) }
    events += board.receive(letters)
    if let pageReader {
      if !pageReader.hasStarted && board.pendingCount == 0 { pageReader.start() }
      events += pageReader.receive(letters)
      if pageReader.isFinished { self.pageReader = nil }
    }
    if board.pendingCount == 0, let unclaimed = unclaimedWorkers {
      // Workers started ahead that no page-work thread took (a document with fewer pages on
      // screen than threads): they are killed, and reaped off this thread.
      unclaimed.discardRemaining()
      unclaimedWorkers = nil
    }
    if let reopener { events += reopener.receive(letters) }
    if let places { events += places.receive(letters) }
    if let searcher { events += searcher.receive(letters) }
    if let pixels { events += pixels.receive(letters) }
    events += navigation.receive(letters)
    let pending = board.pendingCount
    if pending != pendingShown { events.append(.renderProgress(pending: pending)) }
    return events
  }

  /// Asks the services for what `state` needs now and did not need before; returns what they
  /// know already.
  func meet(_ demands: Demands) -> [Event] {
    ledger.meet(
      demands,
      services: DemandedServices(board: board, navigation: navigation, searcher: searcher))
    return navigation.receive([]) + (searcher?.receive([]) ?? [])
  }

  /// Searches its text; returns what is known at once.
  func search(_ request: SearchRequest) -> [Event] {
    guard let searcher else {
      guard !request.query.isEmpty else { return [] }
      return SearchResults.ending(
        request, pageCount: request.pageCount, because: "this document cannot be searched")
    }
    searcher.search(request)
    return searcher.receive([])
  }

  /// Shows the opened `version` from now on; `makePixels` gives it a new pixel layer.
  /// Returns the shelf's files the version carries (a shelf made again) and why its renders
  /// could not start, if they could not; nil when no such version was opened.
  func adopt(
    _ version: DocumentVersion, inbox: LoopInbox,
    makePixels: (DocumentOpening) throws -> Void
  ) -> (members: [String]?, failure: (any Error)?)? {
    guard let document = reopener?.take(version) else { return nil }
    shownStamp = path.flatMap { FileIdentity(path: $0) }
    var failure: (any Error)?
    do {
      try board.replaceDocument(with: document.opening, version: version)
      pageReader = makePageReader(pageCount: document.summary.pageCount)
      unclaimedWorkers = document.opening.handoff
      try makePixels(document.opening)
    } catch {
      failure = error
    }
    places?.identity = document.identity
    searcher = document.search.map { $0.makeSearcher(inbox: inbox) }
    // After the board's new version: the reader shares its page work.
    navigation = NavigationReader(
      version: version, pageCount: document.summary.pageCount, sharing: board.work)
    ledger.forgetServices()
    // Reloads in quick succession do not push the hold back: frames come at least every
    // 300 ms.
    holdingFrameUntil = holdingFrameUntil ?? .now + Self.reloadHold
    return (document.members, failure)
  }

  /// Stops its pixel layer and its renders: the document has left the session (its place may
  /// still be being written).
  func stop() {
    pixels?.shutdown()
    pixels = nil
    board.stopPrefetching()
  }
}
