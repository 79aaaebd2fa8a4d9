/// Which terminfo entry to open for a TERM value.
enum TerminalType {
  /// The entries to try in order: a `*-direct` variant first when 24-bit color is wanted and
  /// TERM is not already direct (xterm-256color → xterm-direct, tmux-256color → tmux-direct),
  /// then TERM itself.
  ///
  /// Inside tmux (`insideTmux`, from $TMUX) with a TERM that names another terminal, as
  /// `default-terminal xterm-256color` does, tmux's own entries come first: tmux is the
  /// terminal, and an xterm entry promises things tmux does not keep (erasing with the
  /// background color, whose cells its captures drop; xterm's Home and End keys).
  static func candidates(for term: String, wantsDirect: Bool, insideTmux: Bool = false)
    -> [String]
  {
    let own = term.isEmpty ? [] : [term]
    let isTmuxEntry = term.hasPrefix("tmux") || term.hasPrefix("screen")
    let wanted: [String]
    if insideTmux && !isTmuxEntry {
      wanted = (wantsDirect ? ["tmux-direct"] : []) + ["tmux-256color"]
    } else if wantsDirect, !term.hasSuffix("-direct"), let base = term.split(separator: "-").first {
      wanted = [String(base) + "-direct"]
    } else {
      wanted = []
    }
    return wanted + own
  }
}
