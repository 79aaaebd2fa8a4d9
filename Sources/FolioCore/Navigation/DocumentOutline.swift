/// One entry of a document's outline (its bookmarks).
public struct OutlineEntry: Hashable, Sendable {
  /// The title as the document gives it. Untrusted text: sanitize before showing.
  public var title: String
  /// How deep in the tree: 0 for a top-level entry, a child one more than its parent.
  public var depth: Int
  /// Where it leads, if anywhere the document has (a broken destination is nil).
  public var destination: Destination?
  /// Whether the document shows its children at first.
  public var startsOpen: Bool

  /// Creates an entry.
  public init(title: String, depth: Int, destination: Destination?, startsOpen: Bool = false) {
    self.title = title
    self.depth = max(0, depth)
    self.destination = destination
    self.startsOpen = startsOpen
  }
}

/// A document's outline as a tree in preorder: each entry is followed by its children, which
/// are one level deeper. Empty for a document without an outline.
public struct DocumentOutline: Hashable, Sendable {
  /// The version read.
  public var document: DocumentVersion
  /// The entries in preorder; each entry's depth is at most one more than the one before it
  /// (the first entry's is 0).
  public private(set) var entries: [OutlineEntry]

  /// Creates an outline from entries in preorder; depths that skip a level are pulled back to
  /// one more than the entry before, so the tree is always well formed.
  public init(document: DocumentVersion, entries: [OutlineEntry]) {
    self.document = document
    var previous = -1
    self.entries = entries.map { entry in
      var entry = entry
      entry.depth = min(entry.depth, previous + 1)
      previous = entry.depth
      return entry
    }
  }

  /// Whether the document has no outline.
  public var isEmpty: Bool { entries.isEmpty }
}
