import FolioCore

extension TextSelectionMode {
  /// `P` in text selection: a peek at where the link under the cursor's word leads (the
  /// selection stays beneath it), else at what the citation or figure number the word is part
  /// of names ("[12]", "Figure 3"); says so when neither is there.
  func peek(state: AppState, intents: inout [Intent]) -> ModeResponse {
    guard let position = cursor, let words = state.document.texts[position.page],
      words.words.indices.contains(position.word)
    else {
      intents.append(.say("reading the text…"))
      return .handled
    }
    let box = words.words[position.word].box
    let centre = (x: box.x + box.width / 2, y: box.y + box.height / 2)
    let links = state.document.links[position.page] ?? []
    let under = links.first { link in
      let area = link.area
      return centre.x >= area.x && centre.x <= area.x + area.width && centre.y >= area.y
        && centre.y <= area.y + area.height
    }
    guard let under else {
      // No link: a citation or a figure's number found by its label in the text.
      if let label = PeekLabel.parse(words, at: position.word, on: position.page) {
        return .open(PeekMode(label: label))
      }
      intents.append(
        .say(state.document.links[position.page] == nil ? "reading the links…" : "no link here"))
      return .handled
    }
    guard let peek = PeekMode(link: under) else {
      if case .uri(let uri) = under.target {
        intents.append(.say("leads out of the document: \(TerminalText.sanitized(uri))"))
      }
      return .handled
    }
    return .open(peek)
  }
}
