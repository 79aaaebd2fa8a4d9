/// Where `folio --synctex-forward` opens a viewer inside tmux when no viewer shows the PDF and
/// it has no terminal of its own (an editor ran it): a pane split beside the editor's, or a
/// window of its own.
public enum TmuxOpening: String, Sendable, CaseIterable {
  case split, window
}
