/// How a terminal is shown page pictures as pixels: kitty's graphics protocol, sixel, or
/// iTerm2's inline images.
public enum PixelProtocol: String, CaseIterable, Hashable, Sendable {
  case kitty, sixel, iterm2
}

/// What `--pixels` (and `pixels =` in the config file) asks for: what the terminal is found to
/// show (`auto`), block art only (`off`), or one protocol.
public enum PixelsSetting: String, CaseIterable, Hashable, Sendable {
  case auto, off, kitty, sixel, iterm2

  /// The protocol asked for by name, if one is.
  public var named: PixelProtocol? { PixelProtocol(rawValue: rawValue) }
}
