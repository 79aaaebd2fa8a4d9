import FolioCore
import FolioLayout

/// Searching: starting and clearing searches, taking the runtime's results, `n` and `N`, and
/// keeping the current hit in view.
extension AppState {
  /// How long typing in the search prompt waits before searching.
  public static let searchDebounce = Duration.milliseconds(150)

  /// Makes `query` the search in force (an empty one clears the hits) and asks the runtime for
  /// it, nearest pages first. `movesToFirstHit`: go to the first hit from here once one is known.
  mutating func startSearch(_ query: String, movesToFirstHit: Bool = false) -> [Effect] {
    let trimmed = query.allSatisfy(\.isWhitespace) ? "" : query
    if trimmed == search.query {
      // The same search (typed, then Enter): keep what it found; go to its first hit.
      if movesToFirstHit && search.isActive {
        search.awaitFirstHit(after: view.currentPage)
        movePendingToFirstHit()
      }
      return []
    }
    // The grid of one search's pages with hits does not carry over to another.
    view.showOnlyHits(false)
    return [
      .search(
        search.begin(
          trimmed, near: view.currentPage, pageCount: document.pageCount,
          movesToFirstHit: movesToFirstHit))
    ]
  }

  /// Searches a new version of the document for the query in force (kept, as is the grid of
  /// the pages with hits).
  mutating func restartSearch() -> [Effect] {
    [.search(search.restart(near: view.currentPage, pageCount: document.pageCount))]
  }

  /// Takes what the runtime found so far.
  mutating func apply(_ results: SearchResults) {
    let wasComplete = search.isComplete
    guard let found = search.take(results) else { return }
    // A grid of the pages with hits grows as the search finds more (before a move to a hit).
    if found && view.options.showsOnlyHits && view.mode == .grid { refreshLayout() }
    movePendingToFirstHit()
    // Finished: the count is said once; then the status line names the document again and
    // keeps the count on its right.
    if search.isComplete && !wasComplete && status.message == nil,
      let summary = search.summary(unit: unit)
    {
      say(summary)
    }
  }

  /// Makes the move Enter (or `--find`) asked for once the first hit from where the search
  /// started is known: the pages from there to it are all searched.
  private mutating func movePendingToFirstHit() {
    guard search.pendingMove else { return }
    let count = max(1, search.pageCount)
    let origin = search.pendingOrigin.rawValue
    func distance(_ page: Int, from start: Int) -> Int { (page - start + count) % count }
    let first = search.pages.min { a, b in
      distance(a.page.rawValue, from: origin) < distance(b.page.rawValue, from: origin)
    }
    // Certain once every page from the origin to it is searched: the pages searched from the
    // search's start on cover the origin and then the hit, or every page is searched.
    let start = search.start.rawValue
    let isCertain =
      first.map { first in
        search.isComplete
          || (distance(origin, from: start) <= distance(first.page.rawValue, from: start)
            && distance(first.page.rawValue, from: start) < search.searchedFromStart)
      } ?? false
    if let first, isCertain, first.page.rawValue != origin, search.pendingStaysOnPage {
      // A hit picked on the shelf, on a page whose own text has none: the shelf found it in
      // an annotation's note (which only the shelf's search reads); the reader stays there.
      search.cancelPendingMove()
      say(notInPageText)
    } else if let first, isCertain {
      search.cancelPendingMove()
      if first.page.rawValue < origin { say("past the last hit: back to the first") }
      let index =
        first.page.rawValue == origin
        ? min(search.pendingIndex, max(0, search.hitCount(of: first.page) - 1)) : 0
      show(hit: HitPosition(page: first.page, index: index))
    } else if search.isComplete {
      search.cancelPendingMove()
      say(
        search.pendingStaysOnPage
          ? notInPageText : "no hits for “\(TerminalText.sanitized(search.query))”")
    }
  }

  /// Why a hit picked on the shelf is not found on its page: the shelf's search reads the
  /// notes of annotations, a document's reads its pages' text only.
  private var notInPageText: String {
    "“\(TerminalText.sanitized(search.query))” is not in this page's text: in a note?"
  }

  /// What the pages are called: documents on a library's shelf.
  var unit: String { settings.library == .shelf ? "document" : "page" }

