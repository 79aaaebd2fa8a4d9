import FolioCore
import FolioSearch
import FolioStore
import FolioUI

/// Searching one version of a document for the loop, with nothing that can block on the loop's
/// thread. At the first search a job on the searcher's own thread fingerprints the file, opens
/// the text cache and reads every cached page's text; text workers then read the rest (nearest
/// pages first). Matching the search in force runs on the same thread, in chunks of pages
/// nearest the search's start, as text arrives; so does finding where a page's hits lie (from
/// text read recently, else from the cache). Everything it learns comes back as events. Use
/// from the loop's thread.
public final class DocumentSearcher: LoopService {
  /// How to read text: the document's page count, the workers, and the text cache with the
  /// document's key in it (both opened at the first search, on the searcher's thread).
  public struct Setup: Sendable {
    public var pageCount: Int
    public var opening: DocumentOpening
    public var threads: Int
    public var openCache: @Sendable () -> (cache: TextCache, key: DocumentFingerprint)?

    /// Creates a setup.
    public init(
      pageCount: Int, opening: DocumentOpening, threads: Int = 2,
      openCache: @escaping @Sendable () -> (cache: TextCache, key: DocumentFingerprint)?
    ) {
      self.pageCount = pageCount
      self.opening = opening
      self.threads = threads
      self.openCache = openCache
    }
  }

  private let setup: Setup
  /// The loop's inbox, if given; else one of its own, made at the first search.
  private let loopInbox: LoopInbox?
  private var inbox: LoopInbox?
  /// The searcher's thread: preparing, matching, hit boxes (started at the first search).
  private var jobs: WorkQueue<SearchJob, SearchJobResult>?
  private var extractor: TextExtractor?
  private var isPrepared = false
  private var cache: TextCache?
  private var fingerprint: DocumentFingerprint?
  private var matching: SearchMatching
  /// Hit boxes asked for and not found yet, by page.
  private var regionJobs: [Int: RegionsJob] = [:]
  /// Recently read pages' text and boxes, for hit boxes without the disk.
  private var recentTexts: [Int: PageText] = [:]
  private var recentOrder: [Int] = []
  static let recentLimit = 256
  private var pendingEvents: [Event] = []
  /// Whether the hits panel wants lines of context, and the lines made for the last matches.
  private var sendsLines = false
  private var linesByPage: [Int: [HitLine]] = [:]
  private var linesGeneration = 0

  /// Prepares to search, posting to `inbox` (a private one when nil); no thread starts and
  /// nothing is read before the first search.
  public init(_ setup: Setup, inbox: LoopInbox? = nil) {
    self.setup = setup
    loopInbox = inbox
    matching = SearchMatching(pageCount: setup.pageCount)
  }

  deinit { jobs?.beginShutdown() }

  /// The descriptors to poll (its inbox's, once it has started).
  public var wakeDescriptors: [Int32] { inbox.map { [$0.wakeDescriptor] } ?? [] }

  /// Starts (or clears, for an empty query) the search of `request`.
  public func search(_ request: SearchRequest) {
    linesByPage = [:]
    linesGeneration = request.generation
    regionJobs = [:]
    guard !request.query.isEmpty else {
      matching.search(nil, generation: request.generation, start: 0)
      schedule()
      return
    }
    if jobs == nil {
      inbox = loopInbox ?? (try? LoopInbox())
      jobs = try? WorkQueue<SearchJob, SearchJobResult>(
        workerCount: 1, name: "folio-search", inbox: inbox, makeWorker: { () }
      ) { [setup] _, job in try job.run(setup: setup) }
    }
    guard jobs != nil, inbox != nil else {
      // No thread to search on.
      pendingEvents += SearchResults.ending(
        request, pageCount: setup.pageCount, because: "cannot start searching")
      return
    }
    extractor?.focus(on: request.near.rawValue)
    matching.search(
      TextQuery(request.query), generation: request.generation, start: request.near.rawValue)
    schedule()
  }

  /// What happened since the last call, from its own inbox (a searcher used on its own).
  public func takeEvents() -> [Event] {
    receive(loopInbox == nil ? inbox?.takeAll() ?? [] : [])
  }

