import FolioCore

/// How many hits one page has.
public struct PageHits: Hashable, Sendable {
  /// The page.
  public var page: PageIndex
  /// Its hits, at least 1.
  public var count: Int

  /// Creates a page's count.
  public init(page: PageIndex, count: Int) {
    self.page = page
    self.count = count
  }
}

/// What a search has found so far, as the runtime reports it after each batch of pages.
public struct SearchResults: Hashable, Sendable {
  /// The search it answers (`SearchState.generation`).
  public var generation: Int
  /// Pages searched so far.
  public var searchedPages: Int
  /// How many pages from the search's starting page on (wrapping at the end) are all
  /// searched: the first hit from there is known once it lies within them.
  public var searchedFromStart: Int
  /// Pages in the document.
  public var pageCount: Int
  /// Every page with hits among those searched, in page order.
  public var pages: [PageHits]

  /// Creates results.
  public init(
    generation: Int, searchedPages: Int, searchedFromStart: Int? = nil, pageCount: Int,
    pages: [PageHits]
  ) {
    self.generation = generation
    self.searchedPages = searchedPages
    self.searchedFromStart = searchedFromStart ?? searchedPages
    self.pageCount = pageCount
    self.pages = pages
  }

  /// The events that end `request` at once, without hits, saying `why` on the status line:
  /// for a search with nothing to search with.
  public static func ending(
    _ request: SearchRequest, pageCount: Int, because why: String
  ) -> [Event] {
    [
      .searchResults(
        SearchResults(
          generation: request.generation, searchedPages: pageCount, pageCount: pageCount,
          pages: [])),
      .problem(why),
    ]
  }
}

/// One line of a hit: the box around its characters on that line, as fractions of the page,
/// and those characters as the page's text has them (what the text layer draws there).
public struct HitBox: Hashable, Sendable {
  /// The box.
  public var region: PageRegion
  /// The characters.
  public var text: String

  /// Creates a box.
  public init(region: PageRegion, text: String) {
    self.region = region
    self.text = text
  }
}

/// Where a page's hits lie, for highlighting them: for each hit in order, its characters
/// line by line, with their boxes.
public struct HitRegions: Hashable, Sendable {
  /// The search they belong to.
  public var generation: Int
  /// The page.
  public var page: PageIndex
  /// Each hit's boxes, a box a line.
  public var hits: [[HitBox]]

  /// Creates regions.
  public init(generation: Int, page: PageIndex, hits: [[HitBox]]) {
    self.generation = generation
    self.page = page
    self.hits = hits
  }
}

/// One hit: its page and its place among that page's hits.
public struct HitPosition: Hashable, Sendable {
  /// The page.
  public var page: PageIndex
  /// Which of the page's hits (0-based).
  public var index: Int

  /// Creates a position.
  public init(page: PageIndex, index: Int) {
    self.page = page
    self.index = index
  }
}

/// The search as the app shows it: the query, how far the runtime has got, the pages with hits,
/// the current hit, and the boxes of hits on pages that are visible.
public struct SearchState: Hashable, Sendable {
  /// The query in force ("" for none).
  public private(set) var query = ""
  /// Numbers each search asked of the runtime; results of older ones are ignored.
  public private(set) var generation = 0
  /// Pages searched so far and in all.
  public private(set) var searchedPages = 0
  /// How many pages from `start` on (wrapping) are all searched.
  public private(set) var searchedFromStart = 0
  /// The page the search started from (the reader's page then): the runtime searches outward
  /// from it, and `searchedFromStart` counts from it.
  public private(set) var start = PageIndex(0)
  /// Where a pending move goes from: the first hit after this page is wanted.
  private(set) var pendingOrigin = PageIndex(0)
  public private(set) var pageCount = 0
  /// Pages with hits, in page order.
  public private(set) var pages: [PageHits] = [] {
    didSet {
      hitsBefore = []
      hitsBefore.reserveCapacity(pages.count)
      var total = 0
      for page in pages {
        hitsBefore.append(total)
        total += page.count
      }
      totalHits = total
    }
  }
  /// For each of `pages`, the hits on the pages before it (so a hit's number is found
  /// without walking the pages on every frame).
  private var hitsBefore: [Int] = []
  /// Hits on all pages.
  public private(set) var totalHits = 0
  /// The hit `n` and `N` moved to last, if any.
  public private(set) var current: HitPosition?
  /// Where hits lie on pages the views asked about.
  public private(set) var regions: [PageIndex: [[HitBox]]] = [:]
  /// Every hit's line of context, for the hits panel (once it has asked for them).
  public private(set) var lines: [HitLine] = []
  /// A move asked for before any hit was known (Enter, or `--find`), made when one is.
  private(set) var pendingMove: Bool = false
  /// Which of the origin page's hits the pending move goes to (a hit picked on the shelf).
  private(set) var pendingIndex = 0
  /// Whether the pending move stays on its origin page when that page has no hit (a hit
  /// picked on the shelf: the shelf's search reads annotations' notes, the document's does not).
  private(set) var pendingStaysOnPage = false
  /// Whether the current hit must still be scrolled into view (its boxes were not known).
  private(set) var revealsCurrent = false

