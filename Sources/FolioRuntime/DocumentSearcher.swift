import FolioCore
import FolioSearch
import FolioStore
import FolioUI

/// Searching one version of a document for the loop: reads its text in the background (from
/// the text cache, else with text workers, nearest pages first) once the first search starts,
/// matches the search in force on a thread of its own, and finds where a page's hits lie for
/// highlighting. Everything it learns comes back as events (`takeEvents()`). Use from the
/// loop's thread.
public final class DocumentSearcher {
  /// How to read text: the document's page count, the workers, and the text cache with the
  /// document's key in it (both opened at the first search, not before the first frame).
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
  private var extractor: TextExtractor?
  private var cache: TextCache?
  private var fingerprint: DocumentFingerprint?
  /// The matching thread, started at the first search.
  private var matcher: SearchMatcher?
  /// Recently read pages' text and boxes, for highlighting without the disk.
  private var recentTexts: [Int: PageText] = [:]
  private var recentOrder: [Int] = []
  static let recentLimit = 256
  private var pendingEvents: [Event] = []
  /// Whether the hits panel wants lines of context, and the last matches seen.
  private var sendsLines = false
  private var lastMatches: (generation: Int, matches: [Int: [Range<Int>]]) = (0, [:])
  /// Lines made for the last matches' pages.
  private var linesByPage: [Int: [HitLine]] = [:]

  /// Prepares to search; no thread starts and nothing is read before the first search.
  public init(_ setup: Setup) { self.setup = setup }

  /// The descriptors to poll.
  public var wakeDescriptors: [Int32] {
    (matcher.map { [$0.wakeDescriptor] } ?? []) + (extractor.map { [$0.wakeDescriptor] } ?? [])
  }

  /// Starts (or clears, for an empty query) the search of `request`.
  public func search(_ request: SearchRequest) {
    linesByPage = [:]
    lastMatches = (request.generation, [:])
    guard !request.query.isEmpty else {
      matcher?.search(nil, generation: request.generation)
      return
    }
    if matcher == nil { matcher = try? SearchMatcher(pageCount: setup.pageCount) }
    guard let matcher else {
      // No thread to match on.
      pendingEvents += SearchResults.ending(
        request, pageCount: setup.pageCount, because: "cannot start searching")
      return
    }
    if extractor == nil { startReading(into: matcher) }
    extractor?.focus(on: request.near.rawValue)
    matcher.search(
      TextQuery(request.query), generation: request.generation, start: request.near.rawValue)
  }

  /// What happened since the last call: new results, hit boxes found.
  public func takeEvents() -> [Event] {
    var events = pendingEvents
    pendingEvents = []
    guard let matcher else { return events }
    if let extractor {
      let read = extractor.take()
      for text in read { remember(text.page, text.text) }
      matcher.add(read.map { ($0.page, $0.searchable) })
    }
    if let (generation, matchedCount, fromStart, matches) = matcher.results() {
      if generation != lastMatches.generation { linesByPage = [:] }
      lastMatches = (generation, matches)
      if sendsLines { events.append(.hitLines(lines())) }
      let pages = matches.keys.sorted().map {
        PageHits(page: PageIndex($0), count: matches[$0]?.count ?? 0)
      }
      events.append(
        .searchResults(
          SearchResults(
            generation: generation, searchedPages: matchedCount, searchedFromStart: fromStart,
            pageCount: setup.pageCount, pages: pages)))
    }
    return events
  }

  /// Sends the hits panel's lines now and whenever more hits are found.
  public func sendLines() {
    sendsLines = true
    pendingEvents.append(.hitLines(lines()))
  }

  /// Every hit's line of context for the last matches (at most `HitLines.limit`).
  private func lines() -> HitLines {
    var lines: [HitLine] = []
    for page in lastMatches.matches.keys.sorted() where lines.count < HitLines.limit {
      if linesByPage[page] == nil {
        guard let (_, text, ranges) = matcher?.matches(of: page), let text else { continue }
        linesByPage[page] = ranges.enumerated().map { index, range in
          let context = HitContext(of: range, in: text, reach: 30)
          return HitLine(
            position: HitPosition(page: PageIndex(page), index: index), before: context.before,
            match: context.match, after: context.after)
        }
      }
      lines += linesByPage[page] ?? []
    }
    return HitLines(generation: lastMatches.generation, lines: Array(lines.prefix(HitLines.limit)))
  }

