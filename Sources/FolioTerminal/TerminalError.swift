import FolioCore

/// Why the terminal could not be used.
public enum TerminalError: Error, CustomStringConvertible {
  /// No terminfo entry for this TERM.
  case unknownTerminal(String)
  /// A terminfo entry that cannot move the cursor (such as `dumb`).
  case cannotMoveCursor(String)

  public var description: String {
    switch self {
    case .unknownTerminal(let name):
      return "unknown terminal type '\(TerminalText.sanitized(name))' (set TERM, or use --print)"
    case .cannotMoveCursor(let name):
      return
        "terminal type '\(TerminalText.sanitized(name))' cannot move the cursor (set TERM, or use --print)"
    }
  }
}
