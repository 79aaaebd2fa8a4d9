import FolioCore

/// Browsing: the keymap's keys with vim-style counts, the mouse, the count's timer and the
/// signals that end or suspend the program. The bottom of the mode stack, always there. It
/// reads the state and returns intents: each action typed becomes `Intent.act`, decided by
/// `decide(_:count:in:)` when the root reaches it.
public struct NormalMode: InputMode {
  /// Which key does what.
  public var keymap: Keymap
  /// Digits typed towards a count.
  public private(set) var keys = KeySequence()

  /// Creates the mode for `keymap`.
  public init(keymap: Keymap = .standard) { self.keymap = keymap }

  /// What an action does: the intents, a mode to open, whether it ends the run of actions.
  struct Decision {
    var intents: [Intent] = []
    var opens: (any InputMode)?
    var stops = false
  }

  public mutating func handle(_ event: Event, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    switch event {
    case .input(.key(let key)):
      handle(key, state: state, intents: &intents)
      return .handled
    case .input(.mouse(let mouse))
    where mouse.isControlHeld && (mouse.kind == .press || mouse.kind == .click):
      // Ctrl+click: the source line of the text there (SyncTeX).
      if let (page, point) = state.pagePoint(at: mouse.position), state.view.mode != .grid {
        intents.append(
          .effects([.showSourceLine(PagePoint(page: page, x: point.x, y: point.y))]))
      }
      return .handled
    case .input(.mouse(let mouse)) where mouse.kind == .press && state.view.mode != .grid:
      // A drag over the pages selects text.
      return .open(TextSelectionMode(pressedAt: mouse.position, state: state))
    case .input(.mouse(let mouse)):
      intents.append(.useMouse(mouse))
      return .handled
    case .input(.signal(let signal)):
      intents.append(signal.endsProcess ? .quit(status: signal.exitStatus) : .suspend)
      return .handled
    case .timerFired(.count):
      // Typed digits waited long enough: a lone mode digit picks its mode, other counts lapse.
      intents += keys.timeOut(keymap: keymap).map { .act($0.0, count: $0.1) }
      return .handled
    default:
      return .pass
    }
  }

  private mutating func handle(_ key: Key, state: AppState, intents: inout [Intent]) {
    if key == .escape, state.picking.format != nil {
      // Esc ends a `--pick` session without printing, as in fzf.
      intents.append(.quit(status: AppState.pickCancelledStatus))
      return
    }
    let hadCount = keys.pendingCount != nil
    intents += keys.feed(key, keymap: keymap).map { .act($0.0, count: $0.1) }
    if keys.pendingCount != nil {
      intents.append(.effects([.startTimer(.count, after: .milliseconds(AppState.countTimeout))]))
    } else if hadCount {
      intents.append(.effects([.cancelTimer(.count)]))
    }
  }

  /// What `action` (typed `count` times) does in `state`.
  func decide(_ action: Action, count: Int?, in state: AppState) -> Decision {
    if let answer = LibraryKeys.answer(to: action, in: state) {
      switch answer {
      case .leave(let move): return Decision(intents: [.leave(move)], stops: true)
      case .explain(let text): return Decision(intents: [.say(text)])
      }
    }
    switch action {
    case .quit:
      let status = state.picking.format == nil ? 0 : AppState.pickCancelledStatus
      return Decision(intents: [.quit(status: status)], stops: true)
    case .open where state.picking.format != nil:
      return Decision(intents: [.finishPick(state.picking.format ?? .ranges)], stops: true)
    case .prompt:
      return Decision(opens: PromptMode(purpose: .goTo))
    case .searchPrompt:
      return Decision(opens: PromptMode(purpose: .search, previous: state.search.query))
    case .hitsPanel:
      guard state.search.isActive else { return Decision(intents: [.say("no search: / searches")]) }
      return Decision(opens: HitsPanelMode())
    case .outlinePanel:
      return Decision(opens: OutlinePanelMode(state: state))
    case .annotationsPanel:
      return Decision(opens: AnnotationsPanelMode(state: state))
    case .nextHit, .previousHit:
      // One jump for the whole count, as vim's 5n.
      let times = min(count ?? 1, 10_000)
      return Decision(intents: [.moveToHit(forward: action == .nextHit, times: times)])
    case .linkHints, .peekLink:
      let links = state.visibleLinks
      if !links.isEmpty {
        return Decision(
          opens: LinkHintsMode(links: links, purpose: action == .peekLink ? .peek : .follow))
      }
      if state.view.mode == .grid {
        return Decision(intents: [
          .say("links are followed in the page views: Enter opens the page")
        ])
      }
      return Decision(
        intents: [.say(state.isReadingLinks ? "reading the links…" : "no links on screen")])
    case .copyLink:
      guard state.navigation.shownLink != nil else {
        return Decision(intents: [.say("no link to copy: f follows one")])
      }
      return Decision(intents: [.copyShownLink])
    case .readingZoom:
      return Decision(intents: [.zoomForReading])
    case .selectText:
      guard state.view.mode != .grid else {
        return Decision(intents: [
          .say("text is selected in the page views: Enter opens the page, Y copies it")
        ])
      }
      return Decision(opens: TextSelectionMode(state: state))
    case .copyPage:
      return Decision(intents: [.copyPage])
    case .setMark:
      return Decision(opens: MarkMode(purpose: .set))
    case .goToMark:
      return Decision(opens: MarkMode(purpose: .go))
    case .jumpBack:
      return Decision(intents: [.jumpBack(count: max(1, min(count ?? 1, JumpList.capacity)))])
    case .jumpForward:
      return Decision(intents: [.jumpForward(count: max(1, min(count ?? 1, JumpList.capacity)))])
    case .toggleHelp:
      return Decision(opens: HelpMode(keymap: keymap))
    case .reload:
      return Decision(intents: [.reload])
    case .showSource:
      guard let point = state.sourcePointAtTop else {
        return Decision(intents: [.say("no page on screen to find the source of")])
      }
      return Decision(intents: [.effects([.showSourceLine(point)])])
    default:
      return Decision(intents: [.browse(action, count: count)])
    }
  }
}
