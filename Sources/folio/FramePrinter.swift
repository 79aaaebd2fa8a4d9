import FolioCore
import FolioLayout
import FolioPoppler
import FolioRuntime
import FolioTerminal
import FolioUI
import Foundation

/// `folio --print --mode M`: the frame the interactive view would show at that size, status line
/// included, once every visible render has finished.
enum FramePrinter {
  static func run(
    _ options: PrintOptions, mode: ViewMode, document: any OpenedDocument,
    opening: DocumentOpening, path: String, find: String? = nil
  ) throws {
    let environment = ProcessInfo.processInfo.environment
    let colorMode = options.colors ?? ColorMode.preferred(environment: environment)
    let size = options.size ?? PrintCommand.terminalSize() ?? CellSize(columns: 80, rows: 24)
    let page = try options.startPage(in: document, path: path)
    UserLocale.adopt(environment: environment)
    let state = BrowserSetup.state(
      for: document, options: options, mode: mode, page: page, screenSize: size,
      colors: colorMode, cellAspect: CellAspect(options.cellAspect ?? 2), environment: environment,
      prefetches: false, defaultText: .off)
    let terminal = OffscreenTerminal(size: size, colorMode: colorMode)
    let search = find.flatMap { _ in
      LibrarySearchSetup.search(for: document, name: path, options: options)
    }
    let browser = try BrowserSetup.browser(
      state: state, terminal: terminal, opening: opening, options: options,
      readsAllPageFacts: false, search: search, startup: find.map { [.find($0)] } ?? [])
    if find != nil { browser.settleSearch() }
    browser.settle()
    browser.stopPrefetching()
    let text = AnsiPrinter(colorMode: colorMode).text(for: browser.frame)
    try StandardStreams.writeOutput(text)
    if let pixels = options.pixels?.named, find == nil {
      try PixelPrint.writeFrame(
        browser.state, protocol: pixels, opening: opening, options: options, rows: size.rows,
        environment: environment)
    }
    DamageReport.write(browser.damagedPages, path: path, verbose: options.verbose)
  }
}

extension FramePrinter {
  /// `folio --print DIR` (or several files): the shelf of covers as the viewer shows it.
  static func runLibrary(_ options: PrintOptions, files: [String], name: String) throws {
    let document: LibraryDocument
    do {
      document = try LibraryDocument.holding(files, named: name)
    } catch {
      throw Failure(path: nil, reason: "the library cannot be made: \(error.reason)")
    }
    var shelf = options
    (shelf.page, shelf.mode) = (nil, .grid)
    let opening = BrowserSetup.opening(
      readablePath: document.readablePath, name: name, password: nil, options: shelf,
      isLibrary: true)
    try run(shelf, mode: .grid, document: document, opening: opening, path: name)
  }
}

/// Builds the app state and the browser from the command line, for the terminal and `--print`.
enum BrowserSetup {
  static func state(
    for document: any OpenedDocument, options: PrintOptions, mode: ViewMode, page: PageIndex,
    screenSize: CellSize, colors: ColorMode, cellAspect: CellAspect, environment: [String: String],
    drawableSymbols: [SymbolSet] = SymbolSet.allCases, prefetches: Bool = true,
    remembersPlace: Bool = false, canReopen: Bool = false, defaultText: TextLayerMode = .auto,
    keymap: Keymap = .standard, library: LibraryRole? = nil
  ) -> AppState {
    var metrics = PageMetrics(pageCount: document.pageCount)
    metrics.setSize(document.pageSize(at: PageIndex(0)), of: PageIndex(0))
    metrics.setSize(document.pageSize(at: page), of: page)
    var facts = DocumentFacts(
      pageCount: document.pageCount, title: title(of: document), fileName: fileName(of: document))
    facts.setLabel(document.pageLabel(at: page), of: page)
    if document.isLibrary {
      // Every cover named by its file until its file is read (nothing is opened here).
      for index in 0..<document.pageCount {
        facts.setLabel(document.pageLabel(at: PageIndex(index)), of: PageIndex(index))
      }
    }
    let style = RenderStyle(
      symbols: options.symbols ?? SymbolSet.preferred(environment: environment), colors: colors,
      isInverted: options.invert == true, text: options.text ?? defaultText)
    return AppState(
      document: facts, metrics: metrics, screenSize: screenSize, cellAspect: cellAspect,
      mode: mode, page: page,
      spreadStyle: SpreadStyle(
        mode: options.spreads ?? .single, isShiftedByOne: options.shift,
        binding: options.rtl == true ? .rightToLeft : .leftToRight),
      hasDropCap: options.cover, trimsMargins: options.trim == true, style: style,
      drawableSymbols: drawableSymbols, remembersPlace: remembersPlace, prefetches: prefetches,
      reload: ReloadState(canReopen: canReopen), keymap: keymap, library: library)
  }

