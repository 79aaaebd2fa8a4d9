import FolioCore

/// Browsing: the keymap's keys with vim-style counts, the mouse, the count's timer and the
/// signals that end or suspend the program. The bottom of the mode stack, always there.
public struct NormalMode: InputMode {
  /// Which key does what.
  public var keymap: Keymap
  /// Digits typed towards a count.
  public private(set) var keys = KeySequence()

  /// Creates the mode for `keymap`.
  public init(keymap: Keymap = .standard) { self.keymap = keymap }

  public mutating func handle(_ event: Event, state: inout AppState, effects: inout [Effect])
    -> ModeResponse
  {
    switch event {
    case .input(.key(let key)):
      return handle(key, state: &state, effects: &effects)
    case .input(.mouse(let mouse)) where mouse.kind == .press && state.view.mode != .grid:
      // A drag over the pages selects text.
      return .open(TextSelectionMode(pressedAt: mouse.position, state: state))
    case .input(.mouse(let mouse)):
      state.handle(mouse)
      return .handled
    case .input(.signal(let signal)):
      effects +=
        signal.endsProcess
        ? state.quitting(status: signal.exitStatus) : state.savingPlace + [.suspend]
      return .handled
    case .timerFired(.count):
      // Typed digits waited long enough: a lone mode digit picks its mode, other counts lapse.
      return perform(keys.timeOut(keymap: keymap), state: &state, effects: &effects)
    default:
      return .pass
    }
  }

  private mutating func handle(_ key: Key, state: inout AppState, effects: inout [Effect])
    -> ModeResponse
  {
    if key == .escape, state.picking.format != nil {
      // Esc ends a `--pick` session without printing, as in fzf.
      effects += state.quitting(status: AppState.pickCancelledStatus)
      return .handled
    }
    let hadCount = keys.pendingCount != nil
    let actions = keys.feed(key, keymap: keymap)
    let response = perform(actions, state: &state, effects: &effects)
    if keys.pendingCount != nil {
      effects.append(.startTimer(.count, after: .milliseconds(AppState.countTimeout)))
    } else if hadCount {
      effects.append(.cancelTimer(.count))
    }
    return response
  }

  private func perform(
    _ actions: [(Action, Int?)], state: inout AppState, effects: inout [Effect]
  ) -> ModeResponse {
    var response = ModeResponse.handled
    for (action, count) in actions {
      if let answer = LibraryKeys.answer(to: action, in: state) {
        effects += state.apply(answer)
        if case .leave = answer { return .handled }
        continue
      }
      switch action {
      case .quit:
        let status = state.picking.format == nil ? 0 : AppState.pickCancelledStatus
        effects += state.quitting(status: status)
        return .handled
      case .open where state.picking.format != nil:
        effects += state.finishingPick(state.picking.format ?? .ranges)
        return .handled
      case .prompt:
        response = .open(PromptMode(purpose: .goTo))
      case .searchPrompt:
        response = .open(PromptMode(purpose: .search, previous: state.search.query))
      case .hitsPanel:
        if state.search.isActive {
          response = .open(HitsPanelMode())
        } else {
          state.say("no search: / searches")
        }
      case .outlinePanel:
        response = .open(OutlinePanelMode(state: state))
      case .nextHit, .previousHit:
        // One jump for the whole count, as vim's 5n.
        state.moveToHit(forward: action == .nextHit, times: min(count ?? 1, 10_000))
      case .linkHints:
        let links = state.visibleLinks
        if !links.isEmpty {
          response = .open(LinkHintsMode(links: links))
        } else if state.view.mode == .grid {
          state.say("links are followed in the page views: Enter opens the page")
        } else {
          state.say(state.isReadingLinks ? "reading the links…" : "no links on screen")
        }
      case .copyLink:
        if state.navigation.shownLink == nil {
          state.say("no link to copy: f follows one")
        } else {
          effects += state.copyingShownLink()
          state.say("link copied to the clipboard")
        }
      case .readingZoom:
        state.zoomForReading()
      case .selectText:
        if state.view.mode == .grid {
          state.say("text is selected in the page views: Enter opens the page, Y copies it")
        } else {
          response = .open(TextSelectionMode(state: state))
        }
      case .copyPage:
        effects += state.copyCurrentPage()
      case .setMark:
        response = .open(MarkMode(purpose: .set))
      case .goToMark:
        response = .open(MarkMode(purpose: .go))
      case .jumpBack:
        state.jumpBack(count: max(1, min(count ?? 1, JumpList.capacity)))
      case .jumpForward:
        state.jumpForward(count: max(1, min(count ?? 1, JumpList.capacity)))
      case .toggleHelp:
        response = .open(HelpMode(keymap: keymap))
      case .reload:
        effects += state.reopenDocument()
      default:
        state.perform(action, count: count)
      }
      // The next action (a lone digit's mode, then the key's own) sees the layout this one
      // made.
      state.refreshLayout()
    }
    return response
  }
}
