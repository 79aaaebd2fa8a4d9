import FolioCore

/// Browsing: the keymap's keys with vim-style counts, and the mouse. The bottom of the mode
/// stack, always there.
public struct NormalMode: InputMode {
  /// Which key does what.
  public var keymap: Keymap

  /// Creates the mode for `keymap`.
  public init(keymap: Keymap = .standard) { self.keymap = keymap }

  public mutating func handle(_ key: Key, state: inout AppState, effects: inout [Effect])
    -> ModeChange
  {
    let hadCount = state.keys.pendingCount != nil
    let actions = state.keys.feed(key, keymap: keymap)
    let change = perform(actions, state: &state, effects: &effects)
    if state.keys.pendingCount != nil {
      effects.append(.startTimer(.count, after: .milliseconds(AppState.countTimeout)))
    } else if hadCount {
      effects.append(.cancelTimer(.count))
    }
    return change
  }

  public mutating func handle(_ mouse: MouseEvent, state: inout AppState, effects: inout [Effect])
    -> ModeChange
  {
    state.handle(mouse)
    return .stay
  }

  /// Typed digits waited long enough: a lone mode digit picks its mode, other counts lapse.
  func timeOut(state: inout AppState, effects: inout [Effect]) -> ModeChange {
    perform(state.keys.timeOut(keymap: keymap), state: &state, effects: &effects)
  }

  private func perform(
    _ actions: [(Action, Int?)], state: inout AppState, effects: inout [Effect]
  ) -> ModeChange {
    var change = ModeChange.stay
    for (action, count) in actions {
      switch action {
      case .quit:
        effects += state.quitting(status: 0)
        return .stay
      case .prompt:
        change = .open(PromptMode(purpose: .goTo))
      case .searchPrompt:
        change = .open(PromptMode(purpose: .search, previous: state.search.query))
      case .hitsPanel:
        if state.search.isActive {
          effects.append(.wantHitLines)
          change = .open(HitsPanelMode())
        } else {
          state.say("no search: / searches")
        }
      case .outlinePanel:
        effects += state.askForOutline()
        change = .open(OutlinePanelMode(state: state))
      case .nextHit, .previousHit:
        for _ in 0..<max(1, min(count ?? 1, 10_000)) {
          state.moveToHit(forward: action == .nextHit)
        }
      case .toggleHelp:
        change = .open(HelpMode(keymap: keymap))
      case .reload:
        effects += state.reopenDocument()
      default:
        state.perform(action, count: count)
      }
    }
    return change
  }
}
