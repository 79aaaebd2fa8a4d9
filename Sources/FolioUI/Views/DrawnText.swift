import FolioCore

/// Where the text layer drew some of a page's text on the screen. The text layer puts a line's
/// words a cell or a few from where their boxes are (a word starts at least a cell after the
/// one before; a line too long for its cells is cut at the right), so a highlight drawn over the boxes'
/// cells would cover the wrong letters. This finds the letters themselves.
enum DrawnText {
  /// The cells of `screen` that hold `text` as the text layer draws it (its words in order on
  /// one row, a gap of blank cells between words), nearest to `box` (the cells the text's box
  /// covers), inside `bounds`; nil when the text is not drawn there (the page is block art at
  /// this size, or the text is off). O(cells searched).
  static func cells(
    of text: String, near box: CellRect, in bounds: CellRect, on screen: ScreenBuffer,
    width: TextWidth
  ) -> CellRect? {
    let words = Self.words(of: text, width: width)
    guard let first = words.first?.first, !bounds.isEmpty else { return nil }
    // The text layer moves a word by a few cells; further than this it is another occurrence.
    let reach = max(12, box.size.columns)
    let firstColumn = max(bounds.minX, box.minX - reach)
    let firstRow = max(bounds.minY, box.minY - 1)
    // A box off the screen (a page cut by its edge) is not drawn there either.
    guard firstColumn < min(bounds.maxX, box.maxX + reach),
      firstRow < min(bounds.maxY, box.maxY + 1)
    else { return nil }
    let columns = firstColumn..<min(bounds.maxX, box.maxX + reach)
    let rows = firstRow..<min(bounds.maxY, box.maxY + 1)
    var best: (rect: CellRect, distance: Int)?
    for y in rows {
      let rowDistance = y < box.minY ? box.minY - y : (y >= box.maxY ? y - box.maxY + 1 : 0)
      for x in columns where screen[x, y].scalar == first && !screen[x, y].isContinuation {
        guard let end = match(words, from: x, row: y, before: bounds.maxX, on: screen) else {
          continue
        }
        let distance = abs(x - box.minX) + 4 * rowDistance
        if distance < best?.distance ?? .max {
          best = (CellRect(x: x, y: y, columns: end - x, rows: 1), distance)
        }
      }
    }
    return best?.rect
  }

  /// The text's words as the text layer draws them: characters that take cells (no control,
  /// format or combining characters), split at whitespace.
  static func words(of text: String, width: TextWidth) -> [[Unicode.Scalar]] {
    var words: [[Unicode.Scalar]] = [[]]
    for scalar in text.unicodeScalars {
      if scalar.properties.isWhitespace {
        if !(words.last?.isEmpty ?? true) { words.append([]) }
        continue
      }
      guard scalar.value >= 0x20, !(0x7F...0x9F).contains(scalar.value),
        scalar.properties.generalCategory != .format, width.columns(scalar) > 0
      else { continue }
      words[words.count - 1].append(scalar)
    }
    return words.filter { !$0.isEmpty }
  }

  /// The column after the last cell of `words` drawn from column `x` of `row`, if they are.
  private static func match(
    _ words: [[Unicode.Scalar]], from x: Int, row y: Int, before limit: Int,
    on screen: ScreenBuffer
  ) -> Int? {
    var column = x
    for (index, word) in words.enumerated() {
      if index > 0 {
        // At least one blank cell between words, and not a whole line's worth.
        let start = column
        while column < limit, screen[column, y].scalar == " ", column - start <= 16 {
          column += 1
        }
        guard column > start, column < limit else { return nil }
      }
      for scalar in word {
        guard column < limit, screen[column, y].scalar == scalar,
          !screen[column, y].isContinuation
        else { return nil }
        column += 1
        while column < limit, screen[column, y].isContinuation { column += 1 }
      }
    }
    return column
  }
}
