import FolioCore
import FolioLayout

/// Draws the reading view's text into the main area: each page's band of lines (headings
/// bold, the rule where a page begins dim), a page not reflowed yet as its rule and a line
/// saying its text is being read, and the search's hits tinted on the words they fall on.
/// The crops of regions are pictures: the tiles drawn before it. A pure function.
struct ReadingView {
  var width: TextWidth

  func draw(_ state: AppState, area: CellRect, on screen: inout ScreenBuffer) {
    guard let stack = state.view.layout as? ReadingStack, !area.isEmpty else { return }
    let visible = state.view.viewport.visibleRect
    for item in stack.items(intersecting: visible) {
      let page = PageIndex(item.index)
      let band = item.frame
      let origin = CellPoint(
        x: area.minX + band.minX - visible.minX, y: area.minY + band.minY - visible.minY)
      guard let shown = state.reading.pages[page] else {
        drawWaiting(page, state: state, at: origin, band: band, area: area, on: &screen)
        continue
      }
      let rows = max(visible.minY, band.minY)..<min(visible.maxY, band.maxY)
      for row in rows {
        let index = row - band.minY
        guard shown.lines.indices.contains(index) else { continue }
        let line = shown.lines[index]
        let attributes: CellAttributes
        switch line.style {
        case .body: attributes = []
        case .heading: attributes = [.bold]
        case .pageStart: attributes = [.dim]
        case .region, .blank: continue
        }
        write(
          line.content, at: CellPoint(x: origin.x + line.indent, y: origin.y + index),
          columns: band.size.columns - line.indent, attributes: attributes, area: area,
          on: &screen)
      }
      drawHits(of: page, shown, state: state, origin: origin, area: area, on: &screen)
    }
  }

  /// A page whose text is not reflowed yet: its rule, and under it a line saying so.
  private func drawWaiting(
    _ page: PageIndex, state: AppState, at origin: CellPoint, band: CellRect, area: CellRect,
    on screen: inout ScreenBuffer
  ) {
    // A label is the document's text: control characters out.
    let label = TerminalText.sanitized(state.document.label(of: page))
    let rule = ReadingWrap.lines(
      of: [
        ReadingBlock(
          kind: .pageStart, page: page, text: label,
          box: PageRegion(x: 0, y: 0, width: 1, height: 1))
      ], width: band.size.columns, textWidth: width)
    if let first = rule.first {
      write(
        first.content, at: origin, columns: band.size.columns, attributes: [.dim], area: area,
        on: &screen)
    }
    if band.size.rows > 2 {
      write(
        "reading the text of page \(label)…",
        at: CellPoint(x: origin.x, y: origin.y + 2), columns: band.size.columns,
        attributes: [.dim], area: area, on: &screen)
    }
  }

  /// The hits of the search on `page`'s words, the current one stronger.
  private func drawHits(
    of page: PageIndex, _ shown: ReadingPage, state: AppState, origin: CellPoint,
    area: CellRect, on screen: inout ScreenBuffer
  ) {
    let search = state.search
    guard search.isActive, let hits = search.regions[page] else { return }
    let marks = SearchMarks(width: width)
    for (index, boxes) in hits.enumerated() {
      let isCurrent = search.current == HitPosition(page: page, index: index)
      let words = boxes.flatMap { shown.words(in: $0.region) }
      for run in shown.runs(showing: words) {
        let indent = shown.lines[run.row].indent
        let cells = CellRect(
          x: origin.x + indent + run.columns.lowerBound, y: origin.y + run.row,
          columns: run.columns.count, rows: 1)
        marks.mark(
          cells, isText: true, area: area, isCurrent: isCurrent,
          colors: state.drawing.style.colors, screen: &screen)
      }
    }
  }

  /// Writes `text` at `point`, at most `columns` wide, only inside `area`.
  private func write(
    _ text: String, at point: CellPoint, columns: Int, attributes: CellAttributes,
    area: CellRect, on screen: inout ScreenBuffer
  ) {
    guard point.y >= area.minY, point.y < area.maxY, point.x >= area.minX else { return }
    let limit = min(point.x + columns, area.maxX)
    _ = screen.write(
      text, at: point.x, y: point.y, limit: limit, attributes: attributes, width: width)
  }
}
