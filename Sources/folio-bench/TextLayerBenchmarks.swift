import FolioCore
import FolioFixtures
import FolioPoppler
import FolioRaster
import Foundation

/// The text layer's cost on top of a page's render: whole pages as the continuous view draws
/// them at 160 columns, with the text layer off and on where legible, in this process.
enum TextLayerBenchmarks {
  static func run() throws -> String {
    var documents = [("the `manual` fixture (10 pt body text)", try FixtureLibrary.path(.manual))]
    let corpus = "../shared/corpus/pdfs/pypdf-geotopo-117p-linearized.pdf"
    if FileManager.default.fileExists(atPath: corpus) {
      documents.append(("the corpus's 117-page lecture notes (A4, LaTeX)", corpus))
    }
    var rows: [String] = []
    for (name, path) in documents {
      let document = try PopplerDocument.open(path: path)
      let pages = (0..<min(24, document.pageCount)).map {
        PageIndex($0 * max(1, document.pageCount / 24))
      }
      func requests(_ text: TextLayerMode) -> [RenderRequest] {
        pages.map { page in
          let size = document.pageSize(at: page)
          let rows = Int((160 * size.height / size.width / 2).rounded())
          return RenderRequest(
            page: page, size: CellSize(columns: 160, rows: rows),
            style: RenderStyle(symbols: .sextant, colors: .truecolor, text: text))
        }
      }
      let plain = requests(.off)
      let layered = requests(.auto)
      // Warm Poppler's caches once, then alternate, so both see the same machine.
      for request in plain { _ = try document.picture(for: request) }
      var off: [Double] = []
      var on: [Double] = []
      for _ in 0..<3 {
        off.append(
          try Measure.median(repetitions: 1) { for r in plain { _ = try document.picture(for: r) } }
        )
        on.append(
          try Measure.median(repetitions: 1) {
            for r in layered { _ = try document.picture(for: r) }
          })
      }
      let extraction =
        Measure.median(repetitions: 3) {
          for page in pages { _ = document.text(at: page) }
        } / Double(pages.count)
      let offTime = off.sorted()[1] / Double(pages.count)
      let onTime = on.sorted()[1] / Double(pages.count)
      rows.append(
        "| \(name): a page at 160 columns, block art / with the text layer | "
          + "\(Measure.format(offTime)) / \(Measure.format(onTime)) (+\(Int(((onTime / offTime) - 1) * 100)) %) | ≤ +30 % |"
      )
      rows.append(
        "| the same pages: Poppler's text alone (`poppler_page_get_text` and its layout) | "
          + "\(Measure.format(extraction)) (\(Int(extraction / offTime * 100)) % of the block art) |  |"
      )
    }
    // Trimming: how many more cells a page's content gets in the spread view (one page at
    // 160x50, cells twice as tall as wide) when the page is cropped to its content.
    if FileManager.default.fileExists(atPath: corpus) {
      let document = try PopplerDocument.open(path: corpus)
      var ratios: [Double] = []
      for index in stride(from: 0, to: document.pageCount, by: max(1, document.pageCount / 24)) {
        let page = PageIndex(index)
        guard let box = try document.contentBox(at: page) else { continue }
        let size = document.pageSize(at: page)
        func scale(_ width: Double, _ height: Double) -> Double {
          min(160 / width, 2 * 49 / height)
        }
        let whole = scale(size.width, size.height)
        let trimmed = scale(size.width * box.width, size.height * box.height)
        ratios.append((trimmed / whole) * (trimmed / whole))
      }
      ratios.sort()
      if !ratios.isEmpty {
        rows.append(
          "| trimmed margins, the corpus's lecture notes in the spread view (160x50): the content's cells, trimmed ÷ whole page, median (lowest) of \(ratios.count) pages | "
            + String(format: "%.2fx (%.2fx)", ratios[ratios.count / 2], ratios[0]) + " | ≥ 1.4x |")
      }
    }
    return """
      ## Text layer

      Whole pages as the continuous view draws them at 160 columns (sextants, true color), in \
      one process; the text layer reads the page's text and places it on the cells.

      | measurement | result | target |
      |---|---|---|
      \(rows.joined(separator: "\n"))
      """
  }
}
