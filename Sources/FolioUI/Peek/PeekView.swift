import FolioCore

/// Draws a peek: a framed box in the main area, the target's page label in its top border, a
/// figure's crop at its top when the peek leads to a figure's caption (a picture the tiles
/// draw over the box, `PeekMode.cropPiece`), the excerpt wrapped inside (sanitized), "Enter
/// goes · Esc closes" in its bottom border. A pure function.
struct PeekView {
  var width: TextWidth

  /// The widest the box's text is, in columns (a comfortable measure).
  static let measure = 72

  /// Where a peek's box goes in `area` and what it holds.
  struct Layout {
    /// The box, its frame included.
    var box: CellRect
    /// The cells of the figure's crop inside it, and the part of the page it shows.
    var crop: (cells: CellRect, region: PageRegion)?
    /// The excerpt's lines shown, under the crop.
    var lines: [String]
  }

  /// The box for `mode` over `area`: in the middle, a third of the way down; with a figure's
  /// crop, from the area's second row, the crop at most half the box's rows. Nil in an area
  /// too small for one.
  static func layout(
    _ state: AppState, mode: PeekMode, over area: CellRect, width: TextWidth
  ) -> Layout? {
    let columns = min(Self.measure, area.size.columns - 4)
    guard columns >= 10, area.size.rows >= 5 else { return nil }
    let excerpt = mode.excerpt(state)
    var lines =
      excerpt.map { text in
        text.isEmpty
          ? ["(no text there)"]
          : text.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            $0.isEmpty ? [""] : width.wrapped(TerminalText.sanitized(String($0)), toWidth: columns)
          }
      } ?? [
        mode.label.map { "looking for “\(TerminalText.sanitized($0.name))”…" }
          ?? "reading the page…"
      ]
    var room = min(area.size.rows - 4, max(3, area.size.rows / 2))
    var cropSize: CellSize?
    var figure: (page: PageIndex, region: PageRegion)?
    if let found = mode.figure(in: state), area.size.rows >= 12 {
      room = area.size.rows - 4
      let size = ReadingPage.cropSize(
        of: found.region, measure: columns,
        setting: ReadingPage.CropSetting(
          pageSize: state.document.metrics.size(of: found.page),
          cellAspect: state.terminal.cellAspect, maximumRows: max(3, room / 2)))
      cropSize = size
      figure = found
      room -= size.rows + 1
    }
    let top = min(mode.scroll, max(0, lines.count - room))
    lines = Array(lines.dropFirst(top).prefix(max(1, room)))
    let boxWidth = columns + 4
    let above = cropSize.map { $0.rows + 1 } ?? 0
    let boxHeight = above + lines.count + 2
    let x = area.minX + (area.size.columns - boxWidth) / 2
    let y = area.minY + (cropSize == nil ? max(1, (area.size.rows - boxHeight) / 3) : 1)
    var crop: (CellRect, PageRegion)?
    if let cropSize, let figure {
      crop = (
        CellRect(
          x: x + 2 + (columns - cropSize.columns) / 2, y: y + 1, columns: cropSize.columns,
          rows: cropSize.rows), figure.region
      )
    }
    return Layout(
      box: CellRect(x: x, y: y, columns: boxWidth, rows: boxHeight), crop: crop, lines: lines)
  }

  func draw(
    _ state: AppState, mode: PeekMode, over area: CellRect, on screen: inout ScreenBuffer
  ) {
    guard let layout = Self.layout(state, mode: mode, over: area, width: width) else { return }
    let box = layout.box
    let columns = box.size.columns - 4
    let border = Cell(" ", attributes: [.bold])
    screen.drawBox(box, attributes: [.bold])
    let title =
      mode.destination(in: state).map { " p. \(state.document.label(of: $0.page)) " }
      ?? " \(TerminalText.sanitized(mode.label?.name ?? "")) "
    screen.write(
      width.truncated(title, toWidth: columns), at: CellPoint(x: box.minX + 2, y: box.minY),
      maxWidth: columns, style: border, width: width)
    let hint = " Enter goes · Esc closes "
    if width.width(of: hint) <= columns {
      screen.write(
        hint, at: CellPoint(x: box.maxX - 2 - width.width(of: hint), y: box.maxY - 1),
        maxWidth: columns, style: Cell(" ", attributes: [.dim]), width: width)
    }
    let first = box.minY + 1 + (layout.crop.map { $0.cells.size.rows + 1 } ?? 0)
    for (offset, line) in layout.lines.enumerated() {
      screen.write(
        line, at: CellPoint(x: box.minX + 2, y: first + offset), maxWidth: columns,
        style: Cell(" "), width: width)
    }
  }
}
