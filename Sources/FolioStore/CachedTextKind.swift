/// Which text of a document the text cache holds under a key: a document's search and the
/// shelf's read different texts of the same file, so each has entries of its own.
public enum CachedTextKind: Hashable, Sendable {
  /// Each page's own text (a document's search, `--find --list FILE`).
  case pageText
  /// Each page's text and its annotations' notes (the shelf's search, `--find --list` over
  /// several files: `LibraryDocument`'s text).
  case pageTextAndNotes

  /// What starts the key of an entry of this kind, before the fingerprint's text. The number
  /// is the version of that text's form: bumped, entries of an older form are never read again
  /// (the cache's trim lets them go).
  var keyPrefix: String {
    switch self {
    case .pageText: ""
    case .pageTextAndNotes: "notes1:"
    }
  }

  /// The key of `document`'s entry of this kind.
  func key(of document: DocumentFingerprint) -> String { keyPrefix + document.text }
}
