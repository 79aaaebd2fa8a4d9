import FolioSearch
import Foundation

/// Matches the search in force against pages' text on a thread of its own, as pages arrive,
/// so the loop never waits for a search over thousands of pages. A new query restarts the
/// matching, not the reading of text. Results are taken by the loop (`results()`), woken by
/// `wakeDescriptor`.
final class SearchMatcher {
  /// What the thread works on, under `condition`'s lock.
  fileprivate struct Work {
    var generation = 0
    var query: TextQuery?
    /// Every page's searchable text known so far.
    var texts: [SearchableText?]
    /// Pages with text not yet matched against the query.
    var unmatched: [Int] = []
    /// Pages matched, and the matches of those with hits.
    var matchedCount = 0
    /// Which pages are matched, and how many from `start` on (wrapping) all are.
    var matched: [Bool] = []
    var start = 0
    var matchedFromStart = 0
    var matches: [Int: [Range<Int>]] = [:]
    /// Whether results changed since the loop last took them.
    var hasNews = false
    var isStopping = false
  }

  private let shared: SearchMatcherShared
  private var thread: JoinableThread?
  /// Pages matched in one step before results are published.
  static let chunkSize = 64

  init(pageCount: Int) throws {
    let shared = SearchMatcherShared(
      work: Work(texts: Array(repeating: nil, count: pageCount)), wake: try WakePipe())
    self.shared = shared
    thread = try JoinableThread(name: "folio-search") { shared.run() }
  }

  private var condition: NSCondition { shared.condition }
  private var wake: WakePipe { shared.wake }
  private var work: Work {
    get { shared.work }
    _modify { yield &shared.work }
  }

  deinit { stop() }

  var wakeDescriptor: Int32 { wake.readDescriptor }

  /// Ends the thread (waiting for it).
  func stop() {
    condition.lock()
    work.isStopping = true
    condition.broadcast()
    condition.unlock()
    thread?.join()
    thread = nil
  }

  /// Makes `query` the search (nil: none), numbered `generation`; pages with text are matched
  /// again from scratch, those from `start` on first.
  func search(_ query: TextQuery?, generation: Int, start: Int = 0) {
    condition.lock()
    work.generation = generation
    work.query = query
    work.matches = [:]
    work.matchedCount = 0
    work.matched = Array(repeating: false, count: work.texts.count)
    work.start = start
    work.matchedFromStart = 0
    work.unmatched = query == nil ? [] : work.texts.indices.filter { work.texts[$0] != nil }
    work.hasNews = true
    condition.broadcast()
    condition.unlock()
    wake.signal()
  }

  /// Adds pages' text, matched against the search in force as soon as the thread gets to them.
  func add(_ pages: [(page: Int, text: SearchableText)]) {
    guard !pages.isEmpty else { return }
    condition.lock()
    for (page, text) in pages where work.texts.indices.contains(page) {
      if work.texts[page] == nil && work.query != nil { work.unmatched.append(page) }
      work.texts[page] = text
    }
    condition.broadcast()
    condition.unlock()
  }

  /// The results of the search in force, if they changed since the last call: its generation,
  /// how many pages were matched, and every page's matches.
  func results() -> (
    generation: Int, matchedCount: Int, matchedFromStart: Int, matches: [Int: [Range<Int>]]
  )? {
    wake.drain()
    condition.lock()
    defer { condition.unlock() }
    guard work.hasNews else { return nil }
    work.hasNews = false
    return (work.generation, work.matchedCount, work.matchedFromStart, work.matches)
  }

  /// The matches of `page` for the search in force, and its text.
  func matches(of page: Int) -> (generation: Int, text: SearchableText?, ranges: [Range<Int>]) {
    condition.lock()
    defer { condition.unlock() }
    let text = work.texts.indices.contains(page) ? work.texts[page] : nil
    return (work.generation, text, work.matches[page] ?? [])
  }
}

/// What the matcher and its thread share: the work under the condition's lock, and the pipe
/// that wakes the loop.
private final class SearchMatcherShared: @unchecked Sendable {
  let condition = NSCondition()
  var work: SearchMatcher.Work
  let wake: WakePipe

  init(work: SearchMatcher.Work, wake: WakePipe) {
    self.work = work
    self.wake = wake
  }

  func run() {
    while true {
      condition.lock()
      while !work.isStopping && work.unmatched.isEmpty { condition.wait() }
      if work.isStopping {
        condition.unlock()
        return
      }
      guard let query = work.query else {
        work.unmatched = []
        condition.unlock()
        continue
      }
      let generation = work.generation
      // Nearest the start first (in reading order, wrapping), so the first hit from there
      // is known early.
      let count = max(1, work.texts.count)
      let start = work.start
      work.unmatched.sort { ($0 - start + count) % count > ($1 - start + count) % count }
      let pages = work.unmatched.suffix(SearchMatcher.chunkSize)
      work.unmatched.removeLast(pages.count)
      let texts = pages.map { ($0, work.texts[$0]) }
      condition.unlock()
      var matcher = TextMatcher(query)
      let found = texts.map { page, text in (page, text.map { matcher.matches(in: $0) } ?? []) }
      condition.lock()
      if work.generation == generation {
        for (page, ranges) in found {
          if !ranges.isEmpty { work.matches[page] = ranges }
          if !work.matched[page] {
            work.matched[page] = true
            work.matchedCount += 1
          }
        }
        while work.matchedFromStart < count
          && work.matched[(work.start + work.matchedFromStart) % count]
        {
          work.matchedFromStart += 1
        }
        work.hasNews = true
      }
      condition.unlock()
      wake.signal()
    }
  }
}
