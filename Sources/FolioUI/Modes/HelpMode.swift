import FolioCore

/// The `?` overlay: the normal mode's key table in a box over the main view. As in less and
/// vim, the keys that move scroll it when it is taller than the box (`j k`, arrows, Space, `b`,
/// Ctrl-D, Ctrl-U, `g G`, the wheel), and any other key or a click closes it and does nothing
/// else: the key that closes the help is not also a command.
public struct HelpMode: OverlayMode {
  /// The keys it lists.
  public var keymap: Keymap
  /// The first line shown.
  public private(set) var top = 0

  /// Creates the overlay for `keymap`.
  public init(keymap: Keymap = .standard) { self.keymap = keymap }

  /// The help's lines at this screen, and how many show at once.
  private func extent(_ state: AppState) -> (lines: Int, shown: Int) {
    let box = HelpOverlay.box(in: state.areas.overlay)
    let lines = HelpOverlay(width: .approximate, keymap: keymap).lines(columns: box.columns)
    return (lines.count, min(box.rows, lines.count))
  }

  private mutating func scroll(by lines: Int, state: AppState) {
    let (count, shown) = extent(state)
    top = max(0, min(top + lines, count - shown))
  }

  public mutating func handle(_ key: Key, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    let page = max(1, extent(state).shown - 1)
    switch key {
    case .character("j"), .down: scroll(by: 1, state: state)
    case .character("k"), .up: scroll(by: -1, state: state)
    case .character(" "), .pageDown, .control("f"): scroll(by: page, state: state)
    case .character("b"), .pageUp, .control("b"): scroll(by: -page, state: state)
    case .control("d"): scroll(by: max(1, page / 2), state: state)
    case .control("u"): scroll(by: -max(1, page / 2), state: state)
    case .character("g"), .home: top = 0
    case .character("G"), .end: scroll(by: Int(Int32.max), state: state)
    default: return .close
    }
    return .handled
  }

  public mutating func handle(_ mouse: MouseEvent, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    switch mouse.kind {
    case .wheelUp: scroll(by: -3, state: state)
    case .wheelDown: scroll(by: 3, state: state)
    case .click, .doubleClick: return .close
    default: break
    }
    return .handled
  }

  public func draw(
    _ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth
  ) {
    HelpOverlay(width: width, keymap: keymap).draw(on: &screen, area: areas.overlay, top: top)
  }
}
