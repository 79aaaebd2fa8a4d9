/// A color as a terminal draws it: the terminal's own default, an indexed palette entry
/// (0–15 ANSI, 16–255 the xterm cube and gray ramp) or a 24-bit color.
public enum TerminalColor: Hashable, Sendable {
  /// The terminal's default foreground or background.
  case `default`
  /// An entry of the terminal's 256-color palette.
  case indexed(UInt8)
  /// A direct 24-bit color.
  case rgb(UInt8, UInt8, UInt8)

  /// Creates a 24-bit color from an `RGBA` value (alpha ignored).
  public init(_ color: RGBA) { self = .rgb(color.red, color.green, color.blue) }
}
