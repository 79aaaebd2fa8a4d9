/// How many colors the output may use, as named on the command line
/// (`--colors truecolor|256|16|none`).
public enum ColorMode: String, CaseIterable, Hashable, Sendable {
  /// 24-bit colors.
  case truecolor
  /// The xterm cube and gray ramp (palette entries 16–255).
  case palette256 = "256"
  /// The 16 ANSI colors.
  case ansi16 = "16"
  /// No colors at all: glyphs in the terminal's default colors.
  case none

  /// The default mode for an environment: `none` when `NO_COLOR` is set (to anything but the
  /// empty string, per no-color.org), `truecolor` when `COLORTERM` says `truecolor` or
  /// `24bit`, else `palette256`.
  public static func preferred(environment: [String: String]) -> ColorMode {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    switch environment["COLORTERM"]?.lowercased() {
    case "truecolor", "24bit": return .truecolor
    default: return .palette256
    }
  }

  /// The color a terminal in this mode should draw for an sRGB color; `default` for `none`.
  public func color(red: UInt8, green: UInt8, blue: UInt8) -> TerminalColor {
    switch self {
    case .truecolor: return .rgb(red, green, blue)
    case .palette256: return .indexed(Palette.nearest256(red: red, green: green, blue: blue))
    case .ansi16:
      return .indexed(Palette.nearest(to: (Int(red), Int(green), Int(blue)), among: 16))
    case .none: return .default
    }
  }
}

extension TerminalColor {
  /// This color as a terminal in `mode` can show it: 24-bit colors become palette entries in
  /// the palette modes, palette entries above 15 become ANSI colors in `ansi16`, and every
  /// color becomes `default` in `none`.
  public func quantized(for mode: ColorMode) -> TerminalColor {
    switch (self, mode) {
    case (.default, _), (_, .truecolor): return self
    case (_, .none): return .default
    case (.rgb(let red, let green, let blue), _):
      return mode.color(red: red, green: green, blue: blue)
    case (.indexed(let index), .ansi16) where index > 15:
      return .indexed(Palette.nearest16(index: index, limit: 16))
    case (.indexed, _): return self
    }
  }
}
