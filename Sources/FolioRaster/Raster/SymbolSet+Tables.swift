import FolioCore

/// What a symbol set draws with: its blitter table, its fallbacks, and whether a terminal can
/// show it.
extension SymbolSet {
  /// The set's blitter table.
  public var table: SymbolTable {
    switch self {
    case .half: return .half
    case .quad: return .quad
    case .sextant: return .sextant
    case .octant: return .octant
    case .braille: return .braille
    case .ascii: return .ascii
    }
  }

  /// The next simpler set when a font lacks this one's glyphs (octant → sextant → quad →
  /// half), from the tables.
  public var fallback: SymbolSet? { table.fallback }

  /// This set followed by its fallbacks, simplest last.
  public var fallbackChain: [SymbolSet] {
    var chain = [self]
    while let next = chain[chain.count - 1].fallback { chain.append(next) }
    return chain
  }

  /// Whether every glyph of the set is one column wide by `width`. A terminal library places
  /// characters by the C library's widths, and draws nothing sensible for one that C library
  /// does not know (octants are Unicode 16, sextants Unicode 13), so only such sets can go
  /// through it.
  public func isDrawable(measuredBy width: TextWidth) -> Bool {
    table.glyphs.allSatisfy { width.columns($0) == 1 }
  }

  /// The set to draw with where only `drawable` sets can be shown: this one if it is among
  /// them, else the first of its fallbacks that is, else ASCII, else the first drawable set.
  /// Nil when nothing is drawable.
  public func substitute(among drawable: [SymbolSet]) -> SymbolSet? {
    (fallbackChain + [.ascii]).first(where: drawable.contains) ?? drawable.first
  }
}
