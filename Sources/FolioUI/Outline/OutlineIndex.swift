import FolioCore

/// A document's outline prepared once for the panel (O(n log n), when it is read): titles
/// sanitized for the terminal, the tree's shape (parents, subtrees, children), the rows shown
/// at first (`startsOpen`), and the entries sorted by destination, so the section the reader is
/// in is found in O(log n). Entries are numbered in preorder, as in `DocumentOutline`.
public struct OutlineIndex: Sendable {
  /// The version the outline belongs to.
  public let document: DocumentVersion
  /// Titles with control and reordering characters removed (`TerminalText.sanitized`).
  public let titles: [String]
  /// Each entry's depth (0 at the top level).
  public let depths: [Int]
  /// Each entry's destination, if it has one.
  public let destinations: [Destination?]
  /// Whether each entry's children show at first.
  public let startsOpen: [Bool]
  /// Each entry's parent, -1 at the top level.
  private let parents: [Int]
  /// The entry after each entry's subtree: its descendants are the entries between.
  private let subtreeEnds: [Int]
  /// Entries with a destination, by destination (page, then position, then document order).
  private let sections: [Int]
  /// The entries shown at first: every ancestor of each starts open.
  public let initialRows: [Int]

  /// Prepares `outline`.
  public init(_ outline: DocumentOutline) {
    document = outline.document
    let entries = outline.entries
    titles = entries.map { TerminalText.sanitized($0.title) }
    depths = entries.map(\.depth)
    destinations = entries.map(\.destination)
    startsOpen = entries.map(\.startsOpen)
    // Parents from a stack of the open ancestors: depths never skip a level.
    var parents = [Int](repeating: -1, count: entries.count)
    var subtreeEnds = [Int](repeating: entries.count, count: entries.count)
    var path: [Int] = []
    for (entry, depth) in depths.enumerated() {
      while path.count > depth, let last = path.popLast() { subtreeEnds[last] = entry }
      parents[entry] = path.last ?? -1
      path.append(entry)
    }
    self.parents = parents
    self.subtreeEnds = subtreeEnds
    let destinations = self.destinations
    let sections = destinations.indices.filter { destinations[$0] != nil }.sorted { a, b in
      guard let x = destinations[a], let y = destinations[b] else { return a < b }
      if x.page != y.page { return x.page < y.page }
      if (x.top ?? 0) != (y.top ?? 0) { return (x.top ?? 0) < (y.top ?? 0) }
      return a < b
    }
    self.sections = sections
    var rows: [Int] = []
    var entry = 0
    while entry < entries.count {
      rows.append(entry)
      entry = startsOpen[entry] ? entry + 1 : subtreeEnds[entry]
    }
    initialRows = rows
  }

  /// The number of entries.
  public var count: Int { titles.count }

  /// Whether there are no entries: the document has no outline.
  public var isEmpty: Bool { titles.isEmpty }

  /// The parent of `entry`, nil at the top level.
  public func parent(of entry: Int) -> Int? {
    let parent = parents[entry]
    return parent < 0 ? nil : parent
  }

  /// The entry after `entry`'s subtree (its descendants come between).
  public func subtreeEnd(of entry: Int) -> Int { subtreeEnds[entry] }

  /// Whether `entry` has children.
  public func hasChildren(_ entry: Int) -> Bool { subtreeEnds[entry] > entry + 1 }

  /// `entry`'s children, in document order: O(children).
  public func children(of entry: Int) -> [Int] {
    var result: [Int] = []
    var child = entry + 1
    while child < subtreeEnds[entry] {
      result.append(child)
      child = subtreeEnds[child]
    }
    return result
  }

  /// The top-level entries, in document order.
  public var roots: [Int] {
    var result: [Int] = []
    var entry = 0
    while entry < count {
      result.append(entry)
      entry = subtreeEnds[entry]
    }
    return result
  }

  /// Whether `entry` is `ancestor` or one of its descendants.
  public func subtree(of ancestor: Int, contains entry: Int) -> Bool {
    ancestor <= entry && entry < subtreeEnds[ancestor]
  }

  /// The section the reader is in: the entry whose destination is the last one at or before
  /// `place` in page order (of entries with the same destination, the last in the outline: the
  /// most specific); nil before every destination. An entry that points back to an earlier
  /// page marks only that page's place, never the pages after it. O(log n).
  public func section(at place: ReadingPlace) -> Int? {
    // Sections are sorted by destination, and being passed is monotone in that order.
    let low = sections.partitioningIndex { section in
      guard let destination = destinations[section] else { return true }
      return !place.hasPassed(destination)
    }
    return low > 0 ? sections[low - 1] : nil
  }
}
