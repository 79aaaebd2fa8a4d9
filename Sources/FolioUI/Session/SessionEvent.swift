/// What the session's one `update` takes: an event for one of its documents (the front one
/// when none is named: keys, mouse, resizes, signals), a document opened from the shelf by the
/// runtime's opener (or why it could not be), and the shelf's files listed again.
public enum SessionEvent: Sendable {
  /// An event for the document `id` (nil: the one in front).
  case document(DocumentID?, Event)
  /// The document asked for as `id` is open: its state, ready to be shown, and what is applied
  /// to it before its first frame (a remembered place, a search, problems to say).
  case opened(DocumentID, AppState, startup: [Event])
  /// The document asked for as `id` could not be opened, and why (one line).
  case notOpened(DocumentID, reason: String)
  /// The shelf's files in its order, after it was made again (its folders changed, or `O`).
  case shelfListed([String])
  /// Open the file at `path` (from outside: the control socket), showing `page` (a number
  /// or label) once open; alone, it takes the place of the document shown.
  case openFile(String, page: String?)

  /// Whether this is the person's input (keys, mouse, resizes, signals), which is folded.
  public var isInput: Bool {
    if case .document(nil, .input) = self { return true }
    return false
  }
}
