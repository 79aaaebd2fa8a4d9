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
      let probe = try PopplerDocument.open(path: path)
      let pages = (0..<min(24, probe.pageCount)).map {
        PageIndex($0 * max(1, probe.pageCount / 24))
      }
      func request(_ page: PageIndex, columns: Int, _ text: TextLayerMode) -> RenderRequest {
        let size = probe.pageSize(at: page)
        let rows = Int((Double(columns) * size.height / size.width / 2).rounded())
        return RenderRequest(
          page: page, size: CellSize(columns: columns, rows: rows),
          style: RenderStyle(symbols: .sextant, colors: .truecolor, text: text))
      }
      // Each page drawn for the first time at 160 columns, then again at 240 (as `z` does),
      // in a document opened afresh, so nothing of the page is cached before its first render.
      func pass(_ text: TextLayerMode) throws -> (first: Double, again: Double) {
        let document = try PopplerDocument.open(path: path)
        var first: [Double] = []
        var again: [Double] = []
        for page in pages {
          first.append(
            try Measure.median(repetitions: 1) {
              _ = try document.picture(for: request(page, columns: 160, text))
            })
          again.append(
            try Measure.median(repetitions: 1) {
              _ = try document.picture(for: request(page, columns: 240, text))
            })
        }
        return (first.reduce(0, +) / Double(pages.count), again.reduce(0, +) / Double(pages.count))
      }
      // Warm Poppler's fonts once, then alternate, so both see the same machine.
      _ = try pass(.off)
      var off: [(first: Double, again: Double)] = []
      var on: [(first: Double, again: Double)] = []
      for _ in 0..<3 {
        off.append(try pass(.off))
        on.append(try pass(.auto))
      }
      func middle(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }
      let offFirst = middle(off.map(\.first))
      let onFirst = middle(on.map(\.first))
      let offAgain = middle(off.map(\.again))
      let onAgain = middle(on.map(\.again))
      func extra(_ on: Double, _ off: Double) -> String {
        let percent = Int(((on / off) - 1) * 100)
        return
          "\(Measure.format(off)) / \(Measure.format(on)) (\(percent >= 0 ? "+" : "")\(percent) %)"
      }
      rows.append(
        "| \(name): a page drawn for the first time at 160 columns, block art / with the text layer | "
          + "\(extra(onFirst, offFirst)) | ≤ +30 % |")
      rows.append(
        "| the same pages drawn again at 240 columns (`z`), block art / with the text layer | "
          + "\(extra(onAgain, offAgain)) | ~0 |")
      // The text layer's own part of a re-render at 240 columns: laying the text out on the
      // new grid, then drawing it over the block art.
      let texts = pages.map { probe.text(at: $0) }
      let wide = try pages.map { page in
        let request = request(page, columns: 240, .off)
        return (
          grid: PageGrid(region: request.region, size: request.size),
          picture: try probe.picture(for: request)
        )
      }
      let placing =
        Measure.median(repetitions: 3) {
          for (text, page) in zip(texts, wide) { _ = TextPlacement(text: text, grid: page.grid) }
        } / Double(pages.count)
      let placements = zip(texts, wide).map { TextPlacement(text: $0, grid: $1.grid) }
      var drawings: [Double] = []
      for _ in 0..<3 {
        var pictures = wide.map(\.picture)
        // Each picture copied now (a write), not inside the timing.
        for index in pictures.indices { pictures[index][0, 0] = pictures[index][0, 0] }
        drawings.append(
          Measure.median(repetitions: 1) {
            for index in pictures.indices {
              TextOverlay(mode: .auto).draw(
                placements[index], region: wide[index].grid.region, colors: .truecolor,
                on: &pictures[index])
            }
          } / Double(pages.count))
      }
      rows.append(
        "| of which the text layer's own work at 240 columns: placing the text / drawing it | "
          + "\(Measure.format(placing)) / \(Measure.format(middle(drawings))) |  |")
      let extraction =
        Measure.median(repetitions: 3) {
          for page in pages { _ = probe.text(at: page) }
        } / Double(pages.count)
      rows.append(
        "| the same pages: Poppler's text pass alone (`poppler_page_get_text` and its layout), which the render's own pass replaces | "
          + "\(Measure.format(extraction)) (\(Int(extraction / offFirst * 100)) % of the block art) |  |"
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
      one process, each drawn first at 160 columns and then at 240; the text layer reads the \
      page's text (collected by Poppler while it renders the page, kept for the page's later \
      renders) and places it on the cells.

      | measurement | result | target |
      |---|---|---|
      \(rows.joined(separator: "\n"))
      """
  }
}
