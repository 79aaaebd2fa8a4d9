import Testing

@testable import FolioCore
@testable import FolioRaster

/// The blitter tables: every pattern maps to the glyph Unicode defines for it.
struct SymbolTableTests {
  static let blockTables: [SymbolTable] = [.half, .quad, .sextant, .octant, .braille]

  @Test(arguments: blockTables)
  func everyPatternRoundTripsThroughItsGlyph(table: SymbolTable) {
    #expect(table.glyphs.count == 1 << table.subCellCount)
    #expect(Set(table.glyphs).count == table.glyphs.count)
    for pattern in table.glyphs.indices {
      #expect(table.pattern(of: table.glyphs[pattern]) == pattern)
    }
  }

  /// Sub-cell numbers 1… in the names ("BLOCK SEXTANT-1235") as a row-major bitmask.
  static func patternFromName(_ scalar: Unicode.Scalar, prefix: String) -> Int? {
    guard let name = scalar.properties.name, name.hasPrefix(prefix) else { return nil }
    return name.dropFirst(prefix.count).reduce(0) { mask, digit in
      guard let number = Int(String(digit)) else { return -1 }
      return mask < 0 ? mask : mask | 1 << (number - 1)
    }
  }

  /// How many of `table`'s glyphs are named `prefix` + sub-cell numbers, each checked against
  /// its pattern.
  static func countGlyphsMatchingTheirNames(_ table: SymbolTable, prefix: String) -> Int {
    var named = 0
    for (pattern, glyph) in table.glyphs.enumerated() {
      guard let fromName = patternFromName(glyph, prefix: prefix) else { continue }
      #expect(fromName == pattern, "\(glyph.properties.name ?? "")")
      named += 1
    }
    return named
  }

  @Test func sextantGlyphsMatchTheirUnicodeNames() {
    #expect(Self.countGlyphsMatchingTheirNames(.sextant, prefix: "BLOCK SEXTANT-") == 60)
    #expect(SymbolTable.sextant.glyphs[0b010101] == "▌")
    #expect(SymbolTable.sextant.glyphs[0b101010] == "▐")
  }

  @Test func octantGlyphsMatchTheirUnicodeNames() {
    #expect(Self.countGlyphsMatchingTheirNames(.octant, prefix: "BLOCK OCTANT-") == 230)
  }

  @Test func octantPatternsOfOlderBlocksAgreeWithTheQuadrantTable() {
    // A quadrant covers two octant rows: quadrant bit (row r, column c) sets octant bits
    // (2r, c) and (2r + 1, c).
    for quad in 0..<16 {
      var octant = 0
      for bit in 0..<4 where quad & 1 << bit != 0 {
        let (row, column) = (bit / 2, bit % 2)
        octant |= 1 << (4 * row + column) | 1 << (4 * row + 2 + column)
      }
      #expect(SymbolTable.octant.glyphs[octant] == SymbolTable.quad.glyphs[quad])
    }
  }

  @Test func octantPatternsOfQuarterBlocksHaveTheNamedShapes() {
    let expected: [Int: String] = [
      0x03: "UPPER ONE QUARTER BLOCK", 0x3F: "UPPER THREE QUARTERS BLOCK",
      0xC0: "LOWER ONE QUARTER BLOCK", 0xFC: "LOWER THREE QUARTERS BLOCK",
      0x14: "MIDDLE LEFT ONE QUARTER BLOCK", 0x28: "MIDDLE RIGHT ONE QUARTER BLOCK",
      0x01: "LEFT HALF UPPER ONE QUARTER BLOCK", 0x02: "RIGHT HALF UPPER ONE QUARTER BLOCK",
      0x40: "LEFT HALF LOWER ONE QUARTER BLOCK", 0x80: "RIGHT HALF LOWER ONE QUARTER BLOCK",
    ]
    for (pattern, name) in expected {
      #expect(SymbolTable.octant.glyphs[pattern].properties.name == name)
    }
  }

