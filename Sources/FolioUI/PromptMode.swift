import FolioCore

/// A line typed after `:` on the status line, for a purpose: going to a page now; searching and
/// filtering later. Its own key table edits the line; Enter hands it to the purpose.
public struct PromptMode: InputMode {
  /// What the typed line is for.
  public enum Purpose: Hashable, Sendable {
    /// A page number or label to go to.
    case goTo

    /// What the prompt starts with on the status line.
    var lead: String {
      switch self {
      case .goTo: return ":"
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

  /// Opens an empty prompt for `purpose`.
  public init(purpose: Purpose) { self.purpose = purpose }

  public mutating func handle(_ key: Key, state: inout AppState, effects: inout [Effect])
    -> ModeChange
  {
    if case .character(let character) = key {
      if text.count < Self.maximumLength { text.append(character) }
      return .stay
    }
    switch Self.keys[key] {
    case .submit:
      submit(in: &state)
      return .close
    case .cancel:
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
    case .goTo:
      if let page = state.document.page(named: target) {
        state.go(to: page)
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
    // The end of a long line stays in view, as in a shell.
    let shown = purpose.lead + TerminalText.sanitized(text) + "▏"
    let fitted = width.truncatedFromStart(shown, toWidth: line.size.columns)
    screen.write(
      fitted, at: CellPoint(x: line.minX, y: line.minY), maxWidth: line.size.columns, style: style,
      width: width)
  }
}
