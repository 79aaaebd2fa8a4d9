import FolioCore

/// The filter typed after `/` in a side panel's list (the hits, the annotations): its text,
/// whether keys go into it, and its heading. Enter keeps it, Esc (Ctrl-C, Ctrl-G) drops it,
/// Backspace past its start stops typing, Ctrl-U empties it.
public struct PanelFilter: Sendable, Hashable {
  /// What is typed ("" for none).
  public private(set) var text = ""
  /// Whether keys are typed into it.
  public private(set) var isTyping = false

  /// An empty filter, not typed into.
  public init() {}

  /// `/`: keys go into the filter from now on.
  mutating func startTyping() { isTyping = true }

  /// The filter dropped (Esc while not typing).
  mutating func clear() { text = "" }

  /// A key typed into the filter.
  mutating func type(_ key: Key) {
    switch key {
    case .character(let character):
      if text.count < PromptMode.maximumLength { text.append(character) }
    case .backspace, .control("h"):
      if text.isEmpty { isTyping = false } else { text.removeLast() }
    case .control("u"):
      text = ""
    case .enter:
      isTyping = false
    case .escape, .control("c"), .control("g"):
      text = ""
      isTyping = false
    default:
      break
    }
  }

  /// The heading while it is typed or in force: "/TEXT▏  SHOWN of ALL"; nil otherwise.
  func heading(shown: Int, of all: Int) -> String? {
    guard !text.isEmpty || isTyping else { return nil }
    return "/" + TerminalText.sanitized(text) + (isTyping ? "▏" : "") + "  \(shown) of \(all)"
  }
}