  /// Finds where the hits of `request`'s pages lie, answered by `hitRegions` events (with no
  /// boxes for a page whose text and boxes are neither recently read nor cached).
  public func findRegions(_ request: HitRegionRequest) {
    for page in request.pages {
      guard let (generation, searchable, ranges) = matcher?.matches(of: page.rawValue),
        generation == request.generation, searchable != nil, !ranges.isEmpty
      else { continue }
      guard let text = pageText(page.rawValue) else {
        // Its text and boxes are neither recent nor cached: the hits show without tints.
        pendingEvents.append(
          .hitRegions(HitRegions(generation: generation, page: page, hits: ranges.map { _ in [] })))
        continue
      }
      pendingEvents.append(
        .hitRegions(
          HitRegions(
            generation: generation, page: page, hits: HitBoxes.regions(of: ranges, in: text))))
    }
  }

  private func startReading(into matcher: SearchMatcher) {
    var cached: [Int: SearchableText] = [:]
    if let (cache, fingerprint) = setup.openCache() {
      self.cache = cache
      self.fingerprint = fingerprint
    }
    if let cache, let fingerprint, let texts = try? cache.searchableTexts(of: fingerprint) {
      for (page, searchable) in texts { cached[page] = SearchableText(utf8: searchable) }
    }
    matcher.add(cached.map { ($0.key, $0.value) })
    extractor = try? TextExtractor(
      pageCount: setup.pageCount, cached: cached, opening: setup.opening, threads: setup.threads,
      cache: cache, fingerprint: fingerprint)
  }

  /// Whether every page's text has been read.
  public var hasReadEverything: Bool { extractor?.isFinished ?? false }

  /// A page's text and boxes: recently read, else from the cache.
  private func pageText(_ page: Int) -> PageText? {
    if let text = recentTexts[page] { return text }
    guard let cache, let fingerprint,
      let cached = try? cache.page(page, of: fingerprint),
      let boxes = TextBox.decode(cached.boxes)
    else { return nil }
    let text = PageText(text: String(decoding: cached.text, as: UTF8.self), boxes: boxes)
    remember(page, text)
    return text
  }

  private func remember(_ page: Int, _ text: PageText) {
    if recentTexts.updateValue(text, forKey: page) == nil { recentOrder.append(page) }
    if recentOrder.count > Self.recentLimit {
      recentTexts[recentOrder.removeFirst()] = nil
    }
  }
}

/// Turns hits (byte ranges of a page's searchable text) into boxes on the page.
enum HitBoxes {
  /// For each range, the boxes of its characters merged into one box per line, as fractions of
  /// the page.
  static func regions(of ranges: [Range<Int>], in text: PageText) -> [[PageRegion]] {
    let (_, sources) = SearchableText.normalizingWithSources(text.text)
    return ranges.map { range in
      guard !range.isEmpty, range.upperBound <= sources.count else { return [] }
      let first = Int(sources[range.lowerBound])
      let last = Int(sources[range.upperBound - 1])
      guard first <= last, last < text.boxes.count else { return [] }
      var lines: [TextBox] = []
      for box in text.boxes[first...last] where !box.isEmpty {
        if var line = lines.last, Self.isSameLine(line, box) {
          line.left = min(line.left, box.left)
          line.top = min(line.top, box.top)
          line.right = max(line.right, box.right)
          line.bottom = max(line.bottom, box.bottom)
          lines[lines.count - 1] = line
        } else {
          lines.append(box)
        }
      }
      let scale = Double(TextBox.scale)
      return lines.map { box in
        PageRegion(
          x: Double(box.left) / scale, y: Double(box.top) / scale,
          width: Double(box.right - box.left) / scale, height: Double(box.bottom - box.top) / scale)
      }
    }
  }

  /// Whether `box` continues `line`: it overlaps the line's height by half and does not start
  /// left of it.
  static func isSameLine(_ line: TextBox, _ box: TextBox) -> Bool {
    let overlap = Int(min(line.bottom, box.bottom)) - Int(max(line.top, box.top))
    let height = Int(min(line.bottom - line.top, box.bottom - box.top))
    return overlap * 2 >= height && Int(box.left) + 16 >= Int(line.left)
  }
}
