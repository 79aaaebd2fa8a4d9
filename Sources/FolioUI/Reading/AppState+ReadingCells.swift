import FolioCore
import FolioLayout

/// The reading view's cells and the page behind them: the crops of regions as pictures, the
/// cells a link's words take (for hints and clicks), and the place on the page a cell shows.
extension AppState {
  /// The crops of the regions that meet `rect` (content cells): pictures of the region's
  /// part of the page, centred in the band on the rows its lines keep for it. O(log n +
  /// regions of the pages met).
  func readingCrops(meeting rect: CellRect) -> [PagePiece] {
    view.layout.items(intersecting: rect).flatMap { item -> [PagePiece] in
      let page = PageIndex(item.index)
      guard let shown = reading.pages[page] else { return [] }
      return shown.crops.sorted { $0.key < $1.key }.compactMap { block, size in
        guard let line = shown.lines.firstIndex(where: { $0.block == block }) else {
          return nil
        }
        let frame = CellRect(
          x: item.frame.minX + (item.frame.size.columns - size.columns) / 2,
          y: item.frame.minY + line, columns: size.columns, rows: size.rows)
        // (A page of more than 65,535 blocks shows no crop past them.)
        guard frame.intersects(rect), block < PagePiece.tilesPerPage else { return nil }
        let region = shown.cropRegion(ofBlock: block)
        return PagePiece(
          index: page.rawValue * PagePiece.tilesPerPage + block,
          frame: frame,
          request: RenderRequest(
            page: page, region: region, size: frame.size, style: drawing.style,
            document: document.version),
          label: document.label(of: page))
      }
    }
  }

  /// The links on screen in the reading view: each on the cells of the first line that shows
  /// its words.
  var readingLinks: [VisibleLink] {
    guard let stack = view.layout as? ReadingStack else { return [] }
    let area = mainArea
    let visible = view.viewport.visibleRect
    var result: [VisibleLink] = []
    for item in stack.items(intersecting: visible) {
      let page = PageIndex(item.index)
      guard let shown = reading.pages[page], let links = document.links[page] else { continue }
      for link in links {
        let words = shown.words(in: link.area)
        guard let run = shown.runs(showing: words).first else {
          continue
        }
        let cells = CellRect(
          x: area.minX + item.frame.minX - visible.minX + shown.lines[run.row].indent
            + run.columns.lowerBound,
          y: area.minY + item.frame.minY - visible.minY + run.row, columns: run.columns.count,
          rows: 1
        ).intersection(area)
        if !cells.isEmpty { result.append(VisibleLink(page: page, link: link, cells: cells)) }
      }
    }
    return result
  }

  /// The page and the place on it (the middle of the word there) that content cell
  /// `content` of the reading view shows; nil off the text.
  func readingPagePoint(at content: CellPoint) -> (PageIndex, (x: Double, y: Double))? {
    guard let stack = view.layout as? ReadingStack,
      let (page, row) = stack.place(atRow: content.y), let shown = reading.pages[page],
      shown.lines.indices.contains(row)
    else { return nil }
    let band = stack.frame(ofItem: page.rawValue)
    let column = content.x - band.minX - shown.lines[row].indent
    guard let word = shown.word(atRow: row, column: column, textWidth: .approximate),
      shown.wordBoxes.indices.contains(word)
    else { return nil }
    let box = shown.wordBoxes[word]
    return (page, (box.x + box.width / 2, box.y + box.height / 2))
  }

  /// The screen cells of the reading view that show the words of `page` inside `box` (a
  /// selected word's, a hit's), a run a line; none when the page is not reflowed or off screen.
  func readingCells(showing box: PageRegion, on page: PageIndex) -> [CellRect] {
    guard let stack = view.layout as? ReadingStack, document.contains(page),
      let shown = reading.pages[page]
    else { return [] }
    let band = stack.frame(ofItem: page.rawValue)
    let visible = view.viewport.visibleRect
    let area = mainArea
    return shown.runs(showing: shown.words(in: box)).map { run in
      CellRect(
        x: area.minX + band.minX - visible.minX + shown.lines[run.row].indent
          + run.columns.lowerBound,
        y: area.minY + band.minY - visible.minY + run.row, columns: run.columns.count, rows: 1)
    }
  }
}