  /// Makes `query` the search in force from `page` on, in a document of `pageCount` pages:
  /// what the last one found goes. `movesToFirstHit`: move to the first hit once it is known.
  /// Returns what to ask the runtime.
  mutating func begin(
    _ query: String, near page: PageIndex, pageCount: Int, movesToFirstHit: Bool
  ) -> SearchRequest {
    generation += 1
    start = page
    pendingOrigin = page
    searchedFromStart = 0
    self.query = query
    searchedPages = 0
    self.pageCount = pageCount
    pages = []
    current = nil
    regions = [:]
    lines = []
    pendingMove = movesToFirstHit && !query.isEmpty
    pendingIndex = 0
    pendingStaysOnPage = false
    revealsCurrent = false
    return SearchRequest(generation: generation, query: query, near: page, pageCount: pageCount)
  }

  /// Searches a new version of the document again for the same query, which stays in force.
  mutating func restart(near page: PageIndex, pageCount: Int) -> SearchRequest {
    begin(query, near: page, pageCount: pageCount, movesToFirstHit: false)
  }

  /// Takes what the runtime found so far for this search; returns whether the pages with
  /// hits changed in number (nil: the results were of another search).
  mutating func take(_ results: SearchResults) -> Bool? {
    guard results.generation == generation, isActive else { return nil }
    searchedPages = results.searchedPages
    searchedFromStart = results.searchedFromStart
    pageCount = results.pageCount
    let found = pages.count != results.pages.count
    pages = results.pages
    if let current, hitCount(of: current.page) <= current.index { self.current = nil }
    return found
  }

  /// Takes the hits panel's lines, if they are of this search.
  mutating func take(_ hitLines: HitLines) {
    guard hitLines.generation == generation, isActive else { return }
    lines = hitLines.lines
  }

  /// Takes where a page's hits lie; returns false when they are of another search.
  mutating func take(_ found: HitRegions) -> Bool {
    guard found.generation == generation, isActive else { return false }
    regions[found.page] = found.hits
    return true
  }

  /// Asks for a move to the first hit after `page` once it is known (Enter, `n` early).
  mutating func awaitFirstHit(after page: PageIndex) {
    pendingMove = true
    pendingOrigin = page
    pendingIndex = 0
    pendingStaysOnPage = false
  }

  /// Asks for a move to `hit` once its page's hits are known (its page's last hit when it
  /// has fewer; none, staying on the page, when it has none).
  mutating func awaitHit(_ hit: HitPosition) {
    guard isActive else { return }
    pendingMove = true
    pendingOrigin = hit.page
    pendingIndex = max(0, hit.index)
    pendingStaysOnPage = true
  }

  /// Drops the move asked for (made, or no hit to make it to).
  mutating func cancelPendingMove() { pendingMove = false }

  /// Makes `position` the current hit; `reveals`: it must still be scrolled into view.
  mutating func select(_ position: HitPosition, reveals: Bool) {
    current = position
    revealsCurrent = reveals
  }

  /// The current hit was scrolled into view.
  mutating func noteRevealed() { revealsCurrent = false }

  /// Whether a search is in force.
  public var isActive: Bool { !query.isEmpty }

  /// Whether every page has been searched.
  public var isComplete: Bool { isActive && searchedPages >= pageCount }

