import FolioCore

/// The bottom row: the document's name (or a message, or the `:` prompt) on the left; on the
/// right the page ("iv · 4 / 320"), mode, spread mode, zoom and render progress. A message
/// that does not fit beside them takes the room of the details that matter least (the page's
/// position stays); one that still does not fit is shown whole by `MessagePanel`.
struct StatusLine {
  var width: TextWidth

  /// One detail on the right, and how soon it gives way to a message (0: never).
  struct Detail {
    var text: String
    var yields: Int
  }

  func draw(_ state: AppState, in line: CellRect, on screen: inout ScreenBuffer) {
    let row = line.minY
    let columns = line.size.columns
    guard columns > 0, !line.isEmpty else { return }
    let style = Cell(" ", attributes: [.reverse])
    for x in 0..<columns { screen[line.minX + x, row] = style }
    // A message, a reload, a search under way; else the document's name (and the keys'
    // hint until the first key).
    // A message shown whole above the line (`MessagePanel`) is not said again, cut, on it.
    let isShownAbove =
      !state.status.messageLines.isEmpty && columns > 2 && line.minY > 0
      && !saysWhole(state, columns: columns)
    let said = isShownAbove ? state.reload.notice : message(state)
    let right = " " + details(state, columns: columns, beside: said) + " "
    let rightWidth = width.width(of: right)
    let room = max(0, columns - rightWidth - 2)
    // Until the first key: where the keys are, and (for sets many fonts lack, drawn as boxes
    // there) the key for other symbols.
    // The file's name comes first: the second hint only where the whole name fits beside it.
    let lacking: Set<SymbolSet> = [.sextant, .octant]
    var hint = state.status.hintsKeys && said == nil ? "  ? keys" : ""
    if !hint.isEmpty, lacking.contains(state.drawing.style.symbols) {
      let name = state.document.name(in: Int.max, width: width)
      let longer = hint + "  c symbols"
      if width.width(of: name + longer) <= room { hint = longer }
    }
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

  /// What the left says instead of the name: a message's first line, a reload's notice, a
  /// search under way.
  func message(_ state: AppState) -> String? {
    state.status.messageLines.first ?? state.reload.notice
      ?? (state.search.isComplete ? nil : state.search.summary(unit: state.unit))
  }

  /// Whether the message is said whole on a status line `columns` wide: one line that fits
  /// beside the details left (else `MessagePanel` shows it whole above the line).
  func saysWhole(_ state: AppState, columns: Int) -> Bool {
    let lines = state.status.messageLines
    guard let first = lines.first else { return true }
    return lines.count == 1
      && fits(first, beside: details(state, columns: columns, beside: first), in: columns)
  }

  /// The details for a line `columns` wide: all of them, less those that give way so that
  /// `message` fits beside them.
  func details(_ state: AppState, columns: Int, beside message: String?) -> String {
    var parts = details(state)
    func joined() -> String { parts.map(\.text).joined(separator: "  ") }
    guard let message else { return joined() }
    let most = parts.map(\.yields).max() ?? 0
    for rank in stride(from: most, to: 0, by: -1) {
      if fits(message, beside: joined(), in: columns) { break }
      parts.removeAll { $0.yields == rank }
    }
    return joined()
  }

  /// Whether `message` fits whole on the left of a line `columns` wide with `details` right.
  private func fits(_ message: String, beside details: String, in columns: Int) -> Bool {
    width.width(of: " " + message) <= columns - width.width(of: " " + details + " ") - 1
  }

  /// Every detail, in order.
  func details(_ state: AppState) -> [Detail] {
    var parts: [Detail] = []
    if state.search.isActive && state.search.isComplete {
      // The search in force, before the page: its count stays here, not over the document's
      // name (and the page's position stays the last "N / M" on the line).
      let search = state.search
      let count =
        search.currentNumber.map {
          "hit \(SearchState.grouped($0)) / \(SearchState.grouped(search.totalHits))"
        } ?? (search.totalHits == 0 ? "no hits" : "\(SearchState.grouped(search.totalHits)) hits")
      parts.append(Detail(text: count, yields: 1))
    }
    parts.append(Detail(text: state.document.position(of: state.view.currentPage), yields: 0))
    parts.append(Detail(text: state.view.mode.rawValue, yields: 2))
    if state.view.mode == .continuous || state.view.mode == .spread {
      var spreads = "\(state.view.spreadStyle.mode)"
      if state.view.spreadStyle.isShiftedByOne && state.view.spreadStyle.mode != .single {
        spreads += " shifted"
      }
      parts.append(Detail(text: spreads, yields: 4))
    }
    if state.view.spreadStyle.binding == .rightToLeft {
      parts.append(Detail(text: "RTL", yields: 3))
    }
    switch state.view.mode {
    case .grid:
      if let shown = state.view.layout.spreads.shownPages {
        let count = SearchState.grouped(shown.count)
        let total = SearchState.grouped(state.document.pageCount)
        parts.append(Detail(text: "\(count) of \(total) \(state.unit)s", yields: 2))
      }
      // As many thumbnails as a screen holds whole (not the zoom's target), the same while
      // the grid scrolls.
      let layout = state.view.layout
      let held = min(
        layout.itemCount,
        layout.itemsAcross * layout.itemRows(inLength: state.view.viewport.size.rows))
      parts.append(Detail(text: "\(held) per screen", yields: 3))
    case .continuous:
      let zoom = Int(saturating: state.view.zooms.continuous.value * 100)
      parts.append(Detail(text: "\(zoom)%", yields: 3))
    case .spread:
      parts.append(
        Detail(text: "\(Int(saturating: state.view.zooms.spread.value * 100))%", yields: 3))
    case .read:
      break
    }
    if state.view.options.trimsMargins { parts.append(Detail(text: "trimmed", yields: 4)) }
    if state.drawing.style.text != .auto {
      parts.append(Detail(text: "text \(state.drawing.style.text.rawValue)", yields: 4))
    }
    if state.picking.selection.count > 0 {
      parts.append(Detail(text: "\(state.picking.selection.count) picked", yields: 0))
    }
    if let count = state.modes.normal.keys.pendingCount {
      parts.append(Detail(text: "\(count)…", yields: 0))
    }
    if state.status.pendingRenders > 0 {
      let pending = state.status.pendingRenders
      parts.append(Detail(text: "rendering \(pending) page\(pending == 1 ? "" : "s")…", yields: 2))
    }
    return parts
  }
}