  @Test func quadrantGlyphsMatchTheirUnicodeNames() {
    let bits = ["UPPER LEFT": 1, "UPPER RIGHT": 2, "LOWER LEFT": 4, "LOWER RIGHT": 8]
    for (pattern, glyph) in SymbolTable.quad.glyphs.enumerated() {
      guard let name = glyph.properties.name, name.hasPrefix("QUADRANT ") else { continue }
      let parts = name.dropFirst("QUADRANT ".count).split(separator: " AND ")
      #expect(parts.reduce(0) { $0 | (bits[String($1)] ?? 0) } == pattern, "\(name)")
    }
    #expect(SymbolTable.quad.glyphs[3] == "▀")
    #expect(SymbolTable.quad.glyphs[5] == "▌")
  }

  @Test func halfBlocks() {
    #expect(SymbolTable.half.glyphs == [" ", "▀", "▄", "█"])
  }

  @Test func brailleDotsFollowTheUnicodeNumbering() {
    // Row-major sub-cell → braille dot: (0,0) 1, (1,0) 4, (0,1) 2, (1,1) 5, …, (0,3) 7, (1,3) 8.
    let dots = [1, 4, 2, 5, 3, 6, 7, 8]
    for (cell, dot) in dots.enumerated() {
      let glyph = SymbolTable.braille.glyphs[1 << cell]
      #expect(glyph.properties.name == "BRAILLE PATTERN DOTS-\(dot)")
    }
    #expect(SymbolTable.braille.glyphs[255] == "\u{28FF}")
  }

  @Test func fallbackChainIsOctantSextantQuadHalf() {
    #expect(SymbolSet.octant.fallbackChain == [.octant, .sextant, .quad, .half])
    #expect(SymbolSet.half.fallbackChain == [.half])
    #expect(SymbolSet.braille.fallback == nil)
    #expect(SymbolSet.ascii.fallback == nil)
    for set in SymbolSet.allCases { #expect(set.table.symbolSet == set) }
  }

  @Test func setsAreDrawableOnlyWhereEveryGlyphHasOneColumn() {
    for set in SymbolSet.allCases { #expect(set.isDrawable(measuredBy: .approximate)) }
    // A C library of Unicode 13 to 15 (glibc 2.36): sextants, no octants (-1: unknown).
    let noOctants = TextWidth { (0x1CD00...0x1CEAF).contains($0.value) ? -1 : 1 }
    #expect(!SymbolSet.octant.isDrawable(measuredBy: noOctants))
    #expect(SymbolSet.sextant.isDrawable(measuredBy: noOctants))
    // A glyph two columns wide does not fit a cell either.
    let wideBraille = TextWidth { (0x2800...0x28FF).contains($0.value) ? 2 : 1 }
    #expect(!SymbolSet.braille.isDrawable(measuredBy: wideBraille))
  }

  @Test func substitutesFollowTheFallbackChainThenAscii() {
    let all = SymbolSet.allCases
    for set in all { #expect(set.substitute(among: all) == set) }
    #expect(
      SymbolSet.octant.substitute(among: [.half, .quad, .sextant, .braille, .ascii]) == .sextant)
    #expect(SymbolSet.octant.substitute(among: [.half, .quad, .braille, .ascii]) == .quad)
    #expect(SymbolSet.sextant.substitute(among: [.braille, .ascii]) == .ascii)
    #expect(SymbolSet.braille.substitute(among: [.half, .ascii]) == .ascii)
    #expect(SymbolSet.braille.substitute(among: [.half]) == .half)
    #expect(SymbolSet.half.substitute(among: []) == nil)
  }

  @Test func asciiTableHasPrintableGlyphsWithCoverage() {
    let table = SymbolTable.ascii
    #expect(table.glyphs.first == " ")
    #expect(table.glyphs.allSatisfy { (0x20...0x7E).contains($0.value) })
    #expect(Set(table.glyphs).count == table.glyphs.count)
    #expect(AsciiGlyphCoverage.coverage.count == table.glyphs.count * 8)
    // Space has no ink; "_" has its ink at the bottom, "'" at the top.
    let coverage = AsciiGlyphCoverage.coverage
    func rows(_ glyph: Unicode.Scalar) -> ArraySlice<UInt8> {
      let index = table.glyphs.firstIndex(of: glyph) ?? 0
      return coverage[(index * 8)..<(index * 8 + 8)]
    }
    #expect(rows(" ").allSatisfy { $0 == 0 })
    #expect(rows("_").last ?? 0 > rows("_").first ?? 0)
    #expect(rows("'").first ?? 0 > rows("'").last ?? 0)
  }
}
