import FolioCore

/// A SyncTeX forward search asked of the viewer (from `folio --synctex-forward` through the
/// control socket): which PDF, which source line, the editor's tmux pane when the client ran
/// in tmux, and how to answer the client once the boxes are shown (or why not).
struct ForwardSearch {
  /// The PDF, as an absolute path.
  var pdf: String
  /// The source file as the client named it, its line (1-based) and column (-1: unknown).
  var input: String
  var line: Int
  var column: Int
  /// The tmux pane the editor runs in, if the client said.
  var editorPane: String?
  /// Answers the client: the page shown (1-based), or why nothing was.
  var answer: (Result<Int, SourceFinder.SourceError>) -> Void
  /// Past this the PDF is taken as it is, even if it is still being rewritten.
  var waitsUntil: ContinuousClock.Instant

  /// How long a search waits for a PDF being rewritten (latexmk) to be read again.
  static let longestWait = Duration.seconds(20)
}
