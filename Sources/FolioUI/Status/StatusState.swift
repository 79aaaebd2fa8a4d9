import FolioCore

/// What the status line says besides the view: a passing message and how many pictures are
/// still being drawn.
public struct StatusState: Hashable, Sendable {
  /// A message ("no page 'xx'"), gone after a few seconds or at the next key; one of several
  /// lines (a config file's problems) stays until the next key. Lines are sanitized apart and
  /// joined with "\n".
  public internal(set) var message: String?
  /// Counts messages said, so the same words said again show for their full time again.
  var messagesSaid = 0
  /// Pages still being rendered.
  public internal(set) var pendingRenders = 0
  /// Whether the line still points to the keys ("? keys"): until the first key.
  public internal(set) var hintsKeys = true

  /// Nothing to say.
  public init() {}

  /// The message's lines (none without one).
  public var messageLines: [String] {
    message.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
      ?? []
  }

  /// Whether the message stays until the next key rather than for a few seconds.
  public var messageStays: Bool { messageLines.count > 1 }

  /// Says `text` (each line sanitized) until the message timer or, when it has several lines,
  /// the next key.
  mutating func say(_ text: String) {
    message = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TerminalText.sanitized(String($0)) }.joined(separator: "\n")
    messagesSaid &+= 1
  }
}
