/// What the outline panel lists: the tree as opened, or the rows of a filter. Finding an entry's
/// row is O(log n) in the tree and O(depth) in a filter, so a frame never walks the outline.
public enum OutlineListing: Sendable {
  /// The outline unfiltered, entries shown as their parents are opened.
  case tree(OutlineTree)
  /// The matches of a filter, with their ancestors.
  case filtered(OutlineFilter, OutlineIndex)

  /// The outline.
  public var index: OutlineIndex {
    switch self {
    case .tree(let tree): tree.index
    case .filtered(_, let index): index
    }
  }

  /// The number of rows.
  public var count: Int {
    switch self {
    case .tree(let tree): tree.rows.count
    case .filtered(let filter, _): filter.rows.count
    }
  }

  /// The entry on `row` (which must be in `0..<count`).
  public func entry(at row: Int) -> Int {
    switch self {
    case .tree(let tree): tree.rows[row]
    case .filtered(let filter, _): filter.rows[row].entry
    }
  }

  /// How the entry on `row` matched the filter: nil in the tree, and for an ancestor kept for
  /// context (see `isContext(_:)`).
  public func match(at row: Int) -> FuzzyMatch.Result? {
    switch self {
    case .tree: nil
    case .filtered(let filter, _): filter.rows[row].match
    }
  }

  /// Whether the entry on `row` is listed only as an ancestor of matches.
  public func isContext(_ row: Int) -> Bool {
    switch self {
    case .tree: false
    case .filtered(let filter, _): filter.rows[row].match == nil
    }
  }

  /// The row of `entry`, else of its nearest listed ancestor.
  public func row(showing entry: Int) -> Int? {
    switch self {
    case .tree(let tree): tree.row(showing: entry)
    case .filtered(let filter, let index): filter.row(showing: entry, in: index)
    }
  }

  /// Whether the entry on `row` has its children listed right under it.
  public func isOpen(_ row: Int) -> Bool {
    switch self {
    case .tree(let tree): tree.isOpen(tree.rows[row])
    case .filtered(let filter, let index):
      row + 1 < filter.rows.count && index.parent(of: filter.rows[row + 1].entry) == entry(at: row)
    }
  }

  /// The first row of a window of `visibleRows` rows that shows `row` a third of the way down
  /// (as the hits panel does), or from the top when the list fits.
  public func windowTop(showing row: Int?, visibleRows: Int) -> Int {
    guard let row else { return 0 }
    return max(0, min(row - visibleRows / 3, count - visibleRows))
  }
}
