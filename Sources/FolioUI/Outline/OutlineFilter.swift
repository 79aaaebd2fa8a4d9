/// The outline filtered by a fuzzy query (`FuzzyMatch`), as the panel lists it: the entries
/// whose titles match, each under its ancestors, which are kept for context (shown dimmed, not
/// counted as matches) whether or not they are open in the tree.
///
/// The list keeps the tree's shape, and ranks siblings: each group of siblings is ordered by the
/// best match in each one's subtree (its own or a descendant's), best first; matches compare by
/// score, then the shorter title, then document order. So the best match of all is the first
/// match listed, right under its ancestors, and each ancestor is listed once with all its
/// matching descendants below it, indented as in the tree. (A flat ranked list would repeat a
/// chapter's path before each of its matches, or squeeze it into a breadcrumb that a 24-column
/// panel cannot show.) O(n + k log k) for k listed entries, once per change of the query.
public struct OutlineFilter: Sendable {
  /// One listed entry.
  public struct Row: Hashable, Sendable {
    /// The entry.
    public var entry: Int
    /// How its title matched; nil for an ancestor kept for context.
    public var match: FuzzyMatch.Result?
  }

  /// The query.
  public let query: String
  /// The rows: matches and the ancestors kept for them.
  public let rows: [Row]
  /// How many rows are matches.
  public let matchCount: Int
  /// The entries that match, in document order.
  public let matchedEntries: [Int]
  /// The row of each listed entry.
  private let rowOfEntry: [Int: Int]

  /// Filters `index` by `query` (which should not be empty: an empty query matches every entry).
  /// Given the filter of a query it extends (typing one more letter), only the entries that
  /// matched it are tried: an entry that does not match a query matches nothing longer.
  public init(_ index: OutlineIndex, query: String, narrowing previous: OutlineFilter? = nil) {
    self.query = query
    let matcher = FuzzyMatch(query)
    var matches: [Int: FuzzyMatch.Result] = [:]
    // The best match in each entry's subtree (nil: none).
    var best = [Rank?](repeating: nil, count: index.count)
    let candidates =
      previous.flatMap { query.hasPrefix($0.query) ? $0.matchedEntries : nil }
      ?? Array(0..<index.count)
    var matched: [Int] = []
    for entry in candidates {
      guard let result = matcher.match(index.titles[entry]) else { continue }
      matches[entry] = result
      matched.append(entry)
      best[entry] = Rank(score: result.score, length: result.length, entry: entry)
    }
    matchedEntries = matched
    // Children come after their parents: one pass from the end carries every best upwards.
    for entry in stride(from: index.count - 1, through: 0, by: -1) {
      guard let rank = best[entry], let parent = index.parent(of: entry) else { continue }
      if best[parent].map({ rank > $0 }) ?? true { best[parent] = rank }
    }
    func ranked(_ entries: [Int]) -> [Int] {
      entries.filter { best[$0] != nil }.sorted { a, b in
        guard let x = best[a], let y = best[b] else { return a < b }
        return x > y || x == y && a < b
      }
    }
    var rows: [Row] = []
    // Depth first without recursion (an outline may be 100,000 levels deep).
    var pending = Array(ranked(index.roots).reversed())
    while let entry = pending.popLast() {
      rows.append(Row(entry: entry, match: matches[entry]))
      pending += ranked(index.children(of: entry)).reversed()
    }
    self.rows = rows
    matchCount = matches.count
    var rowOfEntry: [Int: Int] = [:]
    for (row, listed) in rows.enumerated() { rowOfEntry[listed.entry] = row }
    self.rowOfEntry = rowOfEntry
  }

  /// The row of `entry` if it is listed.
  public func row(of entry: Int) -> Int? { rowOfEntry[entry] }

  /// The row of `entry`, else of its nearest listed ancestor. O(depth).
  public func row(showing entry: Int, in index: OutlineIndex) -> Int? {
    var candidate: Int? = entry
    while let listed = candidate {
      if let row = rowOfEntry[listed] { return row }
      candidate = index.parent(of: listed)
    }
    return nil
  }

  /// The first match listed (the best one).
  public var firstMatchRow: Int? { rows.firstIndex { $0.match != nil } }
}

/// How good the best match in a subtree is: larger is better.
private struct Rank: Comparable {
  var score: Int
  var length: Int
  var entry: Int

  static func < (a: Rank, b: Rank) -> Bool {
    if a.score != b.score { return a.score < b.score }
    if a.length != b.length { return a.length > b.length }
    return a.entry > b.entry
  }
}
