import FolioCore

/// One row of the blitter table: how a symbol set divides a cell and which glyph draws each
/// on/off pattern of its sub-cells.
///
/// Sub-cells are numbered row-major from the top-left; bit `i` of a pattern is sub-cell `i`.
/// A set "bit" means the sub-cell is drawn in the cell's foreground color.
public struct SymbolTable: Hashable, Sendable {
  /// How the cell's colors relate to its glyph.
  public enum Kind: Hashable, Sendable {
    /// Block mosaics: every pattern has a glyph, any two colors (half, quad, sextant, octant).
    case blocks
    /// Dots in the foreground color on the background (braille).
    case dots
    /// Text glyphs whose ink covers part of the cell, chosen by coverage and shape (ascii).
    case glyphs
  }

  /// The symbol set this table describes.
  public let symbolSet: SymbolSet
  /// Sub-cells across one cell.
  public let columns: Int
  /// Sub-cells down one cell.
  public let rows: Int
  /// How colors and glyphs relate.
  public let kind: Kind
  /// The glyph for each pattern, indexed by bitmask (`1 << (columns * rows)` entries). For
  /// `glyphs` tables this holds the candidate glyphs instead, in no bitmask order.
  public let glyphs: [Unicode.Scalar]
  /// The next simpler set to use when a terminal's font lacks these glyphs.
  public let fallback: SymbolSet?

  /// Sub-cells in one cell.
  public var subCellCount: Int { columns * rows }

  /// The pattern a glyph draws, if this table has the glyph. O(patterns).
  public func pattern(of glyph: Unicode.Scalar) -> Int? {
    kind == .glyphs ? nil : glyphs.firstIndex(of: glyph)
  }
}

extension SymbolTable {
  /// Half blocks: 1 x 2 (▀ ▄ █ and space).
  public static let half = SymbolTable(
    symbolSet: .half, columns: 1, rows: 2, kind: .blocks,
    glyphs: [" ", "▀", "▄", "█"], fallback: nil)

  /// Quadrant blocks: 2 x 2. Bits: 0 upper left, 1 upper right, 2 lower left, 3 lower right.
  public static let quad = SymbolTable(
    symbolSet: .quad, columns: 2, rows: 2, kind: .blocks,
    glyphs: [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"],
    fallback: .half)

  /// Sextants: 2 x 3, Unicode 13's U+1FB00–1FB3B for every pattern except the four that
  /// already exist as blocks (space, ▌, ▐, █). U+1FB00 onwards take the remaining patterns in
  /// ascending order.
  public static let sextant = SymbolTable(
    symbolSet: .sextant, columns: 2, rows: 3, kind: .blocks,
    glyphs: sequentialGlyphs(
      patternCount: 64, firstScalar: 0x1FB00,
      existing: [0: " ", 0b010101: "▌", 0b101010: "▐", 0b111111: "█"]),
    fallback: .quad)

  /// Octants: 2 x 4, Unicode 16's U+1CD00–1CDE5 for the 230 patterns that no older block
  /// character draws, in ascending pattern order, plus those 26 older characters.
  public static let octant = SymbolTable(
    symbolSet: .octant, columns: 2, rows: 4, kind: .blocks,
    glyphs: sequentialGlyphs(patternCount: 256, firstScalar: 0x1CD00, existing: octantExisting),
    fallback: .sextant)

  /// Braille: 2 x 4 dots. Bit `i` here is sub-cell `i` row-major; the Unicode dot numbering
  /// (dots 1-2-3-7 down the left, 4-5-6-8 down the right) is mapped in `brailleGlyphs`.
  public static let braille = SymbolTable(
    symbolSet: .braille, columns: 2, rows: 4, kind: .dots, glyphs: brailleGlyphs(),
    fallback: nil)

  /// ASCII: printable characters on a 2 x 4 grid of ink coverage (see `AsciiGlyphCoverage`).
  public static let ascii = SymbolTable(
    symbolSet: .ascii, columns: 2, rows: 4, kind: .glyphs,
    glyphs: AsciiGlyphCoverage.glyphs, fallback: nil)

  /// Older block characters that draw octant patterns (bit `i` is sub-cell `i`, row-major).
  static let octantExisting: [Int: Unicode.Scalar] = [
    0x00: " ", 0xFF: "█",
    0x0F: "▀", 0xF0: "▄", 0x55: "▌", 0xAA: "▐",
    0x03: "\u{1FB82}", 0x3F: "\u{1FB85}", 0xC0: "▂", 0xFC: "▆",
    0x05: "▘", 0x0A: "▝", 0x50: "▖", 0xA0: "▗", 0xA5: "▚", 0x5A: "▞",
    0xF5: "▙", 0x5F: "▛", 0xAF: "▜", 0xFA: "▟",
    0x14: "\u{1FBE6}", 0x28: "\u{1FBE7}",
    0x01: "\u{1CEA8}", 0x02: "\u{1CEAB}", 0x40: "\u{1CEA3}", 0x80: "\u{1CEA0}",
  ]

  /// A glyph per pattern: `existing` where given, else consecutive code points from
  /// `firstScalar` in ascending pattern order (how Unicode encodes sextants and octants).
  static func sequentialGlyphs(
    patternCount: Int, firstScalar: UInt32, existing: [Int: Unicode.Scalar]
  ) -> [Unicode.Scalar] {
    var next = firstScalar
    var glyphs: [Unicode.Scalar] = []
    glyphs.reserveCapacity(patternCount)
    for pattern in 0..<patternCount {
      if let glyph = existing[pattern] {
        glyphs.append(glyph)
      } else {
        glyphs.append(Unicode.Scalar(next) ?? " ")
        next += 1
      }
    }
    return glyphs
  }

  /// Braille glyphs indexed by row-major sub-cell bits.
  static func brailleGlyphs() -> [Unicode.Scalar] {
    // Unicode dot bit for each row-major sub-cell: (0,0) dot 1, (1,0) dot 4, (0,1) dot 2, …
    let dotBit = [0, 3, 1, 4, 2, 5, 6, 7]
    return (0..<256).map { pattern in
      var offset: UInt32 = 0
      for cell in 0..<8 where pattern & (1 << cell) != 0 { offset |= 1 << dotBit[cell] }
      return Unicode.Scalar(0x2800 + offset) ?? " "
    }
  }
}
