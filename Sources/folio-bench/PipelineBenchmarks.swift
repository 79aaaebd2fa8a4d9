import FolioCore
import FolioFixtures
import FolioLayout
import FolioPoppler
import FolioRuntime
import FolioTestSupport
import FolioUI
import Foundation

/// Measures the viewport engine and render pipeline against their targets: time to the
/// first complete grid frame, memory while paging through 15,000 pages, throughput against
/// Poppler's own render cost, against pdftoppm + chafa, and key-to-screen latency.
enum PipelineBenchmarks {
  /// How the bench's browsers draw: threads with a document each (as before worker processes), or
  /// worker processes as the viewer does.
  enum Drawing: String { case threads, processes }

  /// The `folio` built beside this benchmark, which the worker processes run.
  static var folioExecutable: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("folio").path
  }

  static func makeBrowser(
    path: String, size: CellSize, mode: ViewMode = .grid, page: PageIndex = PageIndex(0),
    cacheBytes: Int = PictureBoard.defaultCacheMegabytes << 20,
    drawing: Drawing = .threads, limits: WorkerLimits = WorkerLimits(),
    terminal: MemoryTerminal? = nil, search: DocumentSearcher.Setup? = nil,
    watchingFolders: [String] = []
  ) throws -> Browser<MemoryTerminal> {
    // As the viewer does: workers start before this process opens its own copy.
    let workers =
      drawing == .processes
      ? DocumentOpening.processes(
        WorkerDocument(readablePath: path, name: path, password: nil),
        launch: WorkerLaunch(executable: folioExecutable), limits: limits, prestarted: 2)
      : nil
    let document = try PopplerDocument.open(path: path)
    var metrics = PageMetrics(pageCount: document.pageCount)
    metrics.setSize(document.pageSize(at: PageIndex(0)), of: PageIndex(0))
    let state = AppState(
      document: DocumentFacts(pageCount: document.pageCount, title: "bench"), metrics: metrics,
      screenSize: size, mode: mode, page: page,
      style: RenderStyle(symbols: .sextant, colors: .truecolor, text: .off))
    let readsFacts = ProcessInfo.processInfo.environment["FOLIO_BENCH_NO_FACTS"] == nil
    if let workers {
      return try Browser(
        state: state, terminal: terminal ?? MemoryTerminal(size: size),
        view: AppView(width: .approximate), cacheBytes: cacheBytes, readsAllPageFacts: readsFacts,
        opening: workers, releaseFreedMemory: MemoryPolicy.releaseFreedMemory,
        watchingFolders: watchingFolders, search: search.map { .document($0) })
    }
    return try Browser(
      state: state, terminal: MemoryTerminal(size: size), view: AppView(width: .approximate),
      cacheBytes: cacheBytes, readsAllPageFacts: readsFacts,
      handoff: DocumentHandoff(document), releaseFreedMemory: MemoryPolicy.releaseFreedMemory
    ) { try PopplerDocument.open(path: path) }
  }

  /// Pages through all of `path` in one view with worker processes, as the viewer does, and
  /// prints rows about the memory of the viewer and its workers together (PSS): after the
  /// first screen, after the last page, the highest seen on the way (sampled every 100 pages),
  /// and 3 s later at rest. Run as `folio-bench --memory-run-processes FILE MODE`
  /// (FOLIO_BENCH_BREAKDOWN=1 adds each process's share).
  static func memoryRunWithProcesses(path: String, mode: ViewMode) throws -> String {
    let size = CellSize(columns: 120, rows: 40)
    let megabytes =
      Int(ProcessInfo.processInfo.environment["FOLIO_BENCH_CACHE_MB"] ?? "")
      ?? PictureBoard.defaultCacheMegabytes
    let paging = try makeBrowser(
      path: path, size: size, mode: mode, cacheBytes: megabytes << 20, drawing: .processes)
    paging.settle()
    let first = treeMemory()
    var highest = first
    var lastSampled = 0
    for step in 0..<40_000 {
      paging.send([.input(.key(.pageDown))])
      paging.refresh()
      if step % 20 == 0 { paging.settle() }
      let page = paging.state.view.currentPage.rawValue
      if page - lastSampled >= 100 {
        lastSampled = page
        let now = treeMemory()
        if now.proportional > highest.proportional {
          highest = now
          if ProcessInfo.processInfo.environment["FOLIO_BENCH_BREAKDOWN"] != nil {
            let parts = treeMemoryByProcess().map {
              String(format: "%@: %.1f/%.1f", $0.pid, $0.proportional, $0.resident)
            }
            FileHandle.standardError.write(Data("page \(page): \(parts)\n".utf8))
          }
        }
      }
      if page >= paging.state.document.pageCount - 1 { break }
    }
    paging.settle()
    let last = treeMemory()
    if last.proportional > highest.proportional { highest = last }
    var breakdown = ""
    if ProcessInfo.processInfo.environment["FOLIO_BENCH_BREAKDOWN"] != nil {
      breakdown =
        " ["
        + treeMemoryByProcess().map { String(format: "%.1f", $0.proportional) }
        .joined(separator: ", ") + "]"
      for part in treeMemoryByProcess() {
        let rollup =
          (try? String(contentsOfFile: "/proc/\(part.pid)/smaps_rollup", encoding: .utf8)) ?? ""
        let fields = rollup.split(separator: "\n").filter {
          $0.hasPrefix("Pss_Anon") || $0.hasPrefix("Pss_File")
        }.map { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "" }
        breakdown += " \(part.pid): anon/file kB \(fields.joined(separator: "/"))"
      }
    }
    // A person stops paging: after the workers' rest delay (2 s), grown workers are let go.
    Thread.sleep(forTimeInterval: 3)
    paging.settle()
    let rest = treeMemory()
    let target = mode == .grid ? "≤ 130 MiB" : "≤ 150 MiB"
    func row(_ when: String, _ tree: (resident: Double, proportional: Double), _ target: String)
      -> String
    {
      let figures = String(format: "%.1f MiB (%.1f)", tree.proportional, tree.resident)
      return
        "| worker processes, \(mode.rawValue): \(when), PSS (RSS summed) | \(figures) | \(target) |"
    }
    return [
      row("viewer + workers after the first screen", first, ""),
      row("after paging to the last page\(breakdown)", last, target),
      row("the highest on the way (every 100 pages)", highest, target),
      row("3 s later at rest", rest, target),
    ].joined(separator: "\n")
  }

  /// The median time from opening `path` to its first complete grid frame, and how many
  /// thumbnails that frame shows. Closing the browser (joining its threads, which may still be
  /// opening their document or rendering the prefetch margin) happens after the clock stops:
  /// it is not on the way to the first frame.
  static func medianOfFirstFrames(
    path: String, size: CellSize, repetitions: Int, drawing: Drawing = .threads
  ) throws -> (seconds: Double, thumbnails: Int) {
    var samples: [Double] = []
    var thumbnails = 0
    for _ in 0..<max(1, repetitions) {
      let start = ContinuousClock.now
      let browser = try makeBrowser(path: path, size: size, drawing: drawing)
      browser.settle()
      _ = browser.frame
      samples.append((ContinuousClock.now - start).inSeconds)
      thumbnails =
        browser.state.view.layout.items(intersecting: browser.state.view.viewport.visibleRect).count
    }
    return (samples.sorted()[samples.count / 2], thumbnails)
  }

  /// Open to the first complete grid frame: 15,000 pages against 1 and 20 (table rows).
  static func firstFrameRows() throws -> [String] {
    var lines: [String] = []
    func row(_ name: String, _ value: String, _ target: String) {
      lines.append("| \(name) | \(value) | \(target) |")
    }
    let huge = try FixtureLibrary.path(.huge)
    let one = try FixtureLibrary.path(.onePage)
    let size = CellSize(columns: 120, rows: 40)
    let twenty = try FixtureLibrary.path(.twentyPages)
    func firstFrame(_ path: String) throws -> Double {
      try medianOfFirstFrames(path: path, size: size, repetitions: 5).seconds
    }
    let hugeFirst = try firstFrame(huge)
    let oneFirst = try firstFrame(one)
    let twentyFirst = try firstFrame(twenty)
    row("open to first complete grid frame, 15,000 pages (120x40)", Measure.format(hugeFirst), "")
    row("open to first complete grid frame, 1 page", Measure.format(oneFirst), "")
    row(
      "open to first complete grid frame, 20 pages (a full first screen)",
      Measure.format(twentyFirst), "")
    row("ratio 15,000 pages / 1 page", String(format: "%.2fx", hugeFirst / oneFirst), "≤ 1.5x")
    row(
      "ratio 15,000 pages / 20 pages (same thumbnails on screen)",
      String(format: "%.2fx", hugeFirst / twentyFirst), "≤ 1.5x")
    // Worker processes against threads, alternating so that drift shifts both alike; with a
    // real manual from the corpus too (its pages have fonts and figures to draw).
    var documents = [("15,000 pages", huge), ("20 pages", twenty)]
    let manual =
      FileManager.default.currentDirectoryPath
      + "/../shared/corpus/pdfs/pypdf-geotopo-117p-linearized.pdf"
    if FileManager.default.fileExists(atPath: manual) {
      documents.append(("a real manual (117 pages)", manual))
    }
    for (name, path) in documents {
      var threads: [Double] = []
      var processes: [Double] = []
      for _ in 0..<5 {
        threads.append(try medianOfFirstFrames(path: path, size: size, repetitions: 1).seconds)
        processes.append(
          try medianOfFirstFrames(path: path, size: size, repetitions: 1, drawing: .processes)
            .seconds)
      }
      let (threaded, isolated) = (threads.sorted()[2], processes.sorted()[2])
      row(
        "first complete grid frame, \(name): threads with a document each",
        Measure.format(threaded), "")
      row(
        "first complete grid frame, \(name): worker processes (the viewer)",
        Measure.format(isolated), "")
      row(
        "ratio processes / threads, \(name)", String(format: "%.2fx", isolated / threaded),
        "≤ 1.25x")
    }
    return lines
  }

  static func run() throws -> String {
    var lines = [
      "## Viewport engine and render pipeline", "", "| measurement | result | target |",
      "|---|---|---|",
    ]
    func row(_ name: String, _ value: String, _ target: String) {
      lines.append("| \(name) | \(value) | \(target) |")
    }
    let huge = try FixtureLibrary.path(.huge)
    let size = CellSize(columns: 120, rows: 40)

    // 1. Open to the first complete grid frame.
    lines += try firstFrameRows()

    // 2. Memory while paging through every page, measured in a fresh process.
    let report = Shell.output("'\(CommandLine.arguments[0])' --memory-run '\(huge)'")
    lines.append(contentsOf: report.split(separator: "\n").map(String.init))
    for mode in [ViewMode.grid, .continuous] {
      let isolated = Shell.output(
        "'\(CommandLine.arguments[0])' --memory-run-processes '\(huge)' \(mode.rawValue)")
      lines.append(contentsOf: isolated.split(separator: "\n").map(String.init))
    }

    // 3. Throughput against Poppler's own cost at the same pixel sizes.
    let document = try PopplerDocument.open(path: huge)
    let style = RenderStyle(symbols: .sextant, colors: .truecolor, text: .off)
    let requests = (0..<40).map {
      RenderRequest(page: PageIndex($0 * 300), size: CellSize(columns: 22, rows: 14), style: style)
    }
    // Alternating the two, seven times each, so that the machine's speed drifting (shared
    // VMs) shifts both medians alike.
    var renderTimes: [Double] = []
    var fullTimes: [Double] = []
    for _ in 0..<7 {
      renderTimes.append(
        try Measure.median(repetitions: 1) {
          for request in requests { _ = try document.render(request.page, size: request.pixelSize) }
        })
      fullTimes.append(
        try Measure.median(repetitions: 1) {
          for request in requests { _ = try document.picture(for: request) }
        })
    }
    let popplerOnly = renderTimes.sorted()[3]
    let full = fullTimes.sorted()[3]
    row("40 thumbnails 22x14 sextant: Poppler render only", Measure.format(popplerOnly), "")
    row("40 thumbnails: render + cells", Measure.format(full), "")
    row("ratio", String(format: "%.2fx", full / popplerOnly), "≤ 1.3x")

    // 4. A fresh first grid screen against pdftoppm + chafa doing the same pages one by one.
    let twenty = try FixtureLibrary.path(.twentyPages)
    for (name, path) in [("15,000-page", huge), ("20-page", twenty)] {
      // Folio as it runs: pages drawn in worker processes.
      let (ours, visibleThumbnails) = try medianOfFirstFrames(
        path: path, size: size, repetitions: 3, drawing: .processes)
      let peers = Measure.median(repetitions: 1) {
        for page in 1...max(1, visibleThumbnails) {
          let png = NSTemporaryDirectory() + "folio-bench-peer"
          Shell.run(
            "pdftoppm -f \(page) -l \(page) -singlefile -scale-to 160 -png '\(path)' '\(png)' && chafa --size 22x14 --symbols sextant '\(png).png' > /dev/null"
          )
        }
      }
      row(
        "\(name) document: first grid screen (\(visibleThumbnails) thumbnails, 120x40, opening included), Folio with worker processes",
        Measure.format(ours), "")
      row(
        "\(name) document: the same \(visibleThumbnails) pages with pdftoppm + chafa, one by one",
        Measure.format(peers), "")
      row("speed-up", String(format: "%.1fx", peers / ours), "≥ 10x")
    }

    // 5. Key-to-screen latency on 200x60 while renders are queued, with both ways of drawing.
    for drawing in [Drawing.threads, .processes] {
      let latency = try makeBrowser(
        path: huge, size: CellSize(columns: 200, rows: 60), drawing: drawing)
      latency.refresh()
      var samples: [Double] = []
      let clock = ContinuousClock()
      for i in 0..<300 {
        let key: Key = i % 3 == 2 ? .pageDown : .character(i % 2 == 0 ? "l" : "j")
        let elapsed = clock.measure {
          latency.send([.input(.key(key))])
          latency.refresh()
        }
        samples.append(elapsed.inSeconds)
      }
      samples.sort()
      let p99 = samples[Int(Double(samples.count) * 0.99)]
      let name = drawing == .threads ? "threads" : "worker processes"
      row(
        "key to screen (update + layout pass + view), 200x60, renders queued, \(name): p50 / p99",
        "\(Measure.format(samples[samples.count / 2])) / \(Measure.format(p99))", "p99 < 16 ms")
    }
    lines.append("")
    lines.append(
      "Key-to-screen is measured in-process from the input event to the finished frame handed to the terminal backend (an in-memory terminal, so the terminal's own write time is not included)."
    )
    return lines.joined(separator: "\n")
  }
}