  /// The title to show: the document's own, else its file name.
  static func title(of document: any OpenedDocument) -> String {
    document.title ?? URL(fileURLWithPath: document.path).lastPathComponent
  }

  /// The name of the file `document` was opened from; nil for one read from a stream or the
  /// built-in sample (which have a title of their own).
  static func fileName(of document: any OpenedDocument) -> String? {
    guard document.path != FolioCommand.standardInputName, document.path != SampleDocument.name,
      !document.isLibrary
    else { return nil }
    return URL(fileURLWithPath: document.path).lastPathComponent
  }

  /// The loop for `state` on `terminal`, drawing with `opening`'s workers, `startup` applied
  /// first.
  static func browser<Terminal: TerminalBackend>(
    state: AppState, terminal: Terminal, opening: DocumentOpening, options: PrintOptions,
    readsAllPageFacts: Bool, search: SearchSetup? = nil, startup: [Event] = []
  ) throws -> Browser<Terminal> {
    try Browser(
      launch(
        state: state, opening: opening, options: options, readsAllPageFacts: readsAllPageFacts,
        search: search, startup: startup),
      terminal: terminal, view: AppView(width: .locale))
  }

  /// What the loop needs to show `state`, drawing with `opening`'s workers, `startup` applied
  /// first; the viewer adds reloading (`reopen`, `watching`) and the remembered place
  /// (`places`).
  static func launch(
    state: AppState, opening: DocumentOpening, options: PrintOptions, readsAllPageFacts: Bool,
    reopen: (@Sendable (ReopenRequest) throws -> ReopenedDocument)? = nil,
    watching: String? = nil, watchingFolders: [String] = [], places: PlaceKeeper.Setup? = nil,
    search: SearchSetup? = nil, startup: [Event] = []
  ) -> DocumentLaunch {
    var launch = DocumentLaunch(
      state: state, opening: opening,
      cacheBytes: (options.cacheMb ?? PictureBoard.defaultCacheMegabytes) << 20)
    launch.workerCount = options.workerCount
    launch.renderTimeout = options.renderTimeLimit
    launch.readsAllPageFacts = readsAllPageFacts
    launch.releaseFreedMemory = MemoryPolicy.releaseFreedMemory
    launch.reopen = reopen
    launch.watching = watching
    launch.watchingFolders = watchingFolders
    launch.places = places
    launch.search = search
    launch.startup = startup
    return launch
  }

  /// Page workers for the document at `readablePath` (`name` in messages): `prestarted` worker
  /// processes start now, so they load while the viewer opens its own copy, and more start as
  /// threads need them. Workers read the file pinned now (or `pinned`), so a file renamed
  /// over the path later is another version.
  static func opening(
    readablePath: String, name: String, password: String?, options: PrintOptions,
    version: DocumentVersion = .first, pinned: PinnedFile? = nil, prestarted: Int? = nil,
    niceness: Int = 5, isLibrary: Bool = false, knownPasswords: KnownPasswords? = nil
  ) -> DocumentOpening {
    let pinned = pinned ?? (try? PinnedFile(readablePath))
    let document = WorkerDocument(
      readablePath: pinned?.path ?? readablePath, name: name, password: password, version: version,
      isLibrary: isLibrary, knownPasswords: knownPasswords)
    var limits = options.workerLimits
    limits.niceness = niceness
    let workers = DocumentOpening.processes(
      document, launch: WorkerLaunch(), limits: limits,
      prestarted: prestarted ?? options.workerCount)
    return DocumentOpening(handoff: workers.handoff, keepsTimeLimit: true) {
      withExtendedLifetime(pinned) {}
      return try workers.makeWorker()
    }
  }
}
