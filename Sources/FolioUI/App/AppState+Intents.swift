import FolioCore

/// The root carries out what the modes ask (`Intent`), through the sub-states' own methods.
extension AppState {
  /// What applying intents did: the runtime's effects, a mode normal browsing opened, whether
  /// an intent ended the run of actions (a quit, a pick finished, a move to another document).
  struct Applied {
    var effects: [Effect] = []
    var opened: (any InputMode)?
    var stopped = false
  }

  /// Carries out `intents` in order; an action (`act`) is decided by normal browsing with the
  /// state the intents before it left, and the layout is remade after each.
  mutating func apply(_ intents: [Intent]) -> Applied {
    var applied = Applied()
    for intent in intents {
      if case .act(let action, let count) = intent {
        let decision = modes.normal.decide(action, count: count, in: self)
        let inner = apply(decision.intents)
        applied.effects += inner.effects
        if let opened = decision.opens ?? inner.opened { applied.opened = opened }
        // The next action (a lone digit's mode, then the key's own) sees the layout this one
        // made.
        refreshLayout()
        if decision.stops || inner.stopped {
          applied.stopped = true
          return applied
        }
        continue
      }
      let (effects, stops) = carryOut(intent)
      applied.effects += effects
      if stops {
        applied.stopped = true
        return applied
      }
    }
    return applied
  }

  /// Carries out one intent (not an action); returns its effects and whether it ends the run.
  private mutating func carryOut(_ intent: Intent) -> (effects: [Effect], stops: Bool) {
    switch intent {
    case .act: return ([], false)
    case .say(let text): say(text)
    case .effects(let effects): return (effects, false)
    case .browse(let action, let count): perform(action, count: count)
    case .useMouse(let mouse): handle(mouse)
    case .quit(let status): return (quitting(status: status), true)
    case .suspend: return (savingPlace + [.suspend], false)
    case .finishPick(let format): return (finishingPick(format), true)
    case .leave(let move): return (leaving(move), true)
    case .search(let query, let movesToFirstHit):
      return (startSearch(query, movesToFirstHit: movesToFirstHit), false)
    case .moveToHit(let forward, let times): moveToHit(forward: forward, times: times)
    case .showHit(let position): show(hit: position)
    case .jump(let destination): jump(to: destination)
    case .jumpToPage(let page): jump(toPage: page)
    case .jumpBack(let count): jumpBack(count: count)
    case .jumpForward(let count): jumpForward(count: count)
    case .returnToLastJump: returnToLastJump()
    case .setMark(let letter):
      navigation.mark(here, as: letter)
      say("mark \(letter) set on page \(document.label(of: view.currentPage))")
    case .follow(let link): follow(link)
    case .copyShownLink:
      let effects = copyingShownLink()
      say("link copied to the clipboard")
      return (effects, false)
    case .copyPage: return (copyCurrentPage(), false)
    case .copy(let text, let what): return (copying(text, what: what), false)
    case .reveal(let box, let page): reveal(box, on: page)
    case .zoomForReading: zoomForReading()
    case .reload: return (reopenDocument(), false)
    }
    return ([], false)
  }
}
