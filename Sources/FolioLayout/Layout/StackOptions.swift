import FolioCore

/// The scrolling axis of a stack layout.
public enum StackAxis: Hashable, Sendable, CaseIterable {
  /// Spreads follow downwards.
  case vertical
  /// Spreads follow sideways: rightwards when bound left to right, leftwards otherwise.
  case horizontal

  /// The progression of a stack on this axis for `binding`.
  public func progression(for binding: Binding) -> LayoutProgression {
    switch self {
    case .vertical: return .topToBottom
    case .horizontal: return binding == .leftToRight ? .leftToRight : .rightToLeft
    }
  }
}

/// The options of a continuous stack: every spread one after another, scrolled freely.
public struct ContinuousOptions: Hashable, Sendable {
  /// The scrolling axis.
  public var axis: StackAxis
  /// Spread mode, shift and binding.
  public var spreadStyle: SpreadStyle
  /// The zoom of the whole document; 1 fits spreads to the viewport's width (vertical) or
  /// height (horizontal).
  public var zoom: ZoomScale
  /// The spacing between spreads.
  public var gutter: Gutter

  /// Creates continuous options; the default is a vertical stack of single pages at zoom 1.
  public init(
    axis: StackAxis = .vertical, spreadStyle: SpreadStyle = SpreadStyle(), zoom: ZoomScale = .fit,
    gutter: Gutter = .standard
  ) {
    self.axis = axis
    self.spreadStyle = spreadStyle
    self.zoom = zoom
    self.gutter = gutter
  }
}

/// The options of a per-spread stack: one spread at a time fitted to the viewport and centered,
/// paged through.
public struct PerSpreadOptions: Hashable, Sendable {
  /// The paging axis.
  public var axis: StackAxis
  /// Spread mode, shift and binding.
  public var spreadStyle: SpreadStyle
  /// The zoom of the current spread, if it is zoomed in; the other spreads stay fitted. Reset it
  /// (or move it) when paging to another spread.
  public var zoom: SpreadZoom?
  /// The spacing between the viewport-sized slots of consecutive spreads.
  public var gutter: Gutter

  /// Creates per-spread options; the default pages single pages horizontally, unzoomed.
  public init(
    axis: StackAxis = .horizontal, spreadStyle: SpreadStyle = SpreadStyle(),
    zoom: SpreadZoom? = nil, gutter: Gutter = .standard
  ) {
    self.axis = axis
    self.spreadStyle = spreadStyle
    self.zoom = zoom
    self.gutter = gutter
  }
}
