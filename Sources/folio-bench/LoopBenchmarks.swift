import FolioCore
import FolioFixtures
import FolioLayout
import FolioPoppler
import FolioRuntime
import FolioStore
import FolioTestSupport
import FolioUI
import Foundation

/// The loop's longest stall, turn by turn as the viewer runs (`Browser.turn`: from waking to
/// the frame presented), while a key comes every turn: during the first search of the manual
/// with a cold text cache (the searcher fingerprints the file, opens the cache, and the text
/// workers read every page, all off the loop's thread), and while paging the 15,000-page
/// fixture in the continuous view with page workers recycled every 100 pages; then the steady
/// stream, the blocking scenarios (`LoopBlockingBenchmarks`) and Enter on the manual from a
/// library's shelf (`ShelfOpenBenchmark`).
enum LoopBenchmarks {
  /// The section of the results page.
  static func section() throws -> String {
    ([
      "## The loop", "",
      "The longest turn of `Browser.turn` (waking to frame presented), worker processes as the viewer runs them, a key typed every turn.",
      "", "| measurement | result | target |", "|---|---|---|",
    ] + (try run())).joined(separator: "\n")
  }

  static func run() throws -> [String] {
    var rows: [String] = []
    // `--loop --stream`: only the steady stream of keys.
    let streamOnly = CommandLine.arguments.contains("--stream")
    func row(_ name: String, _ stall: Duration, _ turns: Int) {
      rows.append(
        "| \(name) | \(Measure.format(stall.inSeconds)) over \(turns) turns | < 20 ms |")
    }
    if streamOnly { return try streamRows() }
    // `--loop --shelf-open`: only Enter on the manual from a shelf, and Esc back.
    if CommandLine.arguments.contains("--shelf-open") { return try ShelfOpenBenchmark.rows() }
    let search = try stallsWhileSearching()
    row(
      "the loop's longest stall while the first search of the `manual` fixture reads its text (cold cache, a key every turn)",
      search.stall, search.turns)
    let recycling = try stallsWhileRecycling()
    row(
      "the loop's longest stall paging the 15,000-page fixture (continuous, workers recycled every 100 pages, \(recycling.pages) pages)",
      recycling.stall, recycling.turns)
    return rows + (try streamRows()) + (try LoopBlockingBenchmarks.rows())
      + (try ShelfOpenBenchmark.rows())
  }

  /// The rows of the steady stream of PageDowns.
  static func streamRows() throws -> [String] {
    var rows: [String] = []
    let stream = try SteadyStreamBenchmark.run()
    let fed =
      "a PageDown every 1.5 ms for 3 s (\(stream.keys) keys) on the 15,000-page fixture, continuous"
    rows.append(
      "| keys a second handled, \(fed) | \(Int(stream.handledPerSecond.rounded())) (typed at \(Int(stream.keysPerSecond.rounded()))), \(stream.frames) frames, \(stream.rendersStarted) renders started, last page \(stream.lastPage) | as typed |"
    )
    rows.append(
      "| the loop's longest stall, \(fed) | \(Measure.format(stream.stall.inSeconds)) over \(stream.turns) turns | < 20 ms |"
    )
    rows.append(
      "| the view settled after the last key, \(fed) | \(Measure.format(stream.settle.inSeconds)) | < 20 ms |"
    )
    return rows
  }

  static let keys: [Key] = [.character("j"), .character("j"), .pageDown, .character("k")]

  static func stallsWhileSearching() throws -> (stall: Duration, turns: Int) {
    let path = try FixtureLibrary.path(.manual)
    let cache = NSTemporaryDirectory() + "folio-bench-loop-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let document = try PopplerDocument.open(path: path)
    let pageCount = document.pageCount
    let text = DocumentOpening.processes(
      WorkerDocument(readablePath: path, name: path, password: nil),
      launch: WorkerLaunch(executable: PipelineBenchmarks.folioExecutable),
      limits: WorkerLimits(niceness: 10), prestarted: 0)
    let setup = DocumentSearcher.Setup(pageCount: pageCount, opening: text) {
      guard let store = TextCache.open(directory: cache + "/folio").cache,
        let key = try? DocumentFingerprint.make(fileAt: path, pageCount: pageCount)
      else { return nil }
      return (store, key)
    }
    let size = CellSize(columns: 160, rows: 50)
    let terminal = MemoryTerminal(size: size)
    let browser = try PipelineBenchmarks.makeBrowser(
      path: path, size: size, mode: .continuous, drawing: .processes, terminal: terminal,
      search: setup)
    browser.settle()
    browser.resetLongestStall()
    terminal.type(("/" + SearchBenchmarks.rareWord).map { .key(.character($0)) } + [.key(.enter)])
    var turns = 0
    let deadline = ContinuousClock.now + .seconds(120)
    while !browser.state.search.isComplete, ContinuousClock.now < deadline {
      terminal.type([.key(keys[turns % keys.count])])
      browser.turn(waitingAtMost: .milliseconds(8))
      turns += 1
    }
    guard browser.state.search.isComplete else { throw BenchError("the search never finished") }
    return (browser.longestStall, turns)
  }

  static func stallsWhileRecycling() throws -> (stall: Duration, turns: Int, pages: Int) {
    let path = try FixtureLibrary.path(.huge)
    let size = CellSize(columns: 120, rows: 40)
    let terminal = MemoryTerminal(size: size)
    let browser = try PipelineBenchmarks.makeBrowser(
      path: path, size: size, mode: .continuous, drawing: .processes,
      limits: WorkerLimits(pagesBeforeRecycle: 100), terminal: terminal)
    browser.settle()
    browser.resetLongestStall()
    var turns = 0
    let deadline = ContinuousClock.now + .seconds(60)
    while browser.state.view.currentPage.rawValue < 1_500, ContinuousClock.now < deadline {
      terminal.type([.key(.pageDown)])
      browser.turn(waitingAtMost: .milliseconds(8))
      turns += 1
    }
    return (browser.longestStall, turns, browser.state.view.currentPage.rawValue)
  }
}
