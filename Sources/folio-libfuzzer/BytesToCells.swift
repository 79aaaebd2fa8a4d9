import FolioCore
import FolioLayout
import FolioPoppler
import FolioRaster
import Foundation

/// The whole path from a file's bytes to cells, in one process and on one thread, for
/// libFuzzer: open the bytes as a PDF (the file checks, then Poppler), read the facts of the
/// first pages, lay the document out in every view at a few small sizes, query what each
/// layout shows, and rasterize the visible pages at small sizes with every symbol set. Any
/// failure must be a thrown `DocumentError`; any trap is a finding.
enum BytesToCells {
  /// Pages whose facts are read and which are drawn, at most: enough to reach the page tree's
  /// odd corners without making one input slow.
  static let pageLimit = 24

  /// Where each input is written (the checks and Poppler read a file), once per process.
  static let scratchPath = NSTemporaryDirectory() + "folio-libfuzzer-\(getpid()).pdf"

  /// Runs one input.
  static func run(_ bytes: UnsafeRawBufferPointer) {
    guard FileManager.default.createFile(atPath: scratchPath, contents: Data(bytes)) else { return }
    let document: PopplerDocument
    do {
      document = try PopplerDocument.open(path: scratchPath)
    } catch {
      _ = error.reason
      return
    }
    _ = document.title.map(TerminalText.sanitized)
    let count = min(document.pageCount, pageLimit)
    var metrics = PageMetrics(pageCount: document.pageCount)
    for index in 0..<count {
      let page = PageIndex(index)
      metrics.setSize(document.pageSize(at: page), of: page)
      if let label = document.pageLabel(at: page) {
        metrics.noteLabel(columns: TextWidth.approximate.width(of: TerminalText.sanitized(label)))
        _ = document.pageIndex(forLabel: label)
      }
    }
    var drawn = Set<PageIndex>()
    for viewport in [CellSize(columns: 40, rows: 12), CellSize(columns: 7, rows: 3)] {
      for style in styles {
        let layout = style.makeLayout(metrics: metrics, viewportSize: viewport)
        let visible = CellRect(origin: CellPoint(x: 0, y: 0), size: viewport)
        for item in layout.items(intersecting: visible) {
          // Each page is rendered once an input: renders are most of an input's time.
          for placed in item.pages
          where placed.page.rawValue < count && drawn.insert(placed.page).inserted {
            draw(placed.page, of: document, in: placed.frame.size)
          }
        }
        let middle = Double(layout.contentSize.rows) / 2
        _ = layout.continuousIndex(atAxisCoordinate: middle)
      }
    }
  }

  /// Every view's layout: the grid, continuous and per-spread stacks with each spread mode
  /// and binding, and the filmstrip.
  static let styles: [LayoutStyle] = {
    var styles: [LayoutStyle] = [
      .grid(GridOptions()), .grid(GridOptions(hasDropCap: true)), .shelf(ShelfOptions()),
    ]
    for mode in SpreadMode.allCases {
      for binding in Binding.allCases {
        let spreads = SpreadStyle(mode: mode, binding: binding)
        styles.append(.continuous(ContinuousOptions(spreadStyle: spreads)))
        styles.append(
          .continuous(
            ContinuousOptions(axis: .horizontal, spreadStyle: spreads, zoom: ZoomScale(16))))
        styles.append(.perSpread(PerSpreadOptions(spreadStyle: spreads)))
      }
    }
    return styles
  }()

  /// Renders and rasterizes a page into at most 8 x 4 cells, with a symbol set chosen by the
  /// page, so every set is reached across inputs.
  static func draw(_ page: PageIndex, of document: PopplerDocument, in frame: CellSize) {
    let box = CellSize(columns: min(frame.columns, 8), rows: min(frame.rows, 4))
    let symbols = SymbolSet.allCases[page.rawValue % SymbolSet.allCases.count]
    let picture = PagePicture(rasterizer: BlockRasterizer(symbols: symbols, colorMode: .palette256))
    _ = try? picture.draw(page, of: document, in: box)
  }
}