  /// The events `letters` make: text read, matches, hit boxes, the cache prepared.
  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] {
    var events = pendingEvents
    pendingEvents = []
    if let jobs {
      for outcome in jobs.receive(letters).outcomes {
        events += take(outcome)
      }
    }
    if let extractor {
      events += receiveText(extractor.receive(letters))
    }
    events += results()
    return events
  }

  /// Takes text read by the workers: remembered for hit boxes, matched next.
  private func receiveText(_ read: [ExtractedText]) -> [Event] {
    guard !read.isEmpty else { return [] }
    for text in read { remember(text.page, text.text) }
    matching.add(read.map { ($0.page, $0.searchable) })
    schedule()
    return results()
  }

  /// What one job came to.
  private func take(_ outcome: RenderOutcome<SearchJob, SearchJobResult>) -> [Event] {
    switch (outcome.request, outcome.result) {
    case (.prepare, .success(.prepared(let cache, let fingerprint, let cached))):
      startReading(cache: cache, fingerprint: fingerprint, cached: cached)
    case (.prepare, _):
      startReading(cache: nil, fingerprint: nil, cached: [:])
    case (.match(let chunk), .success(.matched(let found))):
      matching.take(found, of: chunk)
    case (.match(let chunk), .failure):
      matching.take(chunk.pages.map { ($0, []) }, of: chunk)
    case (.regions(let job), let result):
      guard regionJobs[job.page] == job else { return [] }
      regionJobs[job.page] = nil
      var hits = job.ranges.map { _ in [HitBox]() }
      if case .success(.regions(let found, let text)) = result {
        hits = found
        if let text { remember(job.page, text) }
      }
      return [
        .hitRegions(HitRegions(generation: job.generation, page: PageIndex(job.page), hits: hits))
      ]
    default:
      break
    }
    schedule()
    return []
  }

  /// The search's results, if they changed, and the panel's lines with them.
  private func results() -> [Event] {
    guard let (generation, matchedCount, fromStart, matches) = matching.takeNews() else {
      return []
    }
    var events: [Event] = []
    if generation != linesGeneration {
      linesByPage = [:]
      linesGeneration = generation
    }
    if sendsLines { events.append(.hitLines(lines())) }
    let pages = matches.keys.sorted().map {
      PageHits(page: PageIndex($0), count: matches[$0]?.count ?? 0)
    }
    events.append(
      .searchResults(
        SearchResults(
          generation: generation, searchedPages: matchedCount, searchedFromStart: fromStart,
          pageCount: setup.pageCount, pages: pages)))
    return events
  }

  /// Sends the hits panel's lines now and whenever more hits are found.
  public func sendLines() {
    sendsLines = true
    pendingEvents.append(.hitLines(lines()))
  }

  /// Stops sending lines (the panel closed).
  public func stopLines() { sendsLines = false }

  /// Every hit's line of context for the matches so far (at most `HitLines.limit`).
  private func lines() -> HitLines {
    var lines: [HitLine] = []
    for page in matching.matches.keys.sorted() where lines.count < HitLines.limit {
      if let kept = linesByPage[page] {
        lines += kept
        continue
      }
      guard let text = matching.text(of: page), let ranges = matching.matches[page] else {
        continue
      }
      let near = max(0, page - 2)...min(setup.pageCount - 1, page + 2)
      let body = RunningText.body(ofPage: page, pageCount: setup.pageCount) {
        matching.text(of: $0)
      }
      let made = ranges.enumerated().map { index, range in
        let context = HitContext(of: range, in: text, reach: 30, body: body)
        return HitLine(
          position: HitPosition(page: PageIndex(page), index: index),
          before: context.before, match: context.match, after: context.after)
      }
      // Kept once the pages its running head is told by are read.
      if near.allSatisfy({ matching.text(of: $0) != nil }) { linesByPage[page] = made }
      lines += made
    }
    return HitLines(generation: matching.generation, lines: Array(lines.prefix(HitLines.limit)))
  }

  /// Finds where the hits of `request`'s pages lie, on the searcher's thread; answered by
  /// `hitRegions` events (with no boxes for a page whose text and boxes are neither recently
  /// read nor cached).
  public func findRegions(_ request: HitRegionRequest) {
    for page in request.pages {
      let index = page.rawValue
      guard request.generation == matching.generation, matching.text(of: index) != nil,
        let ranges = matching.matches[index], !ranges.isEmpty
      else { continue }
      regionJobs[index] = RegionsJob(
        generation: request.generation, page: index, ranges: ranges, text: recentTexts[index],
        cache: cache, fingerprint: fingerprint)
    }
    schedule()
  }

  /// The cache is open (or not) and its pages read: matching starts on them, and workers read
  /// the rest.
  private func startReading(
    cache: TextCache?, fingerprint: DocumentFingerprint?, cached: [Int: SearchableText]
  ) {
    isPrepared = true
    self.cache = cache
    self.fingerprint = fingerprint
    matching.add(cached.map { ($0.key, $0.value) })
    extractor = try? TextExtractor(
      pageCount: setup.pageCount, cached: cached, opening: setup.opening, threads: setup.threads,
      cache: cache, fingerprint: fingerprint, inbox: inbox)
    extractor?.focus(on: matching.start)
    // Hit boxes asked for before the cache was open read it now.
    for (page, job) in regionJobs {
      var job = job
      job.cache = cache
      job.fingerprint = fingerprint
      regionJobs[page] = job
    }
  }

  /// Hands the thread what is wanted: preparing first, then hit boxes, then the next chunks of
  /// pages to match.
  private func schedule() {
    guard let jobs else { return }
    var wanted: [(SearchJob, RenderPriority)] = []
    if !isPrepared { wanted.append((.prepare, RenderPriority(tier: .visible, distance: 0))) }
    wanted += regionJobs.values.sorted { $0.page < $1.page }.map {
      (.regions($0), RenderPriority(tier: .visible, distance: 1))
    }
    wanted += matching.chunksToMatch().enumerated().map { order, chunk in
      (.match(chunk), RenderPriority(tier: .ahead, distance: order))
    }
    jobs.replaceWanted(wanted)
  }

  private func remember(_ page: Int, _ text: PageText) {
    if recentTexts.updateValue(text, forKey: page) == nil { recentOrder.append(page) }
    if recentOrder.count > Self.recentLimit {
      recentTexts[recentOrder.removeFirst()] = nil
    }
  }
}

