/// Which terminfo entry to open for a TERM value.
enum TerminalType {
  /// The entries to try in order: a `*-direct` variant first when 24-bit color is wanted and
  /// TERM is not already direct (xterm-256color → xterm-direct, tmux-256color → tmux-direct),
  /// then TERM itself.
  static func candidates(for term: String, wantsDirect: Bool) -> [String] {
    guard wantsDirect, !term.hasSuffix("-direct"), !term.isEmpty else { return [term] }
    let base = term.split(separator: "-").first.map(String.init) ?? term
    return [base + "-direct", term]
  }
}
