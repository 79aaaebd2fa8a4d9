import FolioCore
import FolioPoppler
import FolioRuntime
import FolioStore
import FolioTerminal
import FolioUI
import Foundation

/// A library in the terminal: one session of the shelf of covers (a `LibraryDocument` shown in
/// the grid) and the documents opened from it, in one loop. Enter on a cover opens the
/// document (on the opener's thread, the shelf drawing meanwhile) at its remembered place, on
/// its first hit when a search is on; Esc or Backspace in the document's grid goes back to the
/// shelf where it was; `[` and `]` go on to the previous and next document; `O` orders the
/// shelf anew. The session (`Session`) follows these moves; this wires the files, the opener
/// and the order.
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
  /// The colours of marks written over the selection (the config's, by kind name).
  var markColors: [String: RGBA] = [:]

  /// The lists of files given to the shelf's workers, by version of the shelf (made on the
  /// reopener's thread): those of versions before the last two are closed (their workers are
  /// gone), the rest when the shelf goes. Which file a cover is, the session knows.
  final class ShelfManifests: @unchecked Sendable {
    private let lock = NSLock()
    private var byVersion: [DocumentVersion: String]
    init(_ manifest: String) { byVersion = [.first: manifest] }
    deinit { for manifest in byVersion.values { LibraryDocument.close(manifest: manifest) } }
    func set(_ manifest: String, for version: DocumentVersion) {
      lock.withLock {
        byVersion[version] = manifest
        for old in byVersion.keys where old.number < version.number - 1 {
          if let manifest = byVersion.removeValue(forKey: old) {
            LibraryDocument.close(manifest: manifest)
          }
        }
      }
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

  /// Runs the shelf and the documents opened from it, in one loop, until the person quits.
  func run() throws -> Browser<NcursesTerminal>.Ending {
    let environment = ProcessInfo.processInfo.environment
    var shelfOptions = options
    // The shelf is a grid from its first cover; --page and --mode are not for it.
    (shelfOptions.page, shelfOptions.mode) = (nil, .grid)
    let session = try ViewerTerminal.start(options: options, environment: environment)
    defer { session.terminal.restore() }
    let order = OrderBox(LibraryOrder.remembered(environment: environment))
    let listed = list(files, in: order.value)
    let shelfDocument: LibraryDocument
    do {
      shelfDocument = try LibraryDocument.holding(listed.files, places: listed.places, named: name)
    } catch {
      throw Failure(path: nil, reason: "the library cannot be made: \(error.reason)")
    }
    let manifest = shelfDocument.readablePath
    let manifests = ShelfManifests(manifest)
    // Known for the rest of the run (never written): a password that opened a document of
    // the shelf opens it again, and its cover and text.
    let passwords = KnownPasswords()
    var viewer = Viewer(
      document: shelfDocument,
      opening: BrowserSetup.opening(
        readablePath: manifest, name: name, password: nil, options: shelfOptions,
        isLibrary: true, knownPasswords: passwords),
      options: shelfOptions, path: name, isStream: true, forgetsPlace: true, find: find,
      keymap: keymap, configProblems: configProblems, library: .shelf, notices: problems)
    viewer.passwords = passwords
    viewer.markColors = markColors
    viewer.following = (
      folders,
      reopener(manifests, order: order, options: shelfOptions, passwords: passwords)
    )
    let screen = Viewer.Screen(session, options: options, environment: environment)
    let hooks = Browser<NcursesTerminal>.LibraryHooks(
      files: listed.files,
      documents: FileOpening(
        options: options, keymap: keymap, remembers: remembers, role: .member
      ).hooks(on: session, screen: screen, environment: environment),
      nextOrder: {
        order.value = order.value.next
        order.value.remember(environment: environment)
        return order.value.rawValue
      }, passwords: passwords)
    return try withExtendedLifetime(manifests) {
      try viewer.browser(on: session, library: hooks).run()
    }
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
  /// in the shelf's order (carried to the session), a new list for the workers, the facts of
  /// the covers.
  private func reopener(
    _ manifests: ShelfManifests, order: OrderBox, options: PrintOptions,
    passwords: KnownPasswords
  )
    -> @Sendable (ReopenRequest) throws -> ReopenedDocument
  {
    let library = self
    return { request in
      let found =
        library.arguments.isEmpty ? library.files : LibraryFiles.collect(library.arguments).files
      guard !found.isEmpty else {
        throw DocumentError.unreadable(reason: "no PDF file left in \(library.name)")
      }
      let (files, places) = library.list(found, in: order.value)
      let document = try LibraryDocument.holding(files, places: places, named: library.name)
      let manifest = document.readablePath
      manifests.set(manifest, for: request.version)
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
          version: request.version, isLibrary: true, knownPasswords: passwords),
        identity: nil,
        search: (try? LibrarySearchSetup.text(
          of: files, options: options, forViewer: true, passwords: passwords)).map { .library($0) },
        members: files)
    }
  }
}
