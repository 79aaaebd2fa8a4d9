import FolioCore

/// A line typed on the status line, for a purpose: going to a page (`:`) or searching (`/`, as
/// you type). Its own key table edits the line; Enter hands it to the purpose.
public struct PromptMode: OverlayMode {
  /// What the typed line is for.
  public enum Purpose: Hashable, Sendable {
    /// A page number or label to go to.
    case goTo
    /// Text to search for; the search follows the typing.
    case search
    /// The note of highlights over the selection (`N` in text selection), written with them.
    case note([MarkRequest])
    /// The new note of an annotation (`e` in the annotations panel); empty removes it.
    case editNote(DocumentAnnotation)

    /// What the prompt starts with on the status line.
    var lead: String {
      switch self {
      case .goTo: return ":"
      case .search: return "/"
      case .note, .editNote: return "note: "
      }
    }

    /// The longest line it takes, in characters.
    var maximumLength: Int {
      switch self {
      case .note, .editNote: return PromptMode.noteLength
      case .goTo, .search: return PromptMode.maximumLength
      }
    }
  }

  /// What a key does to the line.
  enum Edit: Hashable, Sendable {
    case submit, cancel, deleteBackward, clear, deleteWord
  }

  /// The prompt's keys (printable characters are typed).
  static let keys: [Key: Edit] = [
    .enter: .submit, .escape: .cancel, .control("c"): .cancel, .control("g"): .cancel,
    .backspace: .deleteBackward, .control("h"): .deleteBackward, .control("u"): .clear,
    .control("w"): .deleteWord,
  ]

  /// The longest line accepted, in characters.
  public static let maximumLength = 64
  /// The longest note typed.
  public static let noteLength = 2000

  /// The purpose.
  public let purpose: Purpose
  /// What is typed so far.
  public private(set) var text = ""
  /// For a search: the query in force when the prompt opened, which Esc brings back.
  public let previous: String

  /// Opens a prompt for `purpose` with `text` typed (a note being edited); a search prompt
  /// remembers the `previous` query.
  public init(purpose: Purpose, previous: String = "", text: String = "") {
    self.purpose = purpose
    self.previous = previous
    self.text = String(text.prefix(purpose.maximumLength))
  }

  public mutating func handle(_ event: Event, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    switch event {
    case .timerFired(.searchDebounce) where purpose == .search:
      // Typing paused: search for what is typed so far.
      intents.append(.search(text, movesToFirstHit: false))
      return .handled
    case .input(.key(let key)):
      return handle(key, state: state, intents: &intents)
    case .input(.mouse):
      return .handled
    case .input(.signal(.interrupt)):
      return interrupt(state: state, intents: &intents)
    default:
      return .pass
    }
  }

  public mutating func handle(_ key: Key, state: AppState, intents: inout [Intent])
    -> ModeResponse
  {
    let before = text
    let stays = edit(key)
    if !stays {
      if Self.keys[key] == .submit {
        submit(in: state, intents: &intents)
      } else {
        cancel(in: state, intents: &intents)
      }
      return .close
    }
    if purpose == .search && text != before {
      intents.append(.effects([.startTimer(.searchDebounce, after: AppState.searchDebounce)]))
    }
    return .handled
  }

  /// Ctrl-C cancels the prompt, as Esc does.
  public mutating func interrupt(state: AppState, intents: inout [Intent]) -> ModeResponse {
    cancel(in: state, intents: &intents)
    return .close
  }

  /// The prompt closes without acting: a search goes back to the query in force when it
  /// opened.
  private func cancel(in state: AppState, intents: inout [Intent]) {
    guard purpose == .search else { return }
    intents.append(.effects([.cancelTimer(.searchDebounce)]))
    intents.append(.search(previous, movesToFirstHit: false))
  }

  /// Applies an editing key to the line; says whether the prompt stays open.
  private mutating func edit(_ key: Key) -> Bool {
    if case .character(let character) = key {
      if text.count < purpose.maximumLength { text.append(character) }
      return true
    }
    switch Self.keys[key] {
    case .submit, .cancel:
      return false
    case .deleteBackward:
      if text.isEmpty { return false }
      text.removeLast()
    case .clear:
      text = ""
    case .deleteWord:
      while text.last == " " { text.removeLast() }
      while let last = text.last, last != " " { text.removeLast() }
    case nil:
      break
    }
    return true
  }

  /// Enter: a search goes to its first hit; a go-to goes to the page it names.
  private func submit(in state: AppState, intents: inout [Intent]) {
    let target = text
    if purpose == .search {
      intents.append(.effects([.cancelTimer(.searchDebounce)]))
      intents.append(.search(target, movesToFirstHit: !target.isEmpty))
      return
    }
    if case .note(let marks) = purpose {
      // An empty note writes the highlights alone, and no sticky note.
      let note = target.isEmpty ? nil : target
      if note == nil && marks.contains(where: { $0.kind == .note }) { return }
      intents.append(
        .effects([
          .markUp(
            marks.map { MarkRequest(page: $0.page, kind: $0.kind, lines: $0.lines, note: note) })
        ]))
      return
    }
    if case .editNote(let annotation) = purpose {
      // Unchanged: nothing to write.
      guard target != (annotation.note ?? "") else { return }
      intents.append(.effects([.changeAnnotation(.editNote(annotation, target))]))
      return
    }
    guard !target.isEmpty else { return }
    switch purpose {
    case .search, .note, .editNote:
      break
    case .goTo:
      if let page = state.document.page(named: target) {
        intents.append(.jumpToPage(page))
      } else {
        intents.append(.say("no page “\(TerminalText.sanitized(target))”"))
      }
    }
  }

  public func draw(
    _ state: AppState, areas: ScreenAreas, on screen: inout ScreenBuffer, width: TextWidth
  ) {
    guard let line = areas.statusLine else { return }
    let style = Cell(" ", attributes: [.reverse])
    for x in line.minX..<line.maxX { screen[x, line.minY] = style }
    // A search shows what it has found so far on the right, while room is left for typing.
    var columns = line.size.columns
    if purpose == .search, let summary = state.search.summary(unit: state.unit) {
      let right = " " + summary + " "
      let rightWidth = width.width(of: right)
      if rightWidth <= columns - 24 {
        columns -= rightWidth
        screen.write(
          right, at: CellPoint(x: line.minX + columns, y: line.minY), maxWidth: rightWidth,
          style: style, width: width)
      }
    }
    // The end of a long line stays in view, as in a shell.
    // An empty go-to line says what it takes.
    let hint = purpose == .goTo && text.isEmpty ? "  a page number or label, Enter goes" : ""
    let shown = purpose.lead + TerminalText.sanitized(text) + "▏" + hint
    let fitted = width.truncatedFromStart(shown, toWidth: columns)
    screen.write(
      fitted, at: CellPoint(x: line.minX, y: line.minY), maxWidth: columns, style: style,
      width: width)
  }
}