/// A job on the searcher's thread.
enum SearchJob: Hashable, Sendable {
  /// Fingerprint the file, open the text cache, read every cached page's searchable text.
  case prepare
  /// Match a chunk of pages against the search in force.
  case match(MatchChunk)
  /// Find where a page's hits lie.
  case regions(RegionsJob)

  /// Does the job (on the searcher's thread).
  func run(setup: DocumentSearcher.Setup) throws -> SearchJobResult {
    switch self {
    case .prepare:
      guard let (cache, fingerprint) = setup.openCache() else {
        return .prepared(cache: nil, fingerprint: nil, cached: [:])
      }
      var cached: [Int: SearchableText] = [:]
      if let texts = try? cache.searchableTexts(of: fingerprint) {
        for (page, searchable) in texts { cached[page] = SearchableText(utf8: searchable) }
      }
      return .prepared(cache: cache, fingerprint: fingerprint, cached: cached)
    case .match(let chunk):
      var matcher = TextMatcher(chunk.query)
      return .matched(
        zip(chunk.pages, chunk.texts).map { page, text in
          (page, text.map { matcher.matches(in: $0) } ?? [])
        })
    case .regions(let job):
      var text = job.text
      var read: PageText?
      if text == nil, let cache = job.cache, let fingerprint = job.fingerprint,
        let cached = try? cache.page(job.page, of: fingerprint),
        let boxes = TextBox.decode(cached.boxes)
      {
        read = PageText(text: String(decoding: cached.text, as: UTF8.self), boxes: boxes)
        text = read
      }
      guard let text else { return .regions(job.ranges.map { _ in [] }, read: nil) }
      return .regions(HitBoxes.regions(of: job.ranges, in: text), read: read)
    }
  }
}

/// What a search job came to.
enum SearchJobResult: Sendable {
  case prepared(cache: TextCache?, fingerprint: DocumentFingerprint?, cached: [Int: SearchableText])
  case matched([(page: Int, ranges: [Range<Int>])])
  /// The boxes, and the page's text if it was read from the cache for them.
  case regions([[HitBox]], read: PageText?)
}

/// Finding one page's hit boxes: the same job while its search, page and ranges are the same.
struct RegionsJob: Hashable, Sendable {
  var generation: Int
  var page: Int
  var ranges: [Range<Int>]
  /// The page's text and boxes if read recently, else where to read them.
  var text: PageText?
  var cache: TextCache?
  var fingerprint: DocumentFingerprint?

  static func == (lhs: RegionsJob, rhs: RegionsJob) -> Bool {
    lhs.generation == rhs.generation && lhs.page == rhs.page && lhs.ranges == rhs.ranges
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(generation)
    hasher.combine(page)
  }
}
