import FolioCore
import FolioPoppler
import FolioRuntime
import FolioTerminal
import FolioUI

/// Opening another document while the viewer runs: one of a library's (Enter, `[`, `]` on
/// the shelf) or a file the control socket's `open` names. Each opens at its own remembered
/// place, in its own view; an encrypted one without its password asks for it.
struct FileOpening: Sendable {
  let options: PrintOptions
  let keymap: Keymap
  /// Whether documents' places are restored and saved.
  let remembers: Bool
  /// A document of a library's shelf (`.member`), or one alone (nil).
  let role: LibraryRole?

  /// How the loop opens documents on `screen` (on the opener's thread) and asks for their
  /// passwords on `session`'s terminal.
  func hooks(
    on session: ViewerTerminal, screen: Viewer.Screen, environment: [String: String]
  ) -> Browser<NcursesTerminal>.DocumentHooks {
    Browser<NcursesTerminal>.DocumentHooks(
      open: { request in self.open(request, on: screen, environment: environment) },
      askPassword: { path in
        session.terminal.givingBack {
          // Tried as typed (three times at most), so only a password that opens it is given.
          let readable = try? PopplerDocument.readablePath(for: path)
          return readable.flatMap { try? FolioCommand.openAskingForPassword($0, named: path) }?
            .password
        }
      })
  }

  /// Opens the document at `request`'s path for `screen` (on the opener's thread): at its own
  /// remembered place, in its own view; an encrypted one without its password asks for it.
  func open(
    _ request: DocumentOpener.Request, on screen: Viewer.Screen, environment: [String: String]
  ) -> DocumentOpener.Outcome {
    let path = request.path
    var documentOptions = options
    (documentOptions.mode, documentOptions.page) = (nil, nil)
    do {
      let readable = try PopplerDocument.readablePath(for: path)
      let document: PopplerDocument
      switch Result(catching: { () throws(DocumentError) in
        try PopplerDocument.open(readablePath: readable, named: path, password: request.password)
      }) {
      case .success(let opened): document = opened
      // Without a password, or with one known this run that opens it no more (the file was
      // encrypted anew): it is asked for.
      case .failure(.encrypted): return .needsPassword
      case .failure(let error): return .failed(Failure(path: path, reason: error.reason).line)
      }
      let opening = BrowserSetup.opening(
        readablePath: document.readablePath, name: path, password: document.password,
        options: documentOptions)
      let viewer = Viewer(
        document: document, opening: opening, options: documentOptions, path: path,
        isStream: false, forgetsPlace: !remembers, find: request.find?.query,
        findHit: request.find?.hit, keymap: keymap, library: role)
      var screen = screen
      screen.size = request.screenSize
      return .opened(try viewer.launch(on: screen, environment: environment))
    } catch let failure as Failure {
      return .failed(failure.line)
    } catch let error as DocumentError {
      return .failed(Failure(path: path, reason: error.reason).line)
    } catch {
      return .failed(Failure(path: path, reason: "\(error)").line)
    }
  }
}
