/// Whether the text layer is drawn: where legible, always, or never.
public enum TextLayerMode: String, Hashable, Sendable, CaseIterable {
  /// Text where its glyphs are about a cell tall and wide at this size.
  case auto
  /// All text, the smallest too.
  case on
  /// Block art only.
  case off

  /// auto → on → off → auto, for `t`.
  public var next: TextLayerMode {
    switch self {
    case .auto: return .on
    case .on: return .off
    case .off: return .auto
    }
  }
}
