/// The outline as the panel shows it unfiltered: which entries are open, and the rows that
/// follow from that (every entry whose ancestors are all open, in document order). Opening or
/// closing an entry changes only the rows of its subtree; finding an entry's row is O(log n),
/// so drawing never walks the whole outline.
public struct OutlineTree: Sendable {
  /// The outline.
  public let index: OutlineIndex
  /// Whether each entry's children show (meaningful for entries with children).
  private var openEntries: [Bool]
  /// The entries shown, in document order.
  public private(set) var rows: [Int]

  /// The tree as the document wants it shown at first (`startsOpen`). O(1).
  public init(_ index: OutlineIndex) {
    self.index = index
    openEntries = index.startsOpen
    rows = index.initialRows
  }

  /// Whether `entry`'s children show.
  public func isOpen(_ entry: Int) -> Bool { index.hasChildren(entry) && openEntries[entry] }

  /// The row of `entry` if it is shown. O(log n).
  public func row(of entry: Int) -> Int? {
    let row = firstRow(notBefore: entry)
    return row < rows.count && rows[row] == entry ? row : nil
  }

  /// The row that shows `entry`: its own, or its nearest shown ancestor's when it is inside a
  /// closed one. O(log n): the last shown entry at or before it in document order is that
  /// ancestor, since everything between lies inside the closed subtree.
  public func row(showing entry: Int) -> Int? {
    let row = firstRow(notBefore: entry + 1) - 1
    return row >= 0 ? row : nil
  }

  /// Shows or hides `entry`'s children; O(size of its subtree) to open, O(rows) to close.
  public mutating func setOpen(_ entry: Int, _ open: Bool) {
    guard index.hasChildren(entry), openEntries[entry] != open else { return }
    openEntries[entry] = open
    guard let row = row(of: entry) else { return }
    let end = firstRow(notBefore: index.subtreeEnd(of: entry))
    if open {
      rows.insert(contentsOf: shownDescendants(of: entry), at: row + 1)
    } else {
      rows.removeSubrange((row + 1)..<end)
    }
  }

  /// Opens every ancestor of `entry`, so that it is shown. O(n).
  public mutating func reveal(_ entry: Int) {
    var ancestor = index.parent(of: entry)
    var changed = false
    while let open = ancestor {
      changed = changed || !openEntries[open]
      openEntries[open] = true
      ancestor = index.parent(of: open)
    }
    guard changed else { return }
    var shown: [Int] = []
    var next = 0
    while next < index.count {
      shown.append(next)
      next = openEntries[next] ? next + 1 : index.subtreeEnd(of: next)
    }
    rows = shown
  }

  /// The descendants of `entry` shown when it is open: each shown below open parents only.
  private func shownDescendants(of entry: Int) -> [Int] {
    var shown: [Int] = []
    var next = entry + 1
    let end = index.subtreeEnd(of: entry)
    while next < end {
      shown.append(next)
      next = openEntries[next] ? next + 1 : index.subtreeEnd(of: next)
    }
    return shown
  }

  /// The first row whose entry is at or after `entry` in document order.
  private func firstRow(notBefore entry: Int) -> Int {
    rows.partitioningIndex { !($0 < entry) }
  }
}
