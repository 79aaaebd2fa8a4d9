import FolioCore

/// One way events are taken: normal browsing, a prompt with a purpose, the help overlay, a
/// focused panel, link hints. Modes form a stack (`ModeStack`); every event goes to the top
/// mode first, which handles it, passes it down, or closes — keys, mouse, signals, timers and
/// the runtime's answers alike. A new mode is a new type with its own key table, never a new
/// branch in `update`.
public protocol InputMode: Sendable {
  /// Handles an event that reached this mode: reads the state and adds the intents the root
  /// carries out (a mode never writes the state); says whether the event goes on down the
  /// stack and what becomes of the mode. The state's sub-states have already taken the
  /// event's facts (a read outline is in `state.document`).
  mutating func handle(_ event: Event, state: AppState, intents: inout [Intent])
    -> ModeResponse

  /// After the root carried out the intents this mode returned: the mode follows what they
  /// did (the hit moved to, the place a jump led to). By default nothing.
  mutating func catchUp(with state: AppState)

  /// Draws what the mode shows over the views (a prompt on the status line, a box over the
  /// main view, a side panel). By default nothing.
  func draw(_ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth)

  /// What the mode needs while it is open: a side panel's columns, the outline, the hits'
  /// lines. By default nothing.
  var needs: ModeNeeds { get }
}

/// What an open mode needs of the screen and the runtime.
public struct ModeNeeds: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The side panel's columns (the main view gives them up).
  public static let sidePanel = ModeNeeds(rawValue: 1)
  /// The document's outline, read.
  public static let outline = ModeNeeds(rawValue: 2)
  /// Every hit's line of context.
  public static let hitLines = ModeNeeds(rawValue: 4)
  /// The text of the pages on screen, with its characters' boxes.
  public static let pageText = ModeNeeds(rawValue: 8)
  /// Every annotation of the document (the annotations panel).
  public static let annotations = ModeNeeds(rawValue: 16)
}

/// What handling an event does to the event and to the mode that handled it.
public enum ModeResponse: Sendable {
  /// The event stops here; the mode stays on top.
  case handled
  /// The event goes on to the mode below; the mode stays.
  case pass
  /// The event stops here; the mode closes.
  case close
  /// The mode closes and the event goes on to the mode below.
  case closeAndPass
  /// The event stops here; a new mode opens on top.
  case open(any InputMode)
  /// The event stops here; the mode closes and another opens in its place (the selection
  /// giving way to its note's prompt).
  case replace(with: any InputMode)
}

extension InputMode {
  public mutating func catchUp(with state: AppState) {}

  public func draw(
    _ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth
  ) {}

  public var needs: ModeNeeds { [] }
}

/// The modes over normal browsing handle their keys and swallow the mouse; Ctrl-C closes
/// them (as in vim and the shells); everything else goes down the stack.
public protocol OverlayMode: InputMode {
  /// Handles a key.
  mutating func handle(_ key: Key, state: AppState, intents: inout [Intent])
    -> ModeResponse
  /// Handles a mouse action; by default the mouse does nothing while the mode is open.
  mutating func handle(_ mouse: MouseEvent, state: AppState, intents: inout [Intent])
    -> ModeResponse
  /// Ctrl-C: by default the mode closes.
  mutating func interrupt(state: AppState, intents: inout [Intent]) -> ModeResponse
}

extension OverlayMode {
  public mutating func handle(_ event: Event, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    switch event {
    case .input(.key(let key)): return handle(key, state: state, intents: &intents)
    case .input(.mouse(let mouse)): return handle(mouse, state: state, intents: &intents)
    case .input(.signal(.interrupt)): return interrupt(state: state, intents: &intents)
    default: return .pass
    }
  }

  public mutating func handle(
    _ mouse: MouseEvent, state: AppState, intents: inout [Intent]
  ) -> ModeResponse { .handled }

  public mutating func interrupt(state: AppState, intents: inout [Intent]) -> ModeResponse {
    .close
  }
}
