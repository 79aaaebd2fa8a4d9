import FolioCore

/// Draws the hits panel: a heading with the query and counts (and the filter), then one row per
/// hit — its page label, then its context with the match in bold and underlined — the
/// selected row in reverse video, the current hit marked with "›". A pure function.
struct HitsPanelView {
  /// A hit's label: its page's, or on a library's shelf its document's name and the page
  /// inside it ("Title · p. 12").
  static func label(of line: HitLine, in state: AppState) -> String {
    let label = state.document.label(of: line.position.page)
    guard let inner = line.innerPage else { return label }
    let name = label.split(separator: " · ", maxSplits: 1).first.map(String.init) ?? label
    return "\(name) · p. \(inner + 1)"
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
    if !mode.filter.isEmpty || mode.isTypingFilter {
      heading =
        "/" + TerminalText.sanitized(mode.filter) + (mode.isTypingFilter ? "▏" : "")
        + "  \(lines.count) of \(state.search.lines.count)"
    }
    screen.write(
      width.truncated(heading, toWidth: textColumns), at: CellPoint(x: panel.minX, y: panel.minY),
      maxWidth: textColumns, style: Cell(" ", attributes: [.bold]), width: width)
    let rows = panel.size.rows - 1
    guard rows > 0 else { return }
    if lines.isEmpty {
      let note = state.search.isComplete ? "no hits" : "searching…"
      screen.write(
        note, at: CellPoint(x: panel.minX + 1, y: panel.minY + 1), maxWidth: textColumns - 1,
        style: Cell(" ", attributes: [.dim]), width: width)
      return
    }
    // The selection stays in view, a third of the way down when the list is longer.
    let top = max(0, min(mode.selection - rows / 3, lines.count - rows))
    let labelColumns = min(
      textColumns / 3,
      lines[top..<min(lines.count, top + rows)].map {
        width.width(of: Self.label(of: $0, in: state))
      }.max() ?? 1)
    for (offset, line) in lines[top..<min(lines.count, top + rows)].enumerated() {
      let index = top + offset
      let y = panel.minY + 1 + offset
      let isSelected = index == mode.selection
      let isCurrent = line.position == state.search.current
      let base: CellAttributes = isSelected ? [.reverse] : []
      if isSelected {
        for x in panel.minX..<edge { screen[x, y] = Cell(" ", attributes: base) }
      }
      var x = panel.minX
      // On a shelf the document's name gives way before its page does.
      let page = line.innerPage.map { " · p. \($0 + 1)" } ?? ""
      let name = TerminalText.sanitized(
        page.isEmpty
          ? Self.label(of: line, in: state)
          : String(Self.label(of: line, in: state).dropLast(page.count)))
      let label =
        width.truncated(name, toWidth: max(1, labelColumns - width.width(of: page))) + page
      let marker = isCurrent ? "›" : " "
      x = screen.write(
        marker, at: x, y: y, limit: edge, attributes: base.union(.bold), width: width)
      x = screen.write(
        String(repeating: " ", count: labelColumns - width.width(of: label)) + label + " ",
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
        TerminalText.sanitized(line.after), at: x, y: y, limit: edge, attributes: base, width: width
      )
    }
  }
}
