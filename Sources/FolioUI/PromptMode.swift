import FolioCore

/// A line typed on the status line, for a purpose: going to a page (`:`) or searching (`/`, as
/// you type). Its own key table edits the line; Enter hands it to the purpose.
public struct PromptMode: InputMode {
  /// What the typed line is for.
  public enum Purpose: Hashable, Sendable {
    /// A page number or label to go to.
    case goTo
    /// Text to search for; the search follows the typing.
    case search

    /// What the prompt starts with on the status line.
    var lead: String {
      switch self {
      case .goTo: return ":"
      case .search: return "/"
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

  /// The purpose.
  public let purpose: Purpose
  /// What is typed so far.
  public private(set) var text = ""
  /// For a search: the query in force when the prompt opened, which Esc brings back.
  public let previous: String

  /// Opens an empty prompt for `purpose`; a search prompt remembers the `previous` query.
  public init(purpose: Purpose, previous: String = "") {
    self.purpose = purpose
    self.previous = previous
  }

  public mutating func handle(_ key: Key, state: inout AppState, effects: inout [Effect])
    -> ModeChange
  {
    let before = text
    let change = edit(key)
    switch (purpose, change) {
    case (.search, .close) where Self.keys[key] == .submit:
      effects.append(.cancelTimer(.searchDebounce))
      effects += state.startSearch(text, movesToFirstHit: !text.isEmpty)
    case (.search, .close):
      effects.append(.cancelTimer(.searchDebounce))
      effects += state.startSearch(previous)
    case (.search, _) where text != before:
      effects.append(.startTimer(.searchDebounce, after: AppState.searchDebounce))
    case (.goTo, .close) where Self.keys[key] == .submit:
      submit(in: &state)
    default:
      break
    }
    return change
  }

  /// Applies an editing key to the line; says whether the prompt stays.
  private mutating func edit(_ key: Key) -> ModeChange {
    if case .character(let character) = key {
      if text.count < Self.maximumLength { text.append(character) }
      return .stay
    }
    switch Self.keys[key] {
    case .submit, .cancel:
      return .close
    case .deleteBackward:
      if text.isEmpty { return .close }
      text.removeLast()
    case .clear:
      text = ""
    case .deleteWord:
      while text.last == " " { text.removeLast() }
      while let last = text.last, last != " " { text.removeLast() }
    case nil:
      break
    }
    return .stay
  }

  private func submit(in state: inout AppState) {
    let target = text
    guard !target.isEmpty else { return }
    switch purpose {
    case .search:
      break
    case .goTo:
      if let page = state.document.page(named: target) {
        state.jump(toPage: page)
      } else {
        state.say("no page “\(TerminalText.sanitized(target))”")
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
    if purpose == .search, let summary = state.search.summary {
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
    let shown = purpose.lead + TerminalText.sanitized(text) + "▏"
    let fitted = width.truncatedFromStart(shown, toWidth: columns)
    screen.write(
      fitted, at: CellPoint(x: line.minX, y: line.minY), maxWidth: columns, style: style,
      width: width)
  }
}
