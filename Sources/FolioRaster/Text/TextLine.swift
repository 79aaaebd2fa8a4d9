import FolioCore

/// One line of a page's text placed in a picture's cells: its glyphs left to right with their
/// left edges in columns, the row it is drawn on, and whether it is legible at this size.
struct TextLine {
  /// One character to draw.
  struct Glyph {
    var scalar: Unicode.Scalar
    /// Its left edge, in columns from the picture's left.
    var left: Double
    /// Its right edge, in columns.
    var right: Double
    /// Whether a word gap comes before it.
    var followsGap: Bool
  }

  var glyphs: [Glyph]
  var row: Int
  /// The rows the line's glyphs cover (median top and bottom), and its right edge in columns.
  var top: Double
  var bottom: Double
  var right: Double
  /// The median glyph height, in rows.
  var height: Double
  /// The median glyph advance, in columns.
  var advance: Double

  /// The columns the line covers: the cells more than a third of which its glyphs take.
  var columns: Range<Int> {
    let first = Int(((glyphs.first?.left ?? 0) + 0.3).rounded(.down))
    return first..<max(first, Int((right - 0.3).rounded(.up)))
  }

  /// Whether `.auto` draws it.
  var isLegible: Bool {
    height >= TextOverlay.legibleHeight && advance >= TextOverlay.legibleAdvance
  }

  /// Whether it is a little smaller than legible (`.auto` draws it on a row of its own).
  var isNearlyLegible: Bool {
    height >= TextOverlay.legibleHeight * 0.8 && advance >= TextOverlay.legibleAdvance * 0.8
  }

  /// The lines of `text` drawn for `region` of the page into `size` cells; lines outside the
  /// region are left out. Control characters are never drawn.
  static func lines(of text: PageText, region: PageRegion, size: CellSize) -> [TextLine] {
    let scale = Double(TextBox.scale)
    let columns = Double(size.columns)
    let rows = Double(size.rows)
    var lines: [TextLine] = []
    var current: [(glyph: Glyph, box: (Double, Double, Double, Double))] = []
    var gapPending = false

    func finish() {
      defer {
        current = []
        gapPending = false
      }
      guard !current.isEmpty else { return }
      let heights = current.map { $0.box.3 - $0.box.1 }.sorted()
      let advances = current.map { $0.box.2 - $0.box.0 }.sorted()
      let centers = current.map { ($0.box.1 + $0.box.3) / 2 }.sorted()
      // Left to right as drawn, so right-to-left runs come out in their visual order.
      let sorted = current.sorted { $0.box.0 < $1.box.0 }
      var glyphs: [Glyph] = []
      for (index, entry) in sorted.enumerated() {
        var glyph = entry.glyph
        if index > 0 {
          let previous = sorted[index - 1].box
          // A gap of more than a whole glyph is a word gap even where the text has no space (Poppler
          // puts spaces between words, so letter-spacing and kerning make no gaps).
          glyph.followsGap =
            glyph.followsGap || entry.box.0 - previous.2 > advances[advances.count / 2] * 1.1
        }
        glyphs.append(glyph)
      }
      let row = Int(centers[centers.count / 2].rounded(.down))
      let tops = current.map { $0.box.1 }.sorted()
      let bottoms = current.map { $0.box.3 }.sorted()
      lines.append(
        TextLine(
          glyphs: glyphs, row: row, top: tops[tops.count / 2], bottom: bottoms[bottoms.count / 2],
          right: current.map { $0.box.2 }.max() ?? 0, height: heights[heights.count / 2],
          advance: advances[advances.count / 2]))
    }

    for (scalar, box) in zip(text.text.unicodeScalars, text.boxes) {
      if scalar == "\n" {
        finish()
        continue
      }
      // ASCII without Unicode's tables (most text is): a space, a control character, or one
      // to draw.
      let isASCII = scalar.value < 0x80
      if isASCII
        ? scalar == " " || (0x09...0x0D).contains(scalar.value)
        : scalar.properties.isWhitespace
      {
        gapPending = true
        continue
      }
      // Control and format characters (bidirectional marks among them) are never drawn.
      guard
        isASCII
          ? scalar.value >= 0x20 && scalar.value != 0x7F
          : !(0x80...0x9F).contains(scalar.value) && scalar.properties.generalCategory != .format
      else { continue }
      let left = (Double(box.left) / scale - region.x) / region.width * columns
      let right = (Double(box.right) / scale - region.x) / region.width * columns
      let top = (Double(box.top) / scale - region.y) / region.height * rows
      let bottom = (Double(box.bottom) / scale - region.y) / region.height * rows
      guard right > left, bottom > top else { continue }
      // A line that leaves the region is cut at its edges, character by character.
      guard right > 0, left < columns, bottom > 0, top < rows else {
        gapPending = false
        continue
      }
      if let last = current.last,
        abs((top + bottom) / 2 - (last.box.1 + last.box.3) / 2)
          > max(bottom - top, last.box.3 - last.box.1)
      {
        // Poppler's line feed was missing: a character far off the line starts another.
        finish()
      }
      current.append(
        (
          Glyph(
            scalar: scalar, left: left, right: right, followsGap: gapPending && !current.isEmpty),
          (left, top, right, bottom)
        ))
      gapPending = false
    }
    finish()
    return lines
  }
}
