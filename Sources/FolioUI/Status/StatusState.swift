import FolioCore

/// What the status line says besides the view: a passing message and how many pictures are
/// still being drawn.
public struct StatusState: Hashable, Sendable {
  /// A message ("no page 'xx'"), gone after a few seconds or at the next key; one of several
  /// lines (a config file's problems) stays until the next key. Lines are sanitized apart and
  /// joined with "\n".
  public private(set) var message: String?
  /// Counts messages said, so the same words said again show for their full time again.
  private(set) var messagesSaid = 0
  /// Pages still being rendered.
  public private(set) var pendingRenders = 0
  /// Whether the line still points to the keys ("? keys"): until the first key.
  public private(set) var hintsKeys = true

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

  /// A key was pressed: the message goes, and the line stops pointing to the keys.
  mutating func noteKey() {
    message = nil
    hintsKeys = false
  }

  /// The message timer fired: the message goes, unless it stays until a key (a message that
  /// stays outlives a timer an earlier one started).
  mutating func expireMessage() {
    if !messageStays { message = nil }
  }

  /// Clears the message now (a search that starts says its own).
  mutating func clearMessage() { message = nil }

  /// `pending` pages are still being rendered (never fewer than none).
  mutating func track(pendingRenders pending: Int) { pendingRenders = max(0, pending) }
}
