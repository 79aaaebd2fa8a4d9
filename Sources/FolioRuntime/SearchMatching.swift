import FolioSearch

/// The search in force as the searcher keeps it on the loop's thread: every page's text known
/// so far, which pages are matched against the query, and their matches. The matching itself
/// runs on the searcher's thread, a chunk of pages at a time, nearest the search's start
/// first (`chunksToMatch()` hands chunks out, `take(_:of:)` takes their matches); a new
/// query restarts the matching, not the reading of text.
struct SearchMatching {
  /// Pages matched in one job.
  static let chunkSize = 64
  /// Chunks handed out at a time.
  static let chunksInFlight = 2

  private(set) var generation = 0
  private var query: TextQuery?
  /// Every page's searchable text known so far.
  private var texts: [SearchableText?]
  /// Where the next chunk starts looking, in pages from `start` on (wrapping): every page
  /// before it with text has been handed out.
  private var cursor = 0
  /// Pages before the cursor whose text came after it passed them, not yet handed out.
  private var late: [Int] = []
  /// Pages handed out for matching (or matched) against the query.
  private var isHandedOut: [Bool]
  /// Chunks handed out and not answered.
  private var assigned: [MatchChunk] = []
  /// Which pages are matched, how many, and how many from `start` on (wrapping) all are.
  private var matched: [Bool]
  private var matchedCount = 0
  private(set) var start = 0
  private var matchedFromStart = 0
  /// The matches of the pages with hits.
  private(set) var matches: [Int: [Range<Int>]] = [:]
  /// Whether the results changed since they were last taken.
  private var hasNews = false

  init(pageCount: Int) {
    texts = Array(repeating: nil, count: pageCount)
    matched = Array(repeating: false, count: pageCount)
    isHandedOut = Array(repeating: false, count: pageCount)
  }

  /// A page's text, if known.
  func text(of page: Int) -> SearchableText? {
    texts.indices.contains(page) ? texts[page] : nil
  }

  /// Makes `query` the search (nil: none), numbered `generation`; pages with text are matched
  /// again from scratch, those from `start` on first.
  mutating func search(_ query: TextQuery?, generation: Int, start: Int) {
    self.generation = generation
    self.query = query
    matches = [:]
    matchedCount = 0
    matched = Array(repeating: false, count: texts.count)
    self.start = start
    matchedFromStart = 0
    assigned = []
    cursor = 0
    late = []
    isHandedOut = Array(repeating: false, count: texts.count)
    hasNews = true
  }

  /// Adds pages' text, to be matched against the search in force.
  mutating func add(_ pages: [(page: Int, text: SearchableText)]) {
    let count = max(1, texts.count)
    for (page, text) in pages where texts.indices.contains(page) {
      if texts[page] == nil && !isHandedOut[page] && (page - start + count) % count < cursor {
        late.append(page)
      }
      texts[page] = text
    }
  }

  /// The chunks to match now: those handed out already, then new ones of the pages with text
  /// nearest the start (in reading order from it, wrapping), up to `chunksInFlight`. O(pages
  /// handed out or passed over).
  mutating func chunksToMatch() -> [MatchChunk] {
    guard let query else { return [] }
    let count = texts.count
    while assigned.count < Self.chunksInFlight {
      var pages: [Int] = []
      while pages.count < Self.chunkSize, let page = late.popLast() {
        if !isHandedOut[page] { pages.append(page) }
      }
      while pages.count < Self.chunkSize && cursor < count {
        let page = (start + cursor) % count
        cursor += 1
        if texts[page] != nil && !isHandedOut[page] { pages.append(page) }
      }
      guard !pages.isEmpty else { break }
      for page in pages { isHandedOut[page] = true }
      assigned.append(
        MatchChunk(
          generation: generation, pages: pages, query: query, texts: pages.map { texts[$0] }))
    }
    return assigned
  }

  /// Takes the matches of `chunk`'s pages (a chunk of another search is dropped).
  mutating func take(_ found: [(page: Int, ranges: [Range<Int>])], of chunk: MatchChunk) {
    guard let index = assigned.firstIndex(of: chunk), chunk.generation == generation else {
      return
    }
    assigned.remove(at: index)
    for (page, ranges) in found where matched.indices.contains(page) {
      if !ranges.isEmpty { matches[page] = ranges }
      if !matched[page] {
        matched[page] = true
        matchedCount += 1
      }
    }
    let count = max(1, texts.count)
    while matchedFromStart < count && matched[(start + matchedFromStart) % count] {
      matchedFromStart += 1
    }
    hasNews = true
  }

  /// The results, if they changed since the last call: the search's generation, how many
  /// pages were matched, how many from the start on all are, and every page's matches.
  mutating func takeNews() -> (
    generation: Int, matchedCount: Int, matchedFromStart: Int, matches: [Int: [Range<Int>]]
  )? {
    guard hasNews else { return nil }
    hasNews = false
    return (generation, matchedCount, matchedFromStart, matches)
  }
}

/// Pages to match against a query on the searcher's thread: the same job while its search
/// and pages are the same.
struct MatchChunk: Hashable, Sendable {
  var generation: Int
  var pages: [Int]
  var query: TextQuery
  var texts: [SearchableText?]

  static func == (lhs: MatchChunk, rhs: MatchChunk) -> Bool {
    lhs.generation == rhs.generation && lhs.pages == rhs.pages
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(generation)
    hasher.combine(pages)
  }
}
