import FolioCore

/// What the status line says besides the view: a passing message and how many pictures are
/// still being drawn.
public struct StatusState: Hashable, Sendable {
  /// A one-line message ("no page 'xx'"), gone after a few seconds or at the next key.
  public internal(set) var message: String?
  /// Counts messages said, so the same words said again show for their full time again.
  var messagesSaid = 0
  /// Pages still being rendered.
  public internal(set) var pendingRenders = 0
  /// Whether the line still points to the keys ("? keys"): until the first key.
  public internal(set) var hintsKeys = true

  /// Nothing to say.
  public init() {}

  /// Says `text` (sanitized) until the message timer or the next key.
  mutating func say(_ text: String) {
    message = TerminalText.sanitized(text)
    messagesSaid &+= 1
  }
}
