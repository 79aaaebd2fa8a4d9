import FolioCore

/// The one writer of the state: `update` takes an event in three steps — the sub-state that
/// owns the event's facts takes them, the event goes down the mode stack, and the layouts are
/// remade if what they are made from changed — and returns what the runtime must do.
extension AppState {
  /// How long typed digits wait for the key they count, in milliseconds.
  public static let countTimeout = 700
  /// How long a status-line message stays.
  public static let messageDuration = Duration.seconds(4)
  /// How long the place must stay the same before it is saved.
  public static let placeSaveDelay = Duration.seconds(2)

  /// Applies one event; returns what the runtime must do, in order. Pure: everything the app
  /// does goes through here, and only here is the state changed. What the screen needs of the
  /// runtime (pictures, links, hit boxes…) is not an effect: it is `demands`, read after each
  /// update.
  public mutating func update(_ event: Event) -> [Effect] {
    let placeBefore = settings.remembersPlace ? place : nil
    let messagesBefore = status.messagesSaid
    var effects: [Effect] = []
    take(event, effects: &effects)
    route(event, effects: &effects)
    refreshLayout()
    let isQuitting = effects.contains { if case .quit = $0 { return true } else { return false } }
    if let placeBefore, place != placeBefore, !isQuitting {
      effects.append(.startTimer(.savePlace, after: Self.placeSaveDelay))
    }
    if status.message != nil && !status.messageStays && status.messagesSaid != messagesBefore {
      effects.append(.startTimer(.message, after: Self.messageDuration))
    }
    return effects
  }

  /// What the runtime does before the first frame besides meeting the demands: let a message
  /// from opening (a symbol set this terminal cannot draw) go after a while.
  public var startingEffects: [Effect] {
    status.message == nil || status.messageStays
      ? [] : [.startTimer(.message, after: Self.messageDuration)]
  }

  /// The sub-state that owns `event`'s facts takes them (keys and mouse have none: they are
  /// the modes').
  private mutating func take(_ event: Event, effects: inout [Effect]) {
    switch event {
    case .input(.key):
      status.noteKey()
    case .input(.resize(let size)):
      terminal.resize(to: size)
    case .input(.mouse), .input(.signal), .timerFired(.count), .timerFired(.searchDebounce):
      break
    case .pagesRead(let facts):
      document.take(facts)
    case .labelFixed(let page, let label):
      document.fixLabel(label, of: page)
    case .renderProgress(let pending):
      status.track(pendingRenders: pending)
    case .timerFired(.message):
      status.expireMessage()
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
    case .searchResults(let results):
      apply(results)
    case .hitRegions(let regions):
      apply(regions)
    case .hitLines(let lines):
      apply(lines)
    case .outlineRead(let outline):
      document.take(outline)
    case .headingsRead(let headings):
      takeHeadings(headings)
    case .linksRead(let links):
      document.take(links)
    case .annotationsRead(let batch):
      document.take(batch)
    case .contentBoxesRead(let boxes, let version):
      document.take(contentBoxes: boxes, document: version)
    case .bodyTextRead(let page, let size, let version):
      apply(bodyText: size, of: page, document: version)
    case .pageTextRead(let page, let text, let version):
      document.take(text: text, of: page, document: version)
      takeReadingText(of: page, document: version)
      effects += copyPendingPage()
    case .problem(let problem):
      say(problem)
    case .pixelsAvailable:
      drawing.makePixelsAvailable()
    case .pixelsUnavailable(let reason):
      drawing.notePixelsUnavailable(reason)
    case .restorePlace(let place):
      restore(place)
    case .find(let query):
      effects += startSearch(query, movesToFirstHit: true)
    case .findHit(let query, let hit):
      // The hit's page first (searched first, from there), then the hit on it.
      jump(toPage: hit.page)
      effects += startSearch(query, movesToFirstHit: true)
      search.awaitHit(hit)
    case .startPicking(let format):
      startPicking(format)
    case .remote(let command):
      effects += perform(command)
    case .timerFired(.sourceMarks):
      navigation.unmarkSource()
    }
  }

  /// Hands `event` to the modes, the top one first, until one handles it or closes.
  private mutating func route(_ event: Event, effects: inout [Effect]) {
    var index = modes.overlayCount - 1
    while index >= 0 {
      var mode = modes.overlay(at: index)
      var intents: [Intent] = []
      let response = mode.handle(event, state: self, intents: &intents)
      if !intents.isEmpty {
        effects += apply(intents).effects
        mode.catchUp(with: self)
      }
      modes.replaceOverlay(at: index, with: mode)
      switch response {
      case .handled:
        return
      case .pass:
        index -= 1
      case .close:
        modes.closeOverlay(at: index)
        return
      case .closeAndPass:
        modes.closeOverlay(at: index)
        index -= 1
      case .open(let opened):
        modes.open(opened)
        return
      case .replace(let replacement):
        modes.closeOverlay(at: index)
        modes.open(replacement)
        return
      }
    }
    var normal = modes.normal
    var intents: [Intent] = []
    let response = normal.handle(event, state: self, intents: &intents)
    modes.replaceNormal(with: normal)
    let applied = apply(intents)
    effects += applied.effects
    if case .open(let opened) = response {
      modes.open(opened)
    } else if let opened = applied.opened {
      modes.open(opened)
    }
  }

  /// Saving the place (when remembered), then ending with `status` (and `output` written).
  func quitting(status: Int32, output: String? = nil) -> [Effect] {
    savingPlace + [.quit(status: status, output: output)]
  }

  /// Saving the place (when remembered), then leaving for another document of the library.
  func leaving(_ move: LibraryMove) -> [Effect] { savingPlace + [.leave(move)] }

  var savingPlace: [Effect] { settings.remembersPlace ? [.savePlace(place)] : [] }
}