  /// The hit count of `page` (0 without hits).
  public func hitCount(of page: PageIndex) -> Int {
    guard let index = position(of: page) else { return 0 }
    return pages[index].count
  }

  /// The index in `pages` of `page`, if it has hits.
  func position(of page: PageIndex) -> Int? {
    let low = pages.partitioningIndex { !($0.page < page) }
    return low < pages.count && pages[low].page == page ? low : nil
  }

  /// The number (1-based, over all pages) of the current hit.
  public var currentNumber: Int? {
    guard let current, let index = position(of: current.page) else { return nil }
    return hitsBefore[index] + current.index + 1
  }

  /// The hit after (or before) `place` in reading order: the next hit on its page or the first
  /// on a later page, wrapping at the end; and whether it wrapped. Nil without hits.
  func hit(after place: HitPosition, forward: Bool) -> (HitPosition, wrapped: Bool)? {
    guard let first = pages.first, let last = pages.last else { return nil }
    if let index = position(of: place.page) {
      let count = pages[index].count
      let next = place.index + (forward ? 1 : -1)
      if (0..<count).contains(next) { return (HitPosition(page: place.page, index: next), false) }
      let neighbor = index + (forward ? 1 : -1)
      if pages.indices.contains(neighbor) {
        let target = pages[neighbor]
        return (HitPosition(page: target.page, index: forward ? 0 : target.count - 1), false)
      }
    } else {
      // The first page with hits after the place (or the last before it).
      let low = pages.partitioningIndex { !($0.page < place.page) }
      let neighbor = forward ? low : low - 1
      if pages.indices.contains(neighbor) {
        let target = pages[neighbor]
        return (HitPosition(page: target.page, index: forward ? 0 : target.count - 1), false)
      }
    }
    return forward
      ? (HitPosition(page: first.page, index: 0), true)
      : (HitPosition(page: last.page, index: last.count - 1), true)
  }
}

extension SearchState {
  /// The status line's words for the search: "searching 1,234 / 2,415 · 87 hits on 31
  /// pages" while pages remain, then "87 hits on 31 pages · hit 4 / 87"; nil without a search.
  public var summary: String? { summary(unit: "page") }

  /// The same, counting `unit`s ("document" on a library's shelf) rather than pages.
  public func summary(unit: String) -> String? {
    guard isActive else { return nil }
    let hits =
      totalHits == 0
      ? "no hits"
      : "\(Self.grouped(totalHits)) hit\(totalHits == 1 ? "" : "s") on \(Self.grouped(pages.count)) \(unit)\(pages.count == 1 ? "" : "s")"
    guard isComplete else {
      return "searching \(Self.grouped(searchedPages)) / \(Self.grouped(pageCount)) · \(hits)"
    }
    if let number = currentNumber {
      return "\(hits) · hit \(Self.grouped(number)) / \(Self.grouped(totalHits))"
    }
    return totalHits == 0 ? "no hits for “\(TerminalText.sanitized(query))”" : hits
  }

  /// `value` with thousands separated by commas.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }
}

/// One hit as the hits panel lists it: where it is and a line of context around it (from the
/// document: untrusted, sanitized when drawn).
public struct HitLine: Hashable, Sendable {
  /// The hit.
  public var position: HitPosition
  /// Text before the match, the match, text after it.
  public var before: String
  public var match: String
  public var after: String
  /// On a library's shelf: the page of the cover's document the hit is on (from 0).
  public var innerPage: Int?

  /// Creates a line.
  public init(
    position: HitPosition, before: String, match: String, after: String, innerPage: Int? = nil
  ) {
    self.position = position
    self.before = before
    self.match = match
    self.after = after
    self.innerPage = innerPage
  }
}

/// The lines of every hit found so far (at most `HitLines.limit`), in reading order.
public struct HitLines: Hashable, Sendable {
  /// The most lines sent; a search with more hits lists its first ones.
  public static let limit = 10_000
  /// The search they belong to.
  public var generation: Int
  /// The lines.
  public var lines: [HitLine]

  /// Creates lines.
  public init(generation: Int, lines: [HitLine]) {
    self.generation = generation
    self.lines = lines
  }
}
