import FolioCore

/// Commands from outside (`RemoteCommand`): carried out through the intents keys use.
extension AppState {
  /// How long the boxes of a forward search stay marked.
  public static let sourceMarkDuration = Duration.seconds(3)

  /// Carries out `command`; returns the runtime's effects.
  mutating func perform(_ command: RemoteCommand) -> [Effect] {
    switch command {
    case .act(let action, let count):
      let applied = apply([.act(action, count: count)])
      if let opened = applied.opened { modes.open(opened) }
      return applied.effects
    case .goTo(let page):
      return apply([.jumpToPage(document.clamped(page))]).effects
    case .showSource(let marks):
      let marks = marks.filter { $0.page.rawValue >= 0 && $0.page.rawValue < document.pageCount }
      guard let first = marks.first else {
        say("SyncTeX names no box of this document")
        return []
      }
      // The grid shows no boxes: the page is shown in the continuous view.
      var intents: [Intent] = view.mode == .grid ? [.browse(.show(.continuous), count: nil)] : []
      intents += [.jump(to: Destination(page: first.page)), .reveal(first.region, on: first.page)]
      let effects = apply(intents).effects
      navigation.markSource(marks)
      return effects + [.startTimer(.sourceMarks, after: Self.sourceMarkDuration)]
    }
  }
}
