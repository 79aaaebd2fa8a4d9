import FolioCore

/// Where a library's browser goes when it leaves the document it shows: the shelf of covers
/// opens a document (on its first hit when a search is active), a document goes back to the
/// shelf or on to the previous or next document of the library; the shelf also goes to its
/// next order.
public enum LibraryMove: Hashable, Sendable {
  /// The document of a cover, starting a search when one is given.
  case open(PageIndex, find: FindRequest?)
  case back
  case previous
  case next
  /// The shelf in its next order.
  case reorder
}

/// What the browser shows in a library: the shelf of covers, or one of its documents.
public enum LibraryRole: Hashable, Sendable {
  case shelf
  case member
}
