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
    let left =
      " " + (state.message ?? state.reload.notice ?? state.search.summary ?? state.document.title)
    if rightWidth >= columns {
      // Too narrow for everything: the page position wins, the label going first, then the
      // page count ("iv · 4 / 320", "4 / 320", "4"), so the page number always shows.
      let page = state.currentPage
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

  func details(_ state: AppState) -> String {
    var parts = [state.document.position(of: state.currentPage), state.mode.rawValue]
    if state.mode != .grid {
      var spreads = "\(state.spreadStyle.mode)"
      if state.spreadStyle.isShiftedByOne && state.spreadStyle.mode != .single {
        spreads += " shifted"
      }
      parts.append(spreads)
    }
    if state.spreadStyle.binding == .rightToLeft { parts.append("RTL") }
    switch state.mode {
    case .grid:
      if let shown = state.layout.spreads.shownPages {
        parts.append(
          "\(SearchState.grouped(shown.count)) of \(SearchState.grouped(state.document.pageCount)) pages"
        )
      }
      parts.append("\(state.gridZoom.targetItemCount) per screen")
    case .continuous: parts.append("\(Int(saturating: state.continuousZoom.value * 100))%")
    case .spread: parts.append("\(Int(saturating: state.spreadZoom.value * 100))%")
    }
    if state.trimsMargins { parts.append("trimmed") }
    if state.style.text != .auto { parts.append("text \(state.style.text.rawValue)") }
    if state.selection.count > 0 { parts.append("\(state.selection.count) picked") }
    if let count = state.keys.pendingCount { parts.append("\(count)…") }
    if state.pendingRenders > 0 {
      parts.append("rendering \(state.pendingRenders) page\(state.pendingRenders == 1 ? "" : "s")…")
    }
    return parts.joined(separator: "  ")
  }
}
