import FolioCore

/// The outline: asking for it, taking it when read.
extension AppState {
  /// Asks the runtime for the outline of the version shown, once, unless it is read.
  mutating func askForOutline() -> [Effect] {
    guard outline == nil, outlineAsked != documentVersion else { return [] }
    outlineAsked = documentVersion
    return [.wantOutline]
  }

  /// Takes the outline read for the version shown; an open outline panel shows it.
  mutating func apply(_ outline: DocumentOutline) {
    guard outline.document == documentVersion else { return }
    self.outline = outline
    guard let index = outlineIndex else { return }
    for position in modes.indices {
      guard var panel = modes[position] as? OutlinePanelMode else { continue }
      panel.adopt(index)
      modes[position] = panel
    }
  }
}
