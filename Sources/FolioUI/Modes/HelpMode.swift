import FolioCore

/// The `?` overlay: the normal mode's key table in a box over the main view. Esc, `?` and `q`
/// close it; any other key closes it and does what it does; a click closes it.
public struct HelpMode: OverlayMode {
  /// The keys it lists.
  public var keymap: Keymap

  /// Creates the overlay for `keymap`.
  public init(keymap: Keymap = .standard) { self.keymap = keymap }

  public mutating func handle(_ key: Key, state: inout AppState, effects: inout [Effect])
    -> ModeResponse
  {
    [.escape, .character("?"), .character("q")].contains(key) ? .close : .closeAndPass
  }

  public mutating func handle(_ mouse: MouseEvent, state: inout AppState, effects: inout [Effect])
    -> ModeResponse
  {
    mouse.kind == .click || mouse.kind == .doubleClick ? .close : .handled
  }

  public func draw(
    _ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth
  ) {
    HelpOverlay(width: width, keymap: keymap).draw(on: &screen, area: areas.overlay)
  }
}