extension PipelineBenchmarks {
  /// Pages through all of `path` in grid then continuous mode in this process and prints table
  /// rows about resident memory (run as `folio-bench --memory-run FILE`; FOLIO_BENCH_CACHE_MB
  /// sets the picture cache, FOLIO_BENCH_NO_FACTS=1 leaves out the background page reader).
  static func memoryRun(path: String) throws -> String {
    let size = CellSize(columns: 120, rows: 40)
    let environment = ProcessInfo.processInfo.environment
    let drawing = Drawing(rawValue: environment["FOLIO_BENCH_DRAWING"] ?? "") ?? .threads
    let paging = try makeBrowser(
      path: path, size: size,
      cacheBytes: (Int(environment["FOLIO_BENCH_CACHE_MB"] ?? "")
        ?? PictureBoard.defaultCacheMegabytes) << 20,
      drawing: drawing)
    paging.settle()
    let afterFirst = memory().current
    for step in 0..<2_000 {
      paging.send([.input(.key(.pageDown))])
      paging.refresh()
      if step % 100 == 0 { paging.settle() }
      if paging.state.view.currentPage.rawValue >= paging.state.document.pageCount - 1 { break }
    }
    let afterGrid = memory().current
    paging.send([.input(.key(.character("2"))), .timerFired(.count)])
    paging.send([.input(.key(.home))])
    for step in 0..<20_000 {
      paging.send([.input(.key(.pageDown))])
      paging.refresh()
      if step % 200 == 0 { paging.settle() }
      if paging.state.view.currentPage.rawValue >= paging.state.document.pageCount - 1 { break }
    }
    paging.settle()
    let afterAll = memory()
    let counters = paging.tileCounters
    return [
      String(format: "| resident memory after the first screen | %.1f MiB | |", afterFirst),
      String(
        format: "| resident memory after paging all pages in the grid | %.1f MiB | |", afterGrid),
      String(
        format:
          "| resident memory after paging all pages (grid, then continuous) | %.1f MiB (peak %.1f) | < 150 MiB |",
        afterAll.current, afterAll.peak),
      String(format: "| ratio | %.2fx | ≤ 1.5x |", afterAll.current / afterFirst),
      "| tiles created / peak visible / reused | \(counters.created) / \(counters.peakVisible) / \(counters.reused) | created ≤ peak visible |",
    ].joined(separator: "\n")
  }
}
