import FolioCore
import FolioFixtures
import FolioPoppler
import FolioUI
import Foundation

/// The reading view's cost: one page's words reflowed into blocks (its running lines learned
/// from it and two neighbours on each side, as `--print --mode read` does) and wrapped at 80
/// columns, from the words of the pages already read, in this process.
enum ReflowBenchmarks {
  static func run() throws -> String {
    var documents = [
      ("the `manual` fixture", try FixtureLibrary.path(.manual)),
      ("the TeX-built prose fixture (4 pages)", "Tests/Fixtures/SyncTeX/main.pdf"),
    ]
    let corpus = "../shared/corpus/pdfs/pypdf-geotopo-117p-linearized.pdf"
    if FileManager.default.fileExists(atPath: corpus) {
      documents.append(("the corpus's 117-page lecture notes (A4, LaTeX)", corpus))
    }
    var rows = [
      "| reflowing one page and wrapping it at 80 columns | median / slowest page | target |"
    ]
    rows.append("|---|---|---|")
    for (name, path) in documents where FileManager.default.fileExists(atPath: path) {
      let document = try PopplerDocument.open(path: path)
      let count = min(document.pageCount, 48)
      // The pages' words, as the viewer keeps them (`DocumentFacts.texts`) and the printer
      // makes them once a page.
      let words = (0..<count).map {
        ColumnOrder.words(of: document.text(at: PageIndex($0)))
      }
      var samples: [Double] = []
      for page in 0..<count {
        samples.append(
          Measure.median(repetitions: 5) {
            let window = Array(words[max(0, page - 2)...min(count - 1, page + 2)])
            let blocks = PageReflow.blocks(
              of: window[page - max(0, page - 2)], at: PageIndex(page), label: nil,
              context: ReflowContext.learn(from: window))
            _ = ReadingWrap.lines(of: blocks, width: 80, textWidth: .approximate)
          })
      }
      // The same without learning the window (a context learned once, as a view would keep).
      var alone: [Double] = []
      for page in 0..<count {
        let context = ReflowContext.learn(
          from: Array(words[max(0, page - 2)...min(count - 1, page + 2)]))
        alone.append(
          Measure.median(repetitions: 5) {
            let blocks = PageReflow.blocks(
              of: words[page], at: PageIndex(page), label: nil, context: context)
            _ = ReadingWrap.lines(of: blocks, width: 80, textWidth: .approximate)
          })
      }
      alone.sort()
      samples.sort()
      rows.append(
        "| \(name), \(count) pages | \(Measure.format(samples[samples.count / 2])) / "
          + "\(Measure.format(samples[samples.count - 1])) | ≤ 20 ms |")
      rows.append(
        "| the same, its window's running lines and compounds learned beforehand | "
          + "\(Measure.format(alone[alone.count / 2])) / \(Measure.format(alone[alone.count - 1])) | |"
      )
    }
    rows += try openingRows()
    return rows.joined(separator: "\n")
  }

  /// Opening the reading view on page 1,000 of the `manual` fixture (2,415 pages), as the
  /// viewer does (worker processes): the time until the screen shows that page's text
  /// reflowed, five runs.
  static func openingRows() throws -> [String] {
    let path = try FixtureLibrary.path(.manual)
    var samples: [Double] = []
    for _ in 0..<5 {
      let start = ContinuousClock.now
      let browser = try PipelineBenchmarks.makeBrowser(
        path: path, size: CellSize(columns: 100, rows: 40), mode: .read, page: PageIndex(999),
        drawing: .processes)
      let deadline = start + .seconds(30)
      while browser.state.reading.pages[PageIndex(999)] == nil {
        guard ContinuousClock.now < deadline else { throw BenchError("page 1,000 never reflowed") }
        browser.turn(waitingAtMost: .milliseconds(5))
      }
      let screen = browser.frame
      samples.append((ContinuousClock.now - start).inSeconds)
      let text = (0..<screen.size.rows).map { row in
        String((0..<screen.size.columns).map { Character(screen[$0, row].scalar) })
      }.joined(separator: "\n")
      guard !text.contains("reading the text of page 1000…") else {
        throw BenchError("page 1,000 reflowed but not shown")
      }
    }
    samples.sort()
    return [
      "| open the reading view on page 1,000 of the `manual` fixture (2,415 pages) until its text "
        + "shows, worker processes, median / slowest of 5 | \(Measure.format(samples[2])) / "
        + "\(Measure.format(samples[4])) | ≤ 300 ms |"
    ]
  }
}
