/// The family of characters a page is drawn with, as named on the command line
/// (`--symbols half|quad|sextant|octant|braille|ascii`).
public enum SymbolSet: String, CaseIterable, Hashable, Sendable {
  /// Upper and lower half blocks: 1 x 2 sub-cells.
  case half
  /// Quadrant blocks: 2 x 2.
  case quad
  /// Unicode 13 sextants: 2 x 3.
  case sextant
  /// Unicode 16 octants: 2 x 4. Opt-in: fonts lag behind.
  case octant
  /// Braille dots: 2 x 4, one color on the background.
  case braille
  /// Printable ASCII, for terminals without block glyphs.
  case ascii

  /// The default set: `sextant` when the locale uses UTF-8 (`LocaleEncoding`), else `ascii`.
  /// On the Linux console (`TERM=linux`) `half`: its fonts hold 256 or 512 glyphs, the block
  /// halves among them, sextants never.
  public static func preferred(environment: [String: String]) -> SymbolSet {
    guard LocaleEncoding.isUTF8(environment: environment) else { return .ascii }
    return environment["TERM"] == "linux" ? .half : .sextant
  }
}
