import FolioCore

/// How a text selection is drawn: its words in reverse video where the page shows them, and
/// the keys on the status line.
extension TextSelectionMode {
  public func draw(
    _ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth
  ) {
    if let range {
      let area = areas.main
      for raw in range.lowerBound.page.rawValue...range.upperBound.page.rawValue {
        let page = PageIndex(raw)
        guard let words = state.document.texts[page], let frame = state.screenFrame(of: page)
        else { continue }
        let first = page == range.lowerBound.page ? range.lowerBound.word : 0
        let last = page == range.upperBound.page ? range.upperBound.word : words.words.count - 1
        guard first <= last else { continue }
        if state.view.mode == .read {
          drawInReading(words, first...last, of: page, state: state, area: area, on: &screen)
          continue
        }
        let scalars = Array(words.text.text.unicodeScalars)
        let bounds = frame.intersection(area)
        var previous: (rect: CellRect, line: Int)?
        for index in first...last where words.words.indices.contains(index) {
          let word = words.words[index]
          let box = TextCells.cells(of: state.displayed(word.box, on: page), in: frame)
          let text = String(
            String.UnicodeScalarView(scalars[word.scalars.clamped(to: 0..<scalars.count)]))
          // Where the text layer drew the word, else (block art) where its box is.
          var cells =
            DrawnText.cells(of: text, near: box, in: bounds, on: screen, width: width) ?? box
          if let before = previous, before.line == word.line, before.rect.minY == cells.minY,
            before.rect.size.rows == 1, cells.size.rows == 1, before.rect.maxX < cells.minX,
            cells.minX - before.rect.maxX <= 3
          {
            // The gap between two selected words on a line is selected too.
            cells = CellRect(
              x: before.rect.maxX, y: cells.minY, columns: cells.maxX - before.rect.maxX, rows: 1)
          }
          previous = (cells, word.line)
          let shown = cells.intersection(area)
          for y in shown.minY..<shown.maxY {
            for x in shown.minX..<shown.maxX { screen[x, y].attributes.insert(.reverse) }
          }
        }
      }
    }
    guard let line = areas.statusLine else { return }
    let bar = Cell(" ", attributes: [.reverse])
    for x in line.minX..<line.maxX { screen[x, line.minY] = bar }
    let count = selectedText(state).count
    let text =
      cursor == nil
      ? " select text: reading the text on screen… (Esc cancels)"
      : " select: w b j k { } 0 $ move · v restart · y copies \(SearchState.grouped(count)) characters · Y the page · H U X N T mark · Esc"
    screen.write(
      width.truncated(text, toWidth: line.size.columns), at: line.origin,
      maxWidth: line.size.columns, style: bar, width: width)
  }
}
