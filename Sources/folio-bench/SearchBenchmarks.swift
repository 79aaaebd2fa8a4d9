import FolioCore
import FolioFixtures
import FolioLayout
import FolioPoppler
import FolioRuntime
import FolioSearch
import FolioStore
import FolioTestSupport
import FolioUI
import Foundation

/// Searching the 2,415-page manual fixture: the first search (cold cache) against `pdfgrep`,
/// later searches from the cache, the memory the text takes, the first hit on screen after
/// Enter, and key-to-screen latency while text is read.
enum SearchBenchmarks {
  /// The rare word (on 25 pages) and a common one.
  static let rareWord = "quaternion"
  static let commonWord = "segment"

  static func run() throws -> String {
    let manual = try FixtureLibrary.path(.manual)
    var lines = [
      "## Search", "",
      "The `manual` fixture: 2,415 Letter pages of body text. Times are wall-clock, whole processes where a command is named.",
      "", "| measurement | result | target |", "|---|---|---|",
    ]
    func row(_ name: String, _ value: String, _ target: String) {
      lines.append("| \(name) | \(value) | \(target) |")
    }
    let cache = NSTemporaryDirectory() + "folio-bench-cache-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: cache) }
    let environment = ["XDG_CACHE_HOME": cache]
    // 1. The first search, cold cache, against pdfgrep (one thread of Poppler).
    try? FileManager.default.removeItem(atPath: cache)
    let cold = try timed(
      PipelineBenchmarks.folioExecutable, ["--find", rareWord, "--list", manual], environment)
    let grep = try timed("/usr/bin/pdfgrep", ["-c", "-i", rareWord, manual], [:])
    row(
      "first search of “\(rareWord)”, cold cache: `folio --find \(rareWord) --list` (whole count)",
      Measure.format(cold), "")
    row("`pdfgrep -c -i \(rareWord)` on the same file", Measure.format(grep), "")
    row("ratio Folio / pdfgrep", String(format: "%.2fx", cold / grep), "≤ 0.5x")
    // 2. Searches answered by the cache, and the text it holds in memory.
    let again = try timed(
      PipelineBenchmarks.folioExecutable, ["--find", rareWord, "--list", manual], environment)
    let other = try timed(
      PipelineBenchmarks.folioExecutable, ["--find", commonWord, "--list", manual], environment)
    let warm = try warmSearches(manual, cacheFolder: cache)
    row(
      "after reopening: a new searcher's whole count of “\(rareWord)” from the cache (in the viewer)",
      Measure.format(warm.first), "≤ 100 ms")
    row(
      "the same searcher, another word (“\(commonWord)”, \(warm.hits) hits)",
      Measure.format(warm.second), "≤ 100 ms")
    row(
      "`folio --find \(rareWord) --list` again, whole process (start, open, cache, labels)",
      Measure.format(again), "")
    row("the same for “\(commonWord)”", Measure.format(other), "")
    let (searchable, plain) = try textSizes(manual, cacheFolder: cache)
    row(
      "searchable text in memory / `pdftotext` text",
      String(format: "%.1f / %.1f MB (%.2fx)", searchable / 1e6, plain / 1e6, searchable / plain),
      "≤ 2x")
    // 3. The first hit on screen after Enter, with a hit a few pages ahead, cold cache.
    try? FileManager.default.removeItem(atPath: cache)
    let firstHit = try firstHitOnScreen(manual, cacheFolder: cache)
    row(
      "first hit on screen after Enter, a hit 4 pages ahead, cold cache (continuous, 160x50)",
      Measure.format(firstHit.time), "≤ 150 ms")
    row(
      "key to screen while text is read (300 keys, continuous): p50 / p99",
      "\(Measure.format(firstHit.latencies.p50)) / \(Measure.format(firstHit.latencies.p99))",
      "p99 < 16 ms")
    return lines.joined(separator: "\n")
  }

  /// The wall-clock time of one run of `program`.
  static func timed(_ program: String, _ arguments: [String], _ environment: [String: String])
    throws -> Double
  {
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    let start = ContinuousClock.now
    let result = try ChildProcess.run(program, arguments, environment: env)
    let elapsed = (ContinuousClock.now - start).inSeconds
    guard result.status == 0 || result.status == 1 else {
      throw BenchError("\(program) exited \(result.status): \(result.errorText)")
    }
    return elapsed
  }

