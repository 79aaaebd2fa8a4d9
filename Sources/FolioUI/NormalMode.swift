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
    if key == .escape, state.picking != nil {
      // Esc ends a `--pick` session without printing, as in fzf.
      effects += state.quitting(status: AppState.pickCancelledStatus)
      return .stay
    }
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
        effects += state.quitting(status: state.picking == nil ? 0 : AppState.pickCancelledStatus)
        return .stay
      case .open where state.picking != nil:
        effects += state.finishingPick(state.picking ?? .ranges)
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
        // One jump for the whole count, as vim's 5n.
        state.moveToHit(forward: action == .nextHit, times: min(count ?? 1, 10_000))
      case .linkHints:
        let links = state.visibleLinks
        if !links.isEmpty {
          change = .open(LinkHintsMode(links: links))
        } else if state.mode == .grid {
          state.say("links are followed in the page views: Enter opens the page")
        } else {
          state.say(state.isReadingLinks ? "reading the links…" : "no links on screen")
        }
      case .copyLink:
        if state.shownLink == nil {
          state.say("no link to copy: f follows one")
        } else {
          effects += state.copyingShownLink()
          state.say("link copied to the clipboard")
        }
      case .readingZoom:
        effects += state.zoomForReading()
      case .setMark:
        change = .open(MarkMode(purpose: .set))
      case .goToMark:
        change = .open(MarkMode(purpose: .go))
      case .jumpBack:
        state.jumpBack(count: max(1, min(count ?? 1, JumpList.capacity)))
      case .jumpForward:
        state.jumpForward(count: max(1, min(count ?? 1, JumpList.capacity)))
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
