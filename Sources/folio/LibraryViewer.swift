import FolioCore
import FolioPoppler
import FolioRuntime
import FolioStore
import FolioTerminal
import FolioUI
import Foundation

/// A library in the terminal: the shelf of covers (a `LibraryDocument` shown in the grid), and
/// its documents opened from it one at a time on the same terminal. Enter on a cover opens the
/// document at its remembered place (on its first hit when a search is on); Esc or Backspace
/// in the document's grid goes back to the shelf where it was; `[` and `]` go on to the
/// previous and next document without going back.
struct LibraryViewer {
  /// The files, in the shelf's order.
  let files: [String]
  /// What the library is called on the status line.
  let name: String
  let options: PrintOptions
  let keymap: Keymap
  let configProblems: [String]
  /// Whether documents' places are restored and saved.
  let remembers: Bool
  /// What could not be read of the files and folders named, for the shelf's status line.
  var problems: [String] = []
  /// The folders named, followed: PDFs added, removed or rewritten in them (or under them)
  /// make the shelf again.
  var folders: [String] = []
  /// The files and folders named, from which the files are found again (none for the recent
  /// documents).
  var arguments: [String] = []
  /// `--find`: search the shelf for this at once.
  var find: String? = nil

  /// The shelf's files of each version of it (made on the reopener's thread), and the lists
  /// given to its workers: those of versions before the last two are closed (their workers
  /// are gone), the rest when the shelf goes.
  final class ShelfFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var byVersion: [DocumentVersion: (files: [String], manifest: String)]
    init(_ files: [String], manifest: String) { byVersion = [.first: (files, manifest)] }
    deinit { for entry in byVersion.values { LibraryDocument.close(manifest: entry.manifest) } }
    func set(_ files: [String], manifest: String, for version: DocumentVersion) {
      lock.withLock {
        byVersion[version] = (files, manifest)
        for old in byVersion.keys where old.number < version.number - 1 {
          if let entry = byVersion.removeValue(forKey: old) {
            LibraryDocument.close(manifest: entry.manifest)
          }
        }
      }
    }
    func files(of version: DocumentVersion) -> [String]? {
      lock.withLock { byVersion[version]?.files }
    }
  }

  /// The order the shelf is in, shared with the reopener's thread.
  final class OrderBox: @unchecked Sendable {
    private let lock = NSLock()
    private var order: LibraryOrder
    init(_ order: LibraryOrder) { self.order = order }
    var value: LibraryOrder {
      get { lock.withLock { order } }
      set { lock.withLock { order = newValue } }
    }
  }

  /// Runs the shelf and the documents opened from it until the person quits.
  func run() throws -> Browser<NcursesTerminal>.Ending {
    let environment = ProcessInfo.processInfo.environment
    var shelfOptions = options
    // The shelf is a grid from its first cover; --page and --mode are not for it.
    (shelfOptions.page, shelfOptions.mode) = (nil, .grid)
    let session = try ViewerTerminal.start(options: options, environment: environment)
    defer { session.terminal.restore() }
    let order = OrderBox(LibraryOrder.remembered(environment: environment))
    var (shelf, shelfFiles) = try makeShelf(
      list(files, in: order.value), order: order, options: shelfOptions, session: session,
      notices: problems, isFirst: true, find: find)
    var ending = shelf.run()
    while let move = ending.move {
      // The files of the shelf shown (made again when its folders changed).
      let files = shelfFiles.files(of: shelf.state.document.version) ?? self.files
      var index = shelf.state.view.currentPage.rawValue
      var events: [Event] = []
      switch move {
      case .reorder:
        order.value = order.value.next
        order.value.remember(environment: environment)
        let selected = files[min(index, files.count - 1)]
        let found = arguments.isEmpty ? self.files : LibraryFiles.collect(arguments).files
        let named = found.isEmpty ? files : found
        let sorted = list(named, in: order.value)
        do {
          (shelf, shelfFiles) = try makeShelf(
            sorted, order: order, options: shelfOptions, session: session, notices: [])
        } catch let failure as Failure {
          ending = shelf.resume(with: [.problem(failure.line)])
          continue
        }
        var place = shelf.state.place
        place.page = PageIndex(sorted.files.firstIndex(of: selected) ?? 0)
        shelf.send([.restorePlace(place), .problem("order: \(order.value.rawValue)")])
        ending = shelf.run()
        continue
      case .open(let page, let query):
        index = page.rawValue
        events += try readDocuments(
          from: &index, of: files, find: query, shelf: shelf, session: session, ending: &ending)
        if ending.move == nil { return ending }
      case .back, .previous, .next:
        break
      }
      var place = shelf.state.place
      place.page = PageIndex(index)
      ending = shelf.resume(with: events + [.restorePlace(place)])
    }
    return ending
  }

  /// One document after another from `index`, until one goes back to the shelf (its move is
  /// then `.back`) or the person quits (nil); returns what the shelf must hear: the covers'
  /// new labels, what could not be opened.
  private func readDocuments(
    from index: inout Int, of files: [String], find query: String?,
    shelf: Browser<NcursesTerminal>, session: ViewerTerminal,
    ending: inout Browser<NcursesTerminal>.Ending
  ) throws -> [Event] {
    var find = query
    var events: [Event] = []
    var notice: String?
    while true {
      let opened: Browser<NcursesTerminal>.Ending
      do {
        let browser = try documentBrowser(
          at: index, of: files, find: find, notice: notice, session: session)
        opened = browser.run()
        // Its cover says where it was left.
        let state = browser.state
        let label = LibraryDocument.label(
          title: state.document.title, pageCount: state.document.pageCount,
          place: remembers ? state.view.currentPage.rawValue : nil)
        events.append(.labelFixed(PageIndex(index), label))
      } catch let failure as Failure {
        events.append(.problem(failure.line))
        ending.move = .back
        return events
      }
      find = nil
      notice = nil
      switch opened.move {
      case nil:
        ending = opened
        return events
      case .back, .open, .reorder:
        ending.move = .back
        return events
      case .next:
        if index + 1 < files.count { index += 1 } else { notice = "the library's last document" }
      case .previous:
        if index > 0 { index -= 1 } else { notice = "the library's first document" }
      }
    }
  }

  /// A shelf of `files`, ready to run, and the record of its files by version.
  private func makeShelf(
    _ list: (files: [String], places: [String: Int]), order: OrderBox,
    options shelfOptions: PrintOptions, session: ViewerTerminal, notices: [String],
    isFirst: Bool = false, find: String? = nil
  ) throws -> (Browser<NcursesTerminal>, ShelfFiles) {
    let shelfDocument: LibraryDocument
    do {
      shelfDocument = try LibraryDocument.holding(list.files, places: list.places, named: name)
    } catch {
      throw Failure(path: nil, reason: "the library cannot be made: \(error.reason)")
    }
    let manifest = shelfDocument.readablePath
    let shelfFiles = ShelfFiles(list.files, manifest: manifest)
    var viewer = Viewer(
      document: shelfDocument,
      opening: BrowserSetup.opening(
        readablePath: manifest, name: name, password: nil, options: shelfOptions,
        isLibrary: true),
      options: shelfOptions, path: name, isStream: true, forgetsPlace: true, find: find,
      keymap: keymap, configProblems: isFirst ? configProblems : [], library: .shelf,
      notices: notices)
    if !folders.isEmpty {
      viewer.following = (folders, reopener(shelfFiles, order: order, options: shelfOptions))
    }
    return (try viewer.browser(on: session), shelfFiles)
  }

  /// `files` (in name order) in `order`, with the page each was left at where places are
  /// remembered: the place store read once.
  private func list(_ files: [String], in order: LibraryOrder)
    -> (files: [String], places: [String: Int])
  {
    var memory: [String: (page: Int, openedAt: Date)] = [:]
    let environment = ProcessInfo.processInfo.environment
    if let store = PlaceStore.open(directory: PlaceStore.defaultDirectory(environment: environment))
      .store
    {
      let absolute = files.map(Viewer.absolute)
      let places = (try? store.places(of: Set(absolute))) ?? [:]
      for (file, path) in zip(files, absolute) { memory[file] = places[path] }
    }
    return (
      order.sorted(files, opened: memory.mapValues(\.openedAt)),
      remembers ? memory.mapValues(\.page) : [:]
    )
  }

  /// Makes the shelf again from the folders (on the reopener's thread): the files found now,
  /// in the shelf's order, a new list for the workers, the facts of the covers.
  private func reopener(_ shelfFiles: ShelfFiles, order: OrderBox, options: PrintOptions)
    -> @Sendable (ReopenRequest) throws -> ReopenedDocument
  {
    let library = self
    return { request in
      let found = LibraryFiles.collect(library.arguments).files
      guard !found.isEmpty else {
        throw DocumentError.unreadable(reason: "no PDF file left in \(library.name)")
      }
      let (files, places) = library.list(found, in: order.value)
      let document = try LibraryDocument.holding(files, places: places, named: library.name)
      let manifest = document.readablePath
      shelfFiles.set(files, manifest: manifest, for: request.version)
      let pages = (0..<document.pageCount).map { index in
        PageFact(
          page: PageIndex(index), size: LibraryDocument.standardSize,
          label: document.pageLabel(at: PageIndex(index)))
      }
      return ReopenedDocument(
        summary: DocumentSummary(
          version: request.version, pageCount: document.pageCount, title: library.name,
          pages: pages),
        opening: BrowserSetup.opening(
          readablePath: manifest, name: library.name, password: nil, options: options,
          version: request.version, isLibrary: true),
        identity: nil,
        search: (try? LibrarySearchSetup.text(of: files, options: options, forViewer: true))
          .map { .library($0) })
    }
  }

  /// The browser of the document at `index` of the library, ready to run; a file that cannot
  /// be opened is a `Failure` for the shelf's status line.
  private func documentBrowser(
    at index: Int, of files: [String], find: String?, notice: String? = nil,
    session: ViewerTerminal
  ) throws -> Browser<NcursesTerminal> {
    let path = files[index]
    // Each document opens at its own remembered place, in its own view.
    var documentOptions = options
    (documentOptions.mode, documentOptions.page) = (nil, nil)
    let readable: String
    let opened: Result<PopplerDocument, DocumentError>
    do {
      readable = try PopplerDocument.readablePath(for: path)
      opened = Result { () throws(DocumentError) in
        try PopplerDocument.open(readablePath: readable, named: path)
      }
    } catch {
      throw Failure(path: path, reason: error.reason)
    }
    let document: PopplerDocument
    switch opened {
    case .success(let ready): document = ready
    case .failure(.encrypted(passwordGiven: false)):
      // Asked for at a prompt of its own, the terminal given back meanwhile.
      let typed = session.terminal.givingBack {
        Result { try FolioCommand.openAskingForPassword(readable, named: path) }
      }
      document = try typed.get()
    case .failure(let error): throw Failure(path: path, reason: error.reason)
    }
    let opening = BrowserSetup.opening(
      readablePath: document.readablePath, name: path, password: document.password,
      options: documentOptions)
    session.terminal.invalidate()
    let viewer = Viewer(
      document: document, opening: opening, options: documentOptions, path: path,
      isStream: false, forgetsPlace: !remembers, find: find, keymap: keymap, library: .member,
      notices: notice.map { [$0] } ?? [])
    return try viewer.browser(on: session)
  }
}