  /// With the cache filled: the time a new searcher (as after reopening the document) takes
  /// to count every hit of the rare word, then of the common word.
  static func warmSearches(_ path: String, cacheFolder: String) throws -> (
    first: Double, second: Double, hits: Int
  ) {
    let document = try PopplerDocument.open(path: path)
    let pageCount = document.pageCount
    let key = try DocumentFingerprint.make(fileAt: path, pageCount: pageCount)
    let setup = DocumentSearcher.Setup(
      pageCount: pageCount, opening: DocumentOpening(open: { try PopplerDocument.open(path: path) })
    ) {
      TextCache.open(directory: cacheFolder + "/folio").cache.map { ($0, key) }
    }
    let searcher = DocumentSearcher(setup)
    func count(_ word: String, generation: Int) -> (Double, Int) {
      let start = ContinuousClock.now
      searcher.search(
        SearchRequest(
          generation: generation, query: word, near: PageIndex(0), pageCount: pageCount))
      while ContinuousClock.now - start < .seconds(60) {
        for case .searchResults(let results) in searcher.takeEvents()
        where results.generation == generation && results.searchedPages == pageCount {
          return (
            (ContinuousClock.now - start).inSeconds, results.pages.reduce(0) { $0 + $1.count }
          )
        }
        var descriptors = searcher.wakeDescriptors.map {
          pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
        }
        _ = poll(&descriptors, nfds_t(descriptors.count), 5)
      }
      return (.infinity, 0)
    }
    let (first, _) = count(rareWord, generation: 1)
    let (second, hits) = count(commonWord, generation: 2)
    return (first, second, hits)
  }

  /// The bytes of the cached searchable text and of `pdftotext`'s text of `path`.
  static func textSizes(_ path: String, cacheFolder: String) throws -> (Double, Double) {
    let document = try PopplerDocument.open(path: path)
    guard let cache = TextCache.open(directory: cacheFolder + "/folio").cache else {
      throw BenchError("no text cache in \(cacheFolder)")
    }
    let key = try DocumentFingerprint.make(fileAt: path, pageCount: document.pageCount)
    let searchable = try cache.searchableTexts(of: key).reduce(0) { $0 + $1.searchable.count }
    let text = try ChildProcess.run("/usr/bin/pdftotext", [path, "-"], environment: [:])
    return (Double(searchable), Double(text.outputText.utf8.count))
  }

  /// Opens the viewer's loop on page 1,262 in continuous mode, searches for a word on page
  /// 1,266 (and 24 other pages), and times Enter to the first hit's page drawn; then 300 keys
  /// while the rest of the text is read.
  static func firstHitOnScreen(_ path: String, cacheFolder: String) throws -> (
    time: Double, latencies: (p50: Double, p99: Double)
  ) {
    setenv("XDG_CACHE_HOME", cacheFolder, 1)
    let size = CellSize(columns: 160, rows: 50)
    let document = try PopplerDocument.open(path: path)
    let launch = WorkerLaunch(executable: PipelineBenchmarks.folioExecutable)
    let workers = DocumentOpening.processes(
      WorkerDocument(readablePath: path, name: path, password: nil), launch: launch,
      limits: WorkerLimits(), prestarted: 2)
    let text = DocumentOpening.processes(
      WorkerDocument(readablePath: path, name: path, password: nil), launch: launch,
      limits: WorkerLimits(niceness: 10), prestarted: 0)
    let pageCount = document.pageCount
    let setup = DocumentSearcher.Setup(pageCount: pageCount, opening: text) {
      guard let cache = TextCache.open(directory: cacheFolder + "/folio").cache,
        let key = try? DocumentFingerprint.make(fileAt: path, pageCount: pageCount)
      else { return nil }
      return (cache, key)
    }
    var metrics = PageMetrics(pageCount: pageCount)
    metrics.setSize(document.pageSize(at: PageIndex(0)), of: PageIndex(0))
    // Page 1,262 (index 1,261); the rare word is on page 1,266 (1266 % 97 == 5).
    let state = AppState(
      document: DocumentFacts(pageCount: pageCount, title: "bench"), metrics: metrics,
      screenSize: size, mode: .continuous, page: PageIndex(1261),
      style: RenderStyle(symbols: .sextant, colors: .truecolor, text: .off))
    let browser = try Browser(
      state: state, terminal: MemoryTerminal(size: size), view: AppView(width: .approximate),
      cacheBytes: 64 << 20, readsAllPageFacts: false, opening: workers, search: .document(setup))
    browser.settle()
    let start = ContinuousClock.now
    browser.find(rareWord)
    while browser.state.search.current == nil, ContinuousClock.now - start < .seconds(30) {
      browser.pump(timeout: .milliseconds(5))
    }
    browser.settle(timeout: .seconds(30))
    let time = (ContinuousClock.now - start).inSeconds
    guard browser.state.search.current?.page == PageIndex(1265) else {
      throw BenchError("the first hit was \(String(describing: browser.state.search.current))")
    }
    var samples: [Double] = []
    let clock = ContinuousClock()
    for index in 0..<300 {
      let key: Key = index % 3 == 2 ? .pageDown : .character(index % 2 == 0 ? "j" : "n")
      browser.pump(timeout: .zero)
      samples.append(
        clock.measure {
          browser.send([.input(.key(key))])
          browser.refresh()
        }.inSeconds)
    }
    samples.sort()
    return (time, (samples[samples.count / 2], samples[Int(Double(samples.count) * 0.99)]))
  }
}

/// A benchmark that could not be measured.
struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
