import FolioCore

/// Draws the annotations panel: a heading (the count, the filter, how far the reading got, or
/// the question before a deletion), then one row per annotation — its page label, a swatch in
/// its colour, its kind, the text it marks in quotes and its note — the selected row in
/// reverse video. A pure function; every text from the document is sanitized here.
struct AnnotationsPanelView {
  var width: TextWidth

  func draw(
    _ state: AppState, annotations: [DocumentAnnotation], mode: AnnotationsPanelMode,
    in panel: CellRect, on screen: inout ScreenBuffer
  ) {
    let edge = screen.drawPanelFrame(panel)
    let listing = state.document.annotations
    _ = screen.write(
      heading(state, shown: annotations.count, mode: mode), at: panel.minX, y: panel.minY,
      limit: edge, attributes: mode.pendingDeletion == nil ? [.bold] : [.bold, .reverse],
      width: width)
    let visibleRows = panel.size.rows - 1
    guard visibleRows > 0 else { return }
    if annotations.isEmpty {
      let note =
        !listing.isComplete
        ? "reading… \(listing.pagesRead) / \(listing.pageCount) pages"
        : listing.annotations.isEmpty
          ? "no annotations: x selects text, then H U X N mark it" : "none match"
      _ = screen.write(
        note, at: panel.minX + 1, y: panel.minY + 1, limit: edge, attributes: [.dim],
        width: width)
      return
    }
    // The selection stays in view, a third of the way down when the list is longer.
    let top = max(0, min(mode.selection - visibleRows / 3, annotations.count - visibleRows))
    let shown = top..<min(annotations.count, top + visibleRows)
    let labelColumns = min(
      (edge - panel.minX) / 4,
      shown.map { width.width(of: state.document.label(of: annotations[$0].page)) }.max() ?? 1)
    for (offset, index) in shown.enumerated() {
      drawRow(
        annotations[index], selected: index == mode.selection, state: state,
        labelColumns: labelColumns, x: panel.minX, y: panel.minY + 1 + offset, edge: edge,
        on: &screen)
    }
  }

  /// "Annotations 12", the filter and its count, "… reading 40 / 900 pages", or the question
  /// `d` asks.
  private func heading(_ state: AppState, shown: Int, mode: AnnotationsPanelMode) -> String {
    if let doomed = mode.pendingDeletion {
      return
        "delete this \(doomed.kind.name) on p. \(TerminalText.sanitized(state.document.label(of: doomed.page)))? y/n"
    }
    let listing = state.document.annotations
    var heading = "Annotations \(listing.annotations.count)"
    if !mode.filter.isEmpty || mode.isTypingFilter {
      heading =
        "/" + TerminalText.sanitized(mode.filter) + (mode.isTypingFilter ? "▏" : "")
        + "  \(shown) of \(listing.annotations.count)"
    }
    if !listing.isComplete { heading += " · reading \(listing.pagesRead) / \(listing.pageCount)" }
    return heading
  }

  /// One annotation's row.
  private func drawRow(
    _ annotation: DocumentAnnotation, selected isSelected: Bool, state: AppState,
    labelColumns: Int, x start: Int, y: Int, edge: Int, on screen: inout ScreenBuffer
  ) {
    let base: CellAttributes = isSelected ? [.reverse] : []
    if isSelected {
      for x in start..<edge { screen[x, y] = Cell(" ", attributes: base) }
    }
    let label = width.truncated(
      TerminalText.sanitized(state.document.label(of: annotation.page)),
      toWidth: max(1, labelColumns))
    var x = screen.write(
      String(repeating: " ", count: max(0, labelColumns - width.width(of: label))) + label + " ",
      at: start, y: y, limit: edge, attributes: base.union(.dim), width: width)
    if x < edge {
      screen[x, y] = Cell(
        "■", foreground: annotation.color.map(TerminalColor.init) ?? .default, attributes: base)
      x += 1
    }
    x = screen.write(
      " " + annotation.kind.name + " ", at: x, y: y, limit: edge, attributes: base.union(.dim),
      width: width)
    let marked = TerminalText.sanitized(annotation.markedText)
    if !marked.isEmpty {
      x = screen.write("“" + marked + "” ", at: x, y: y, limit: edge, attributes: base, width: width)
    }
    if let note = annotation.note.map(TerminalText.sanitized), !note.isEmpty {
      _ = screen.write(note, at: x, y: y, limit: edge, attributes: base.union(.bold), width: width)
    }
  }
}
