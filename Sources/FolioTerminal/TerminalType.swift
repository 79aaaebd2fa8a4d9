/// Which terminfo entry to open for a TERM value.
enum TerminalType {
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
}
