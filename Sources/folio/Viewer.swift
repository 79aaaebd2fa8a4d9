import FolioCore
import FolioPixels
import FolioPoppler
import FolioRuntime
import FolioTerminal
import FolioUI
import Foundation

/// The interactive browser: the terminal, the state, the remembered place, the file watcher
/// and the loop, wired together.
struct Viewer {
  let document: any OpenedDocument
  /// The page workers (started already) that draw the document.
  let opening: DocumentOpening
  let options: PrintOptions
  let path: String
  /// Whether the document came from a stream (standard input, a pipe): never watched or
  /// remembered.
  let isStream: Bool
  /// `--no-remember`: neither restore nor save the place.
  let forgetsPlace: Bool
  /// `--find`: search for this at once.
  var find: String? = nil
  /// With `find`: the hit to go to (picked in the shelf's hits list) instead of the first.
  var findHit: HitPosition? = nil
  /// `--pick`: how to print the picked pages.
  var pick: PickFormat? = nil
  /// The keys, with the config file's bindings.
  var keymap: Keymap = .standard
  /// What the config file had wrong (also written to standard error), for the status line.
  var configProblems: [String] = []
  /// In a library: the shelf of covers, or one of its documents.
  var library: LibraryRole? = nil
  /// Lines for the status line at the start (files of a library that could not be read).
  var notices: [String] = []
  /// How SyncTeX is read and the editor opened, where Folio can.
  var sourceLookup: SourceLookup? = nil
  /// The colours of marks written over the selection (the config's, by kind name).
  var markColors: [String: RGBA] = [:]
  /// `--synctex-forward` with no viewer showing the PDF: where to go once open.
  var forward: ForwardTarget? = nil
  /// A library's shelf: its folders, followed, and how it is made again when they change.
  var following: (folders: [String], reopen: @Sendable (ReopenRequest) throws -> ReopenedDocument)?
  /// A library's shelf: the passwords of its files known this run, for its workers.
  var passwords: KnownPasswords? = nil

  /// Runs the viewer until the person quits or a signal ends it; returns how it ended.
  func run() throws -> Browser<NcursesTerminal>.Ending {
    let session = try ViewerTerminal.start(
      options: options, environment: ProcessInfo.processInfo.environment)
    defer { session.terminal.restore() }
    return try browser(on: session).run()
  }

  /// What a document's state is made for: the terminal's size, colors, cell shape and the
  /// symbols it can draw, and whether pages are shown as images. Read on the loop's thread,
  /// used on any.
  struct Screen: Sendable {
    var size: CellSize
    var colors: ColorMode
    var cellAspect: CellAspect
    var drawableSymbols: [SymbolSet]
    /// Whether pages are shown as images (each document brings workers for them).
    var showsPixels: Bool
    /// Why pages are not shown as images, when that is known (`p` says it).
    var whyNoPixels: String?
    /// The symbols drawn when neither the command line nor the config says: quadrants in
    /// xterm (it draws no sextants of its own, and its usual fonts have none), else nil (the
    /// locale's default).
    var symbols: SymbolSet?

    /// What `session`'s terminal is, with the command line's cell shape over its own.
    init(_ session: ViewerTerminal, options: PrintOptions, environment: [String: String]) {
      let terminal = session.terminal
      size = terminal.size
      colors = terminal.colorMode
      cellAspect = options.cellAspect.map { CellAspect($0) } ?? terminal.cellAspect ?? .standard
      // ncurses places characters by the C library's widths (the terminal set the locale), so
      // only sets whose glyphs all have a width there can be drawn.
      drawableSymbols = SymbolSet.allCases.filter { $0.isDrawable(measuredBy: .locale) }
      let pixels = session.pixels(options: options, environment: environment)
      showsPixels = pixels.display != .blockArt
      whyNoPixels = showsPixels ? nil : pixels.notice
      let isXterm = session.replies?.version?.hasPrefix("XTerm") == true
      symbols = isXterm && LocaleEncoding.isUTF8(environment: environment) ? .quad : nil
    }
  }

