import FolioCore
import FolioPoppler
import FolioRuntime
import FolioTerminal
import FolioUI
import Foundation

/// The interactive browser: the terminal, the state and the render loop, wired together.
struct Viewer {
  let document: PopplerDocument
  let options: PrintOptions
  let path: String

  /// Runs the viewer until the person quits or a signal ends it; returns how it ended.
  func run() throws -> Browser<NcursesTerminal>.Ending {
    let environment = ProcessInfo.processInfo.environment
    let page = try options.startPage(in: document, path: path)
    // NO_COLOR means no color unless --colors says otherwise.
    let requested = options.colors ?? (ColorMode.preferred(environment: environment) == .none ? ColorMode.none : nil)
    let terminal: NcursesTerminal
    do {
      terminal = try NcursesTerminal(colors: requested, environment: environment)
    } catch {
      throw Failure(path: nil, reason: "\(error)")
    }
    defer { terminal.restore() }
    let aspect = options.cellAspect.map { CellAspect($0) } ?? terminal.cellAspect ?? .standard
    // ncurses places characters by the C library's widths (the terminal set the locale), so
    // only sets whose glyphs all have a width there can be drawn.
    let state = BrowserSetup.state(
      for: document, options: options, mode: options.mode ?? .grid, page: page,
      screenSize: terminal.size, colors: terminal.colorMode, cellAspect: aspect,
      environment: environment,
      drawableSymbols: SymbolSet.allCases.filter { $0.isDrawable(measuredBy: .locale) })
    let browser: Browser<NcursesTerminal>
    do {
      browser = try BrowserSetup.browser(
        state: state, terminal: terminal, document: document, options: options,
        readsAllPageFacts: true)
    } catch {
      throw Failure(path: nil, reason: "cannot start rendering (\(error))")
    }
    if let kind = environment["FOLIO_CRASH_TEST"] {
      // For the tests of the crash guard: crash with the first frame on screen.
      browser.refresh()
      CrashGuard.crash(kind)
    }
    return browser.run()
  }
}
