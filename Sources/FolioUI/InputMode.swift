import FolioCore

/// One way keys are read: normal browsing, a prompt with a purpose, the help overlay, a focused
/// panel. Modes form a stack in `AppState`; the top one gets the input. A new mode is a new type
/// with its own key table, never a new branch in `update`.
public protocol InputMode: Sendable {
  /// Handles a key: may change the state and add effects; says what becomes of the mode.
  mutating func handle(_ key: Key, state: inout AppState, effects: inout [Effect]) -> ModeChange

  /// Handles a mouse action the same way. By default a mode ignores the mouse.
  mutating func handle(_ mouse: MouseEvent, state: inout AppState, effects: inout [Effect])
    -> ModeChange

  /// Draws what the mode shows over the views (a prompt on the status line, a box over the
  /// main view). By default nothing.
  func draw(_ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth)
}

/// A mode that shows a side panel (the hits, the outline): while one is open the main view
/// gives up the panel's columns (`ScreenAreas.sidePanel`), where the mode draws itself.
public protocol SidePanelMode: InputMode {}

/// What handling input does to the mode that handled it.
public enum ModeChange: Sendable {
  /// The mode stays on top.
  case stay
  /// The mode closes.
  case close
  /// The mode closes and the mode under it handles the same input.
  case closeAndPass
  /// A new mode opens on top of this one.
  case open(any InputMode)
}

extension InputMode {
  public mutating func handle(
    _ mouse: MouseEvent, state: inout AppState, effects: inout [Effect]
  ) -> ModeChange { .stay }

  public func draw(
    _ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth
  ) {}
}