  /// The browser of this document on `session`'s terminal, ready to run; with `library`, the
  /// shelf of a library.
  func browser(on session: ViewerTerminal, library: Browser<NcursesTerminal>.LibraryHooks? = nil)
    throws -> Browser<NcursesTerminal>
  {
    let environment = ProcessInfo.processInfo.environment
    let terminal = session.terminal
    let screen = Screen(session, options: options, environment: environment)
    var launch = try self.launch(on: screen, environment: environment)
    let pixels = session.pixels(options: options, environment: environment)
    if let notice = session.takeNotices() { launch.startup.append(.problem(notice)) }
    let browser: Browser<NcursesTerminal>
    do {
      // Alone, other files are opened in its place (the control socket's `open`).
      let documents =
        library == nil
        ? FileOpening(options: options, keymap: keymap, remembers: !forgetsPlace, role: nil)
          .hooks(on: session, screen: screen, environment: environment) : nil
      browser = try Browser(
        launch, terminal: terminal, view: AppView(width: .locale), library: library,
        documents: documents, sourceLookup: sourceLookup,
        markWriting: MarkSetup.writing(colors: markColors),
        control: { inbox in
          try ControlServer(in: ControlSocketFolder.prepare(environment: environment), inbox: inbox)
        })
    } catch {
      throw Failure(path: nil, reason: "cannot start rendering (\(error))")
    }
    if launch.showsPixels {
      showPixels(
        pixels, largestSixel: session.replies?.largestSixel, browser: browser, terminal: terminal)
    }
    if let forward, library == nil {
      // Opened by `--synctex-forward`: the place it names; the editor's pane, when it ran in
      // tmux, passed along by the client that opened this pane.
      var target = forward
      target.pdf = launch.path ?? target.pdf
      browser.showSource(of: target, editorPane: environment["FOLIO_EDITOR_PANE"])
    }
    if let kind = environment["FOLIO_CRASH_TEST"] {
      // For the tests of the crash guard: crash with the first frame on screen.
      browser.refresh()
      CrashGuard.crash(kind)
    }
    return browser
  }

  /// Everything the loop needs to show this document on `screen` (on any thread: the shelf's
  /// documents are opened on the opener's): its state, its services, what the start asks for.
  func launch(on screen: Screen, environment: [String: String]) throws -> DocumentLaunch {
    let page = try options.startPage(in: document, path: path)
    let memory =
      isStream || forgetsPlace
      ? nil
      : PlaceMemory.open(
        readablePath: document.readablePath, pageCount: document.pageCount,
        pathHint: Self.absolute(path), environment: environment)
    var options = self.options
    if options.symbols == nil { options.symbols = screen.symbols }
    let state = BrowserSetup.state(
      for: document, options: options, mode: options.mode ?? Self.openingMode(of: document),
      page: page,
      screenSize: screen.size, colors: screen.colors, cellAspect: screen.cellAspect,
      environment: environment, drawableSymbols: screen.drawableSymbols,
      remembersPlace: memory?.store != nil, canReopen: !isStream || following != nil,
      keymap: keymap, library: library)
    // What the start asks for arrives as events: the remembered place (the command line's
    // options over it), picking, the search of --find, and what went wrong meanwhile.
    var startup: [Event] = []
    let start = options.startingPlace(defaults: state.place, remembered: memory?.place, page: page)
    if start != state.place { startup.append(.restorePlace(start)) }
    if let pick { startup.append(.startPicking(pick)) }
    startup += (memory?.problems ?? []).map { .problem($0) }
    if !configProblems.isEmpty {
      // The lines on standard error are hidden by the screen while the viewer runs: every one
      // is said, whole, until the next key.
      let heading = "config: not applied (the rest is), shown until a key:"
      startup.append(.problem(([heading] + configProblems).joined(separator: "\n")))
    }
    startup += notices.map { .problem($0) }
    if let find { startup += FindRequest(query: find, hit: findHit).events }
    if let why = screen.whyNoPixels { startup.append(.pixelsUnavailable(why)) }
    let places = memory.flatMap { memory in
      memory.store.map {
        PlaceKeeper.Setup(
          writer: $0, identity: memory.identity, knownProblem: memory.problems.last)
      }
    }
    var launch = BrowserSetup.launch(
      state: state, opening: opening, options: options,
      readsAllPageFacts: !document.isLibrary,
      reopen: following?.reopen ?? (isStream ? nil : reopener(remembers: memory != nil)),
      watching: isStream ? nil : path, watchingFolders: following?.folders ?? [],
      places: places,
      search: LibrarySearchSetup.search(
        for: document, name: path, options: options, passwords: passwords),
      startup: startup)
    launch.path = isStream || document.isLibrary ? nil : Self.absolute(path)
    launch.showsPixels = screen.showsPixels
    return launch
  }

