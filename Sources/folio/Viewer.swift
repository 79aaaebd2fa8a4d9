import FolioCore
import FolioPoppler
import FolioRuntime
import FolioTerminal
import FolioUI
import Foundation

/// The interactive browser: the terminal, the state and the render loop, wired together.
struct Viewer {
  let document: PopplerDocument
  var mode: ViewMode = .grid
  var colors: ColorMode?
  var symbols: SymbolSet = SymbolSet.preferred(environment: ProcessInfo.processInfo.environment)
  var cacheBytes = 64 << 20

  func run() throws {
    let environment = ProcessInfo.processInfo.environment
    let terminal = try NcursesTerminal(colors: colors, environment: environment)
    defer { terminal.restore() }
    let first = document.pageSize(at: PageIndex(0))
    var metrics = PageMetrics(pageCount: document.pageCount)
    metrics.setSize(first, of: PageIndex(0))
    let facts = DocumentFacts(
      pageCount: document.pageCount,
      title: document.title ?? URL(fileURLWithPath: document.path).lastPathComponent)
    let state = AppState(
      document: facts, metrics: metrics, screenSize: terminal.size, mode: mode,
      style: RenderStyle(symbols: symbols, colors: terminal.colorMode))
    let path = document.path
    let browser = try Browser(
      state: state, terminal: terminal, view: AppView(width: .locale), cacheBytes: cacheBytes,
      handoff: DocumentHandoff(document)
    ) {
      try PopplerDocument.open(path: path)
    }
    browser.run()
  }
}
