import FolioCore
import FolioPoppler
import FolioRuntime
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

  /// Runs the shelf and the documents opened from it until the person quits.
  func run() throws -> Browser<NcursesTerminal>.Ending {
    let environment = ProcessInfo.processInfo.environment
    let manifest: String
    let shelfDocument: LibraryDocument
    do {
      manifest = try PopplerDocument.readablePath(holding: LibraryDocument.manifest(of: files))
      shelfDocument = try LibraryDocument(manifestAt: manifest, named: name, opensFiles: false)
    } catch {
      throw Failure(path: nil, reason: "the library cannot be made: \(error.reason)")
    }
    var shelfOptions = options
    // --page, --mode and the like are for the documents.
    (shelfOptions.page, shelfOptions.mode) = (nil, .grid)
    let session = try ViewerTerminal.start(options: options, environment: environment)
    defer { session.terminal.restore() }
    let shelf = try Viewer(
      document: shelfDocument,
      opening: BrowserSetup.opening(
        readablePath: manifest, name: name, password: nil, options: shelfOptions,
        isLibrary: true),
      options: shelfOptions, path: name, isStream: true, forgetsPlace: true, keymap: keymap,
      configProblems: configProblems, library: .shelf
    ).browser(on: session)
    var ending = shelf.run()
    while case .open(let page, let query) = ending.move {
      var index = page.rawValue
      var find = query
      var problems: [Event] = []
      // One document after another until one goes back to the shelf (or the person quits).
      documents: while true {
        let opened: Browser<NcursesTerminal>.Ending
        do {
          opened = try openDocument(at: index, find: find, session: session)
        } catch let failure as Failure {
          problems.append(.problem(failure.line))
          break documents
        }
        find = nil
        switch opened.move {
        case nil: return opened
        case .back, .open: break documents
        case .next: index = min(files.count - 1, index + 1)
        case .previous: index = max(0, index - 1)
        }
      }
      var place = shelf.state.place
      place.page = PageIndex(index)
      ending = shelf.resume(with: [.restorePlace(place)] + problems)
    }
    return ending
  }

  /// Runs the document at `index` of the library until it leaves; a file that cannot be
  /// opened is a `Failure` for the shelf's status line.
  private func openDocument(at index: Int, find: String?, session: ViewerTerminal) throws
    -> Browser<NcursesTerminal>.Ending
  {
    let path = files[index]
    var documentOptions = options
    documentOptions.mode = nil
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
      isStream: false, forgetsPlace: !remembers, find: find, keymap: keymap, library: .member)
    return try viewer.browser(on: session).run()
  }
}
