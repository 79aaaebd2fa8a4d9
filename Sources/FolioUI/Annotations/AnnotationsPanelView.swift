import FolioCore

/// Draws the annotations panel: a heading (the count, the filter, how far the reading got, or
/// the question before a deletion), then one row per annotation — its page label, its kind's
/// symbol in its colour, its note in bold and the text it marks in quotes (its kind's name when
/// it has neither) — the selected row in reverse video. A pure function; every text from the
/// document is sanitized here.
struct AnnotationsPanelView {
  var width: TextWidth

  /// The symbol of each kind: █ highlight, ▁ underline, ~ squiggly, - strike-out, ✎ sticky
  /// note, T free text, / ink, • any other.
  static func symbol(of kind: AnnotationKind) -> Unicode.Scalar {
    switch kind {
    case .highlight: "█"
    case .underline: "▁"
    case .squiggly: "~"
    case .strikeOut: "-"
    case .note: "✎"
    case .freeText: "T"
    case .ink: "/"
    case .other: "•"
    }
  }

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
    let top = Self.top(selection: mode.selection, count: annotations.count, rows: visibleRows)
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

  /// The first row shown: the selection stays in view, a third of the way down when the list
  /// is longer than the `rows` shown.
  static func top(selection: Int, count: Int, rows: Int) -> Int {
    max(0, min(selection - rows / 3, count - rows))
  }

  /// "Annotations 12", the filter and its count, "… reading 40 / 900 pages", or the question
  /// `d` asks ("delete highlight, p. 3? y/n").
  private func heading(_ state: AppState, shown: Int, mode: AnnotationsPanelMode) -> String {
    if let doomed = mode.pendingDeletion {
      let label = state.document.label(of: doomed.page)
      return "delete \(TerminalText.sanitized(doomed.kind.name)), p. \(label)? y/n"
    }
    let listing = state.document.annotations
    var heading = "Annotations \(listing.annotations.count)"
    if let filtered = mode.listFilter.heading(shown: shown, of: listing.annotations.count) {
      heading = filtered
    }
    if !listing.isComplete { heading += " · reading \(listing.pagesRead) / \(listing.pageCount)" }
    if listing.missedPages > 0 { heading += " · \(listing.missedPages) pages unread" }
    if listing.isCut { heading += " · the first \(AnnotationListing.most)" }
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
        Self.symbol(of: annotation.kind),
        foreground: annotation.color.map(TerminalColor.init) ?? .default, attributes: base)
      x += 2
    }
    // The reader's own words first, then what they mark; the kind's name when there is neither.
    let note = TerminalText.sanitized(annotation.note ?? "")
    let marked = TerminalText.sanitized(annotation.markedText)
    if !note.isEmpty {
      x = screen.write(
        note + " ", at: x, y: y, limit: edge, attributes: base.union(.bold), width: width)
    }
    if !marked.isEmpty {
      x = screen.write("“" + marked + "”", at: x, y: y, limit: edge, attributes: base, width: width)
    }
    if note.isEmpty && marked.isEmpty {
      _ = screen.write(
        TerminalText.sanitized(annotation.kind.name), at: x, y: y, limit: edge,
        attributes: base.union(.dim), width: width)
    }
  }
}
