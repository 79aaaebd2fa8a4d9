import FolioCore

/// The input modes, bottom first: normal browsing (always there, typed, so its counts and
/// keymap are at hand), then whatever opened over it. Only the routing of events in
/// `AppState.update` changes it.
public struct ModeStack: Sendable {
  /// Normal browsing, the bottom of the stack.
  public private(set) var normal: NormalMode
  /// The modes opened over it, the top one last.
  public private(set) var overlays: [any InputMode] = []

  /// A stack of just `normal`.
  init(normal: NormalMode) { self.normal = normal }

  /// Every mode, bottom first.
  public var all: [any InputMode] { [normal] + overlays }

  /// The top mode.
  public var top: any InputMode { overlays.last ?? normal }

  /// How many modes are open over normal browsing.
  public var overlayCount: Int { overlays.count }

  /// What the open modes need together.
  public var needs: ModeNeeds { overlays.reduce(into: ModeNeeds()) { $0.formUnion($1.needs) } }

  /// Whether an open mode shows a side panel.
  public var showsSidePanel: Bool { needs.contains(.sidePanel) }

  /// The overlay at `index` (0: the lowest).
  func overlay(at index: Int) -> any InputMode { overlays[index] }

  /// Puts back the overlay at `index` after it handled an event.
  mutating func replaceOverlay(at index: Int, with mode: any InputMode) { overlays[index] = mode }

  /// Closes the overlay at `index`.
  mutating func closeOverlay(at index: Int) { overlays.remove(at: index) }

  /// Opens `mode` on top.
  mutating func open(_ mode: any InputMode) { overlays.append(mode) }

  /// Puts back normal browsing after it handled an event.
  mutating func replaceNormal(with mode: NormalMode) { normal = mode }
}
