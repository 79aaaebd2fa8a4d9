import FolioCore

/// Which terminfo entry to open for a TERM value.
enum TerminalType {
  /// A terminfo entry to try, with the line for the status line when it is opened: what the
  /// person should know (their terminal's own entry is missing here).
  struct Choice: Hashable {
    var entry: String
    var notice: String? = nil
  }

  /// The entries to try in order: a `*-direct` variant first when 24-bit color is wanted and
  /// TERM is not already direct (xterm-256color → xterm-direct, tmux-256color → tmux-direct),
  /// then TERM itself.
  ///
  /// Inside tmux (`insideTmux`, from $TMUX) with an xterm TERM, as `default-terminal
  /// xterm-256color` gives, tmux's own entries come first: tmux is the terminal, and an xterm
  /// entry promises things tmux does not keep (erasing with the background color, whose cells
  /// its captures drop; xterm's Home and End keys). Any other TERM is taken at its word
  /// (`dumb` in an editor's shell started from tmux stays dumb).
  static func candidates(for term: String, wantsDirect: Bool, insideTmux: Bool = false)
    -> [String]
  {
    let own = term.isEmpty ? [] : [term]
    let wanted: [String]
    if insideTmux && term.hasPrefix("xterm") {
      wanted = (wantsDirect ? ["tmux-direct"] : []) + ["tmux-256color"]
    } else if wantsDirect, !term.hasSuffix("-direct"), let base = term.split(separator: "-").first {
      wanted = [String(base) + "-direct"]
    } else {
      wanted = []
    }
    return wanted + own
  }

  /// The entries to try in order, as `candidates(for:wantsDirect:insideTmux:)` gives them,
  /// unless TERM is an xterm-like name that terminfo has no entry for (`isKnown` says, asked
  /// only for such names): ghostty's `xterm-ghostty` or kitty's `xterm-kitty` on a server
  /// without their terminfo, reached over SSH. Such a terminal speaks xterm's language, so
  /// it is drawn as `xterm-direct` (24-bit color wanted), else `xterm-256color`, else `xterm`,
  /// and the line says so. Inside tmux, tmux's own entries come first and need no line.
  static func choices(
    for term: String, wantsDirect: Bool, insideTmux: Bool = false,
    isKnown: (String) -> Bool
  ) -> [Choice] {
    let named = candidates(for: term, wantsDirect: wantsDirect, insideTmux: insideTmux)
    guard term.hasPrefix("xterm-"), !isKnown(term) else {
      return named.map { Choice(entry: $0) }
    }
    let tmux = named.filter { $0.hasPrefix("tmux-") }.map { Choice(entry: $0) }
    let fallbacks = (wantsDirect ? ["xterm-direct"] : []) + ["xterm-256color", "xterm"]
    return tmux
      + fallbacks.map { entry in
        Choice(
          entry: entry,
          notice:
            "terminal: no terminfo entry for \(TerminalText.sanitized(term)) here; drawing as \(entry)"
        )
      }
  }
}
