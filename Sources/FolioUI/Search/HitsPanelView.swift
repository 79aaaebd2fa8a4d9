import FolioCore

/// Draws the hits panel: a heading with the query and counts (and the filter), then one row per
/// hit — its page label, then its context with the match in bold and underlined — the
/// selected row in reverse video, the current hit marked with "›". On a library's shelf the
/// hits are grouped under a row naming their document (its file name and title, the whole
/// width of the panel), each hit labeled with the page inside it. A pure function.
struct HitsPanelView {
  /// A row of the list: a document's name (on the shelf) or a hit (its index in the lines).
  enum Row: Equatable {
    case document(PageIndex)
    case hit(Int)
  }

  /// The rows for `lines`: on a shelf a document row before each document's first hit.
  static func rows(of lines: [HitLine]) -> [Row] {
    var rows: [Row] = []
    var document: PageIndex?
    for (index, line) in lines.enumerated() {
      if line.innerPage != nil, line.position.page != document {
        document = line.position.page
        rows.append(.document(line.position.page))
      }
      rows.append(.hit(index))
    }
    return rows
  }

  /// What a document is called in the list: its cover's label without the page count.
  static func name(of cover: PageIndex, in state: AppState) -> String {
    let parts = state.document.label(of: cover).split(
      separator: " · ", omittingEmptySubsequences: false)
    return parts.count > 1 ? parts.dropLast().joined(separator: " · ") : String(parts[0])
  }

  /// A hit's label: its page's, or on a library's shelf the page inside its document.
  static func label(of line: HitLine, in state: AppState) -> String {
    guard let inner = line.innerPage else { return state.document.label(of: line.position.page) }
    return "p. \(inner + 1)"
  }

  var width: TextWidth

  func draw(
    _ state: AppState, lines: [HitLine], mode: HitsPanelMode, in panel: CellRect,
    on screen: inout ScreenBuffer
  ) {
    let columns = panel.size.columns
    let edge = screen.drawPanelFrame(panel)
    let textColumns = columns - 1
    var heading = "“\(TerminalText.sanitized(state.search.query))” \(state.search.totalHits)"
    if let filtered = mode.listFilter.heading(shown: lines.count, of: state.search.lines.count) {
      heading = filtered
    }
    screen.write(
      width.truncated(heading, toWidth: textColumns), at: CellPoint(x: panel.minX, y: panel.minY),
      maxWidth: textColumns, style: Cell(" ", attributes: [.bold]), width: width)
    let visibleRows = panel.size.rows - 1
    guard visibleRows > 0 else { return }
    if lines.isEmpty {
      let note = state.search.isComplete ? "no hits" : "searching…"
      screen.write(
        note, at: CellPoint(x: panel.minX + 1, y: panel.minY + 1), maxWidth: textColumns - 1,
        style: Cell(" ", attributes: [.dim]), width: width)
      return
    }
    // The selection stays in view, a third of the way down when the list is longer.
    let rows = Self.rows(of: lines)
    let selectedRow = rows.firstIndex(of: .hit(mode.selection)) ?? 0
    let top = max(0, min(selectedRow - visibleRows / 3, rows.count - visibleRows))
    var shown = Array(rows[top..<min(rows.count, top + visibleRows)])
    // The document of the first hit in view is named above it, as a heading that stays.
    if case .hit(let first) = shown.first, lines[first].innerPage != nil,
      shown.count > 1 || visibleRows > 1
    {
      let document = Row.document(lines[first].position.page)
      shown = [document] + shown.prefix(visibleRows - 1)
    }
    let labelColumns = min(
      textColumns / 3,
      shown.compactMap { row -> Int? in
        guard case .hit(let index) = row else { return nil }
        return width.width(of: Self.label(of: lines[index], in: state))
      }.max() ?? 1)
    for (offset, row) in shown.enumerated() {
      let y = panel.minY + 1 + offset
      switch row {
      case .document(let cover):
        let name = TerminalText.sanitized(Self.name(of: cover, in: state))
        _ = screen.write(
          width.truncated(name, toWidth: max(1, edge - panel.minX)), at: panel.minX, y: y,
          limit: edge, attributes: [.bold], width: width)
      case .hit(let index):
        drawHit(
          lines[index], selected: index == mode.selection, state: state,
          labelColumns: labelColumns, x: panel.minX, y: y, edge: edge, on: &screen)
      }
    }
  }

  /// One hit's row: the current-hit marker, its label, its context with the match marked.
  private func drawHit(
    _ line: HitLine, selected isSelected: Bool, state: AppState, labelColumns: Int, x start: Int,
    y: Int, edge: Int, on screen: inout ScreenBuffer
  ) {
    let isCurrent = line.position == state.search.current
    let base: CellAttributes = isSelected ? [.reverse] : []
    if isSelected {
      for x in start..<edge { screen[x, y] = Cell(" ", attributes: base) }
    }
    var x = start
    let label = width.truncated(
      TerminalText.sanitized(Self.label(of: line, in: state)), toWidth: max(1, labelColumns))
    let marker = isCurrent ? "›" : " "
    x = screen.write(marker, at: x, y: y, limit: edge, attributes: base.union(.bold), width: width)
    x = screen.write(
      String(repeating: " ", count: max(0, labelColumns - width.width(of: label))) + label + " ",
      at: x, y: y, limit: edge, attributes: base.union(.dim), width: width)
    // Enough of the text before the match that the match shows, the rest after it.
    let room = max(0, edge - x)
    let match = TerminalText.sanitized(line.match)
    let before = width.truncatedFromStart(
      TerminalText.sanitized(line.before),
      toWidth: max(0, min(room / 3, room - width.width(of: match))))
    x = screen.write(before, at: x, y: y, limit: edge, attributes: base, width: width)
    x = screen.write(
      match, at: x, y: y, limit: edge, attributes: base.union([.bold, .underline]), width: width)
    _ = screen.write(
      TerminalText.sanitized(line.after), at: x, y: y, limit: edge, attributes: base, width: width)
  }
}
