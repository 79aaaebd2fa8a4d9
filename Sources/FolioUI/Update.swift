import FolioCore

extension AppState {
  /// How long typed digits wait for the key they count, in milliseconds.
  public static let countTimeout = 700
  /// How long a status-line message stays.
  public static let messageDuration = Duration.seconds(4)
  /// How long the place must stay the same before it is saved.
  public static let placeSaveDelay = Duration.seconds(2)

  /// Applies one event; returns what the runtime must do, in order. Pure: everything the app
  /// does goes through here, and only here is the state changed.
  public mutating func update(_ event: Event) -> [Effect] {
    let placeBefore = remembersPlace ? place : nil
    let hadPanel = showsSidePanel
    let messagesBefore = messagesSaid
    var effects: [Effect] = []
    switch event {
    case .input(.key(let key)):
      message = nil
      dispatch(.key(key), effects: &effects)
    case .input(.mouse(let mouse)):
      dispatch(.mouse(mouse), effects: &effects)
    case .input(.resize(let size)):
      resize(to: size)
    case .input(.signal(.interrupt)) where modes.count > 1:
      // Ctrl-C in a prompt or over help cancels it, as in vim and the shells.
      if let prompt = modes.removeLast() as? PromptMode, prompt.purpose == .search {
        effects += [.cancelTimer(.searchDebounce)] + startSearch(prompt.previous)
      }
    case .input(.signal(let signal)):
      effects += signal.endsProcess ? quitting(status: signal.exitStatus) : savingPlace + [.suspend]
    case .pagesRead(let facts):
      learn(facts)
    case .renderProgress(let pending):
      pendingRenders = max(0, pending)
    case .timerFired(.count):
      if let normal = modes.first as? NormalMode {
        apply(normal.timeOut(state: &self, effects: &effects), passing: nil, effects: &effects)
      }
    case .timerFired(.message):
      message = nil
    case .timerFired(.savePlace):
      effects += savingPlace
    case .timerFired(.reloadDebounce), .timerFired(.reloadAtLatest):
      effects += reloadTimerFired()
    case .fileChanged:
      effects += noteFileChanged()
    case .documentReopened(let summary):
      effects += adopt(summary)
    case .reopenFailed(let reason):
      effects += noteReopenFailed(reason)
    case .timerFired(.searchDebounce):
      if let prompt = modes.last as? PromptMode, prompt.purpose == .search {
        effects += startSearch(prompt.text)
      }
    case .searchResults(let results):
      apply(results)
    case .hitRegions(let regions):
      apply(regions)
    case .hitLines(let lines):
      apply(lines)
    case .outlineRead(let outline):
      apply(outline)
    case .linksRead(let links):
      apply(links)
    case .contentBoxesRead(let boxes, let document):
      apply(contentBoxes: boxes, document: document)
    case .bodyTextRead(let page, let size, let document):
      apply(bodyText: size, of: page, document: document)
    case .problem(let problem):
      say(problem)
    }
    // A side panel that opened or closed takes or gives back the main view's columns.
    if showsSidePanel != hadPanel { relayout() }
    // An outline panel open over a reloaded document asks for the new version's outline.
    if modes.contains(where: { $0 is OutlinePanelMode }) { effects += askForOutline() }
    let isQuitting = effects.contains { if case .quit = $0 { return true } else { return false } }
    if let placeBefore, place != placeBefore, !isQuitting {
      effects.append(.startTimer(.savePlace, after: Self.placeSaveDelay))
    }
    if message != nil && messagesSaid != messagesBefore {
      effects.append(.startTimer(.message, after: Self.messageDuration))
    }
    let wants = pictureWants
    if wants != lastWants {
      lastWants = wants
      effects.append(.want(wants))
    }
    let regionWants = hitRegionWants
    if let regionWants, regionWants != lastRegionWants {
      effects.append(.wantHitRegions(regionWants))
    }
    lastRegionWants = regionWants
    let linkPages = linkWants
    if !linkPages.isEmpty, linkPages != lastLinkWants {
      effects.append(.wantLinks(linkPages))
    }
    lastLinkWants = linkPages
    let boxPages = contentBoxWants
    if !boxPages.isEmpty, boxPages != lastContentWants {
      effects.append(.wantContentBoxes(boxPages))
    }
    lastContentWants = boxPages
    return effects
  }

  /// What the runtime does before the first frame: ask for its pictures, and let a message
  /// from opening (a symbol set this terminal cannot draw) go after a while.
  public mutating func start() -> [Effect] {
    let wants = pictureWants
    lastWants = wants
    lastContentWants = contentBoxWants
    return [.want(wants)]
      + (lastContentWants.isEmpty ? [] : [.wantContentBoxes(lastContentWants)])
      + (message == nil ? [] : [.startTimer(.message, after: Self.messageDuration)])
  }

  /// Shows a one-line message on the status line for a few seconds.
  mutating func say(_ text: String) {
    message = TerminalText.sanitized(text)
    messagesSaid &+= 1
  }

  /// Saving the place (when remembered), then ending with `status` (and `output` written).
  func quitting(status: Int32, output: String? = nil) -> [Effect] {
    savingPlace + [.quit(status: status, output: output)]
  }

  var savingPlace: [Effect] { remembersPlace ? [.savePlace(place)] : [] }

  /// Input for the top mode.
  private enum ModeInput {
    case key(Key)
    case mouse(MouseEvent)
  }

  /// Hands input to the top mode and applies what it says becomes of it.
  private mutating func dispatch(_ input: ModeInput, effects: inout [Effect]) {
    guard var top = modes.popLast() else {
      modes = [NormalMode()]
      return
    }
    let change: ModeChange
    // The panel stays in the screen's areas while its mode handles input off the stack.
    sidePanelHandlesInput = top is any SidePanelMode
    switch input {
    case .key(let key): change = top.handle(key, state: &self, effects: &effects)
    case .mouse(let mouse): change = top.handle(mouse, state: &self, effects: &effects)
    }
    sidePanelHandlesInput = false
    modes.append(top)
    apply(change, passing: input, effects: &effects)
  }

  private mutating func apply(
    _ change: ModeChange, passing input: ModeInput?, effects: inout [Effect]
  ) {
    switch change {
    case .stay:
      break
    case .close:
      if modes.count > 1 { modes.removeLast() }
    case .closeAndPass:
      guard modes.count > 1 else { return }
      modes.removeLast()
      if let input { dispatch(input, effects: &effects) }
    case .open(let mode):
      modes.append(mode)
    }
  }
}
