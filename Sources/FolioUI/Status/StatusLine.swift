import FolioCore

/// The bottom row: the title (or a message, or the `:` prompt) on the left; on the right the
/// page ("iv · 4 / 320"), mode, spread mode, zoom and render progress.
struct StatusLine {
  var width: TextWidth

  func draw(_ state: AppState, in line: CellRect, on screen: inout ScreenBuffer) {
    let row = line.minY
    let columns = line.size.columns
    guard columns > 0, !line.isEmpty else { return }
    let style = Cell(" ", attributes: [.reverse])
    for x in 0..<columns { screen[line.minX + x, row] = style }
    let right = " " + details(state) + " "
    let rightWidth = width.width(of: right)
    // A message, a reload, a search under way; else the document's name (and the keys'
    // hint until the first key).
    let said =
      state.status.messageLines.first ?? state.reload.notice
      ?? (state.search.isComplete ? nil : state.search.summary)
    let room = max(0, columns - rightWidth - 2)
    let hint = state.status.hintsKeys && said == nil ? "  ? keys" : ""
    let left =
      " "
      + (said
        ?? state.document.name(in: max(0, room - width.width(of: hint)), width: width) + hint)
    if rightWidth >= columns {
      // Too narrow for everything: the page position wins, the label going first, then the
      // page count ("iv · 4 / 320", "4 / 320", "4"), so the page number always shows.
      let page = state.view.currentPage
      let choices = [
        state.document.position(of: page), "\(page.number) / \(state.document.pageCount)",
        String(page.number),
      ]
      let position =
        choices.first { width.width(of: $0) <= columns }
        ?? width.truncated(choices[choices.count - 1], toWidth: columns)
      screen.write(
        position, at: CellPoint(x: line.minX, y: row), maxWidth: columns, style: style, width: width
      )
      return
    }
    let leftText = width.truncated(left, toWidth: columns - rightWidth - 1)
    screen.write(
      leftText, at: CellPoint(x: line.minX, y: row), maxWidth: columns - rightWidth, style: style,
      width: width)
    screen.write(
      right, at: CellPoint(x: line.minX + columns - rightWidth, y: row), maxWidth: rightWidth,
      style: style, width: width)
  }

  /// Whether the message is said whole on a status line `columns` wide: one line that fits
  /// beside the details (else `MessagePanel` shows it whole above the line).
  func saysWhole(_ state: AppState, columns: Int) -> Bool {
    let lines = state.status.messageLines
    guard let first = lines.first else { return true }
    let right = width.width(of: " " + details(state) + " ")
    return lines.count == 1 && width.width(of: " " + first) <= columns - right - 1
  }

  func details(_ state: AppState) -> String {
    var parts = [state.document.position(of: state.view.currentPage), state.view.mode.rawValue]
    if state.search.isActive && state.search.isComplete {
      // The search in force, briefly, before the page: its count stays here, not over the
      // document's name (and the page's position stays the last "N / M" on the line).
      let search = state.search
      let count =
        search.currentNumber.map {
          "hit \(SearchState.grouped($0)) / \(SearchState.grouped(search.totalHits))"
        } ?? (search.totalHits == 0 ? "no hits" : "\(SearchState.grouped(search.totalHits)) hits")
      parts.insert(count, at: 0)
    }
    if state.view.mode != .grid {
      var spreads = "\(state.view.spreadStyle.mode)"
      if state.view.spreadStyle.isShiftedByOne && state.view.spreadStyle.mode != .single {
        spreads += " shifted"
      }
      parts.append(spreads)
    }
    if state.view.spreadStyle.binding == .rightToLeft { parts.append("RTL") }
    switch state.view.mode {
    case .grid:
      if let shown = state.view.layout.spreads.shownPages {
        parts.append(
          "\(SearchState.grouped(shown.count)) of \(SearchState.grouped(state.document.pageCount)) pages"
        )
      }
      // As many thumbnails as the screen shows whole, not the zoom's target.
      let visible = state.view.viewport.visibleRect
      let whole = state.view.layout.items(intersecting: visible).flatMap(\.pages).filter {
        $0.frame.intersection(visible) == $0.frame
      }
      parts.append("\(whole.count) per screen")
    case .continuous: parts.append("\(Int(saturating: state.view.zooms.continuous.value * 100))%")
    case .spread: parts.append("\(Int(saturating: state.view.zooms.spread.value * 100))%")
    }
    if state.view.options.trimsMargins { parts.append("trimmed") }
    if state.drawing.style.text != .auto {
      parts.append("text \(state.drawing.style.text.rawValue)")
    }
    if state.picking.selection.count > 0 { parts.append("\(state.picking.selection.count) picked") }
    if let count = state.modes.normal.keys.pendingCount { parts.append("\(count)…") }
    if state.status.pendingRenders > 0 {
      parts.append(
        "rendering \(state.status.pendingRenders) page\(state.status.pendingRenders == 1 ? "" : "s")…"
      )
    }
    return parts.joined(separator: "  ")
  }
}
