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
    return rows.joined(separator: "\n")
  }
}
