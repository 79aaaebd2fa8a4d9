import FolioCore

/// Draws the outline panel: a heading ("Outline" and the number of entries, or the filter and
/// how many entries match), then one row per listed entry — "›" before the section being read
/// (its title in bold), the entry indented two columns a level (at most a third of the panel),
/// "▸"/"▾" before a closed/open parent, the title, and the page label of its destination
/// right-aligned — the selected row in reverse video. In a filter, matched letters are bold and
/// underlined and ancestors kept for context are dim. Titles are sanitized and measured with
/// `TextWidth`, so wide and combining characters keep the labels aligned. Only the rows on
/// screen are looked at: O(rows + log n). A pure function.
struct OutlinePanelView {
  var width: TextWidth

  func draw(
    _ state: AppState, mode: OutlinePanelMode, in panel: CellRect, on screen: inout ScreenBuffer
  ) {
    let edge = screen.drawPanelFrame(panel)
    let listing = mode.listing(state)
    var heading = "Outline"
    if let listing, !listing.index.isEmpty { heading += "  \(listing.index.count)" }
    if !mode.query.isEmpty || mode.isTypingFilter {
      heading = "/" + TerminalText.sanitized(mode.query) + (mode.isTypingFilter ? "▏" : "")
      if case .filtered(let filter, let index) = listing {
        heading += "  \(filter.matchCount) of \(index.count)"
      }
    }
    _ = screen.write(
      heading, at: panel.minX, y: panel.minY, limit: edge, attributes: .bold, width: width)
    let rows = panel.size.rows - 1
    guard rows > 0 else { return }
    guard let listing, listing.count > 0 else {
      let note: String
      if listing == nil {
        note = "reading the outline…"
      } else if listing?.index.isEmpty == true {
        note = "this document has no outline"
      } else {
        note = "no entry matches"
      }
      _ = screen.write(
        note, at: panel.minX + 1, y: panel.minY + 1, limit: edge, attributes: .dim, width: width)
      return
    }
    let selected = mode.selectedRow(in: listing, state: state)
    let current = mode.currentRow(in: listing, state: state)
    let top = listing.windowTop(showing: selected, visibleRows: rows)
    let shown = top..<min(listing.count, top + rows)
    let index = listing.index
    let textColumns = edge - panel.minX
    let labels = shown.map { row in
      index.destinations[listing.entry(at: row)].map { state.document.label(of: $0.page) } ?? ""
    }
    let labelColumns = min(textColumns / 3, labels.map { width.width(of: $0) }.max() ?? 0)
    for (offset, row) in shown.enumerated() {
      let y = panel.minY + 1 + offset
      let entry = listing.entry(at: row)
      let base: CellAttributes = row == selected ? [.reverse] : []
      if row == selected {
        for x in panel.minX..<edge { screen[x, y] = Cell(" ", attributes: base) }
      }
      let isCurrent = row == current
      var x = screen.write(
        isCurrent ? "›" : " ", at: panel.minX, y: y, limit: edge, attributes: base.union(.bold),
        width: width)
      x += 1 + min(2 * index.depths[entry], max(0, (textColumns - labelColumns) / 3))
      let disclosure = index.hasChildren(entry) ? (listing.isOpen(row) ? "▾ " : "▸ ") : "  "
      x = screen.write(
        disclosure, at: x, y: y, limit: edge, attributes: base.union(.dim), width: width)
      let label = width.truncated(labels[offset], toWidth: labelColumns)
      let titleLimit = edge - labelColumns - (labelColumns > 0 ? 1 : 0)
      var attributes = base
      if isCurrent { attributes.insert(.bold) }
      if listing.isContext(row) { attributes.insert(.dim) }
      drawTitle(
        index.titles[entry], marking: listing.match(at: row)?.positions ?? [], at: x, y: y,
        limit: titleLimit, attributes: attributes, on: &screen)
      _ = screen.write(
        label, at: edge - width.width(of: label), y: y, limit: edge,
        attributes: base.union(.dim), width: width)
    }
  }

  /// Writes a title from `x` up to `limit`, cut with "…" when it does not fit, the characters
  /// at `positions` (offsets in `Character`s) bold and underlined.
  private func drawTitle(
    _ title: String, marking positions: [Int], at x: Int, y: Int, limit: Int,
    attributes: CellAttributes, on screen: inout ScreenBuffer
  ) {
    guard x < limit else { return }
    let fitted = width.truncated(title, toWidth: limit - x)
    guard !positions.isEmpty else {
      _ = screen.write(fitted, at: x, y: y, limit: limit, attributes: attributes, width: width)
      return
    }
    // Characters of the title kept whole (a cut adds "…" after them).
    let kept = fitted == title ? fitted.count : max(0, fitted.count - 1)
    var marked = positions.makeIterator()
    var nextMarked = marked.next()
    var column = x
    for (offset, character) in fitted.enumerated() {
      var style = attributes
      if offset < kept, offset == nextMarked {
        style.formUnion([.bold, .underline])
        nextMarked = marked.next()
      }
      column = screen.write(
        String(character), at: column, y: y, limit: limit, attributes: style, width: width)
    }
  }
}
