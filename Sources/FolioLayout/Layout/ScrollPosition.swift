import FolioCore

/// Where a page should end up in the viewport when a layout is asked to show it, along the
/// scrolling axis. "Start" and "end" follow the reading direction: in a right-to-left horizontal
/// layout the start is the right edge.
public enum ScrollPosition: Hashable, Sendable, CaseIterable {
  /// The page's leading edge at the viewport's leading edge.
  case start
  /// The page's center at the viewport's center.
  case center
  /// The page's trailing edge at the viewport's trailing edge.
  case end
  /// The least scrolling that shows the whole page (its leading edge first when it does not
  /// fit); no scrolling when it is already wholly visible.
  case nearest
}