  /// The view a document opens in when `--mode` does not say: the grid, but a single page
  /// (a one-page paper, a poster) fitted to the screen as a page, readable at once.
  static func openingMode(of document: any OpenedDocument) -> ViewMode {
    document.pageCount == 1 && !document.isLibrary ? .continuous : .grid
  }

  /// `path` from the root (the place store's hint, from which `folio` alone lists the recent
  /// documents).
  static func absolute(_ path: String) -> String {
    let full =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return URL(fileURLWithPath: full).standardizedFileURL.path
  }

  /// Starts drawing pages as pixels in `choice`'s display, rendered by the document's page
  /// workers (its block art stands in meanwhile); sixel pictures at most `largestSixel` each
  /// (the terminal's limit, nil when none is known).
  private func showPixels(
    _ choice: (display: PixelDisplay, notice: String?, cellPixels: PixelSize?),
    largestSixel: PixelSize?, browser: Browser<NcursesTerminal>, terminal: NcursesTerminal
  ) {
    let kind: PagePixelsKind
    switch choice.display {
    case .blockArt: return
    case .kittyPlacements: kind = .kitty(.placements)
    case .kittyPlaceholders(let throughTmux):
      kind = .kitty(
        .placeholders(isDirectColor: terminal.drawsDirectColor, throughTmux: throughTmux))
      // Only Folio's own images: others may share the terminal through tmux.
      terminal.imageDeletion = []
    case .sixel, .iterm2:
      kind = .painted(choice.display == .sixel ? .sixel : .iterm2)
      // The pictures go with the alternate screen.
      terminal.imageDeletion = []
    }
    browser.showPagesAsImages(
      cellPixels: choice.cellPixels ?? .standardCell, isGuess: choice.cellPixels == nil, kind: kind,
      largestImage: choice.display == .sixel ? largestSixel : nil)
  }

  /// Opens the file again as a new version, on the reopener's thread. A file that has lost
  /// the `%%EOF` its first version ended with is taken for one still being written.
  private func reopener(remembers: Bool) -> @Sendable (ReopenRequest) throws -> ReopenedDocument {
    let path = self.path
    let options = self.options
    let password = document.password
    let requiresEndMarker = PopplerDocument.hasEndMarker(at: document.readablePath)
    return { request in
      // One file for the whole version: every later open reads it, whatever the path becomes.
      let pinned = try PinnedFile(path)
      let readable = try PopplerDocument.readablePath(for: pinned.path)
      if requiresEndMarker && !PopplerDocument.hasEndMarker(at: readable) {
        throw IncompleteFile()
      }
      let opened = try PopplerDocument.open(readablePath: readable, named: path, password: password)
      let pages = Set([0, min(request.page.rawValue, opened.pageCount - 1)]).sorted().map { index in
        let page = PageIndex(index)
        return PageFact(
          page: page, size: opened.pageSize(at: page), label: opened.pageLabel(at: page))
      }
      let summary = DocumentSummary(
        version: request.version, pageCount: opened.pageCount,
        title: BrowserSetup.title(of: opened), pages: pages)
      let identity =
        remembers
        ? PlaceMemory.identity(
          readablePath: readable, pageCount: opened.pageCount, pathHint: Viewer.absolute(path))
        : nil
      return ReopenedDocument(
        summary: summary,
        opening: BrowserSetup.opening(
          readablePath: readable, name: path, password: password, options: options,
          version: request.version, pinned: pinned),
        identity: identity,
        search: .document(
          DocumentText.searchSetup(
            readablePath: readable, name: path, password: password, pageCount: opened.pageCount,
            options: options, version: request.version, pinned: pinned)))
    }
  }
}

/// A changed file that is not complete yet (no `%%EOF` at its end).
struct IncompleteFile: Error, CustomStringConvertible {
  var description: String { "not complete yet" }
}