  /// `&`: the grid shows only the pages with hits, or every page again.
  mutating func toggleOnlyHits() {
    if view.options.showsOnlyHits && view.mode == .grid {
      view.showOnlyHits(false)
      say("every \(unit)")
      return
    }
    guard search.isActive else {
      say("no search: / searches")
      return
    }
    guard !search.pages.isEmpty else {
      say(
        search.isComplete ? "no hits for “\(TerminalText.sanitized(search.query))”" : "no hits yet")
      return
    }
    show(.grid)
    view.showOnlyHits(true)
    say("only \(unit)s with hits: & shows every \(unit)")
  }

  /// Takes the hits panel's lines.
  mutating func apply(_ lines: HitLines) {
    search.take(lines)
  }

  /// Makes `position` the current hit and shows it.
  mutating func show(hit position: HitPosition) {
    search.select(position, reveals: view.mode != .grid)
    recordJump()
    if position.page != view.currentPage { go(to: position.page) }
    if search.regions[position.page] != nil { revealCurrentHit() }
  }

  /// Takes where a page's hits lie; scrolls the current hit into view if it waited for them.
  mutating func apply(_ regions: HitRegions) {
    guard search.take(regions) else { return }
    if search.revealsCurrent, let current = search.current, current.page == regions.page {
      revealCurrentHit()
    }
  }

  /// `n` / `N`: the next or previous hit in reading order from where the reader is, `times`
  /// hits on with a count; one jump for all of them.
  mutating func moveToHit(forward: Bool, times: Int = 1) {
    guard search.isActive else {
      say("no search: / searches")
      return
    }
    let currentPage = view.currentPage
    let count = search.hitCount(of: currentPage)
    var position: HitPosition
    if let current = search.current, current.page == currentPage {
      position = current
    } else {
      position = HitPosition(page: currentPage, index: forward ? -1 : count)
    }
    var reached: (target: HitPosition, wrapped: Bool)?
    for _ in 0..<max(1, times) {
      guard let (target, wrapped) = search.hit(after: position, forward: forward) else { break }
      reached = (target, wrapped || reached?.wrapped == true)
      position = target
    }
    guard let (target, wrapped) = reached else {
      if search.isComplete {
        say("no hits for “\(TerminalText.sanitized(search.query))”")
      } else {
        if forward { search.awaitFirstHit(after: currentPage) }
        say("searching…")
      }
      return
    }
    if wrapped {
      say(forward ? "past the last hit: back to the first" : "before the first hit: to the last")
    }
    show(hit: target)
  }

  /// Scrolls so the current hit's first box is in view (continuous and spread views), when
  /// its boxes are known.
  mutating func revealCurrentHit() {
    guard view.mode != .grid, let current = search.current,
      let hits = search.regions[current.page], hits.indices.contains(current.index),
      let pageBox = hits[current.index].first
    else { return }
    if view.mode == .read {
      // Revealed once its page is reflowed (`reflowReadyPages` comes back here).
      if revealInReading(pageBox.region, on: current.page) { search.noteRevealed() }
      return
    }
    search.noteRevealed()
    reveal(pageBox.region, on: current.page)
  }

  /// The pages whose hit boxes the views need: pages with hits on screen in continuous and
  /// spread views whose boxes are not known yet.
  public var hitRegionWants: HitRegionRequest? {
    guard search.isActive, view.mode != .grid, !search.pages.isEmpty else { return nil }
    let pages = view.layout.items(intersecting: view.viewport.visibleRect)
      .flatMap { $0.pages.map(\.page) }.filter {
        search.hitCount(of: $0) > 0 && search.regions[$0] == nil
      }
    return pages.isEmpty ? nil : HitRegionRequest(generation: search.generation, pages: pages)
  }
}

/// A search the runtime is asked to run.
public struct SearchRequest: Hashable, Sendable {
  /// Its number; results carry it back.
  public var generation: Int
  /// The query ("" stops searching and clears the hits).
  public var query: String
  /// The page the reader is on: text is read from there outward.
  public var near: PageIndex
  /// The document's page count (what a search that cannot run reports as searched).
  public var pageCount: Int

  /// Creates a request.
  public init(generation: Int, query: String, near: PageIndex, pageCount: Int) {
    self.generation = generation
    self.query = query
    self.near = near
    self.pageCount = pageCount
  }
}

/// Pages whose hit boxes the views need.
public struct HitRegionRequest: Hashable, Sendable {
  /// The search they are for.
  public var generation: Int
  /// The pages.
  public var pages: [PageIndex]

  /// Creates a request.
  public init(generation: Int, pages: [PageIndex]) {
    self.generation = generation
    self.pages = pages
  }
}
