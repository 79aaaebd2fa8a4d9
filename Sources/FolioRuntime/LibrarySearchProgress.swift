import FolioCore
import FolioSearch
import FolioStore

/// A search over a library's (document, page) pairs as the loop keeps it: how far each file's
/// text is read, every page's text known so far, and the matches of the query in force. Files
/// are read in the shelf's order from the one the search starts at (wrapping), a long file a
/// part at a time; every page read is matched, so the hits of a file grow as its parts come
/// in. A new query matches the text known again; it does not read it again. No page or hit is
/// ever dropped for a size or a time limit: a file whose whole read fails is read alone, in
/// parts, and only a part that fails twice leaves the rest of its file unsearched (said in
/// `failures`).
struct LibrarySearchProgress {
  /// How far one file's text is read.
  enum Reading: Equatable {
    case unread
    /// Read alone, a part at a time (several at once once its page count is known).
    case parts(PartsRead)
    case done
    case failed(String)
  }

  /// How far a file read in parts is.
  struct PartsRead: Equatable {
    /// Its key without the page count.
    var content: DocumentFingerprint?
    /// Its page count, once a worker has said it.
    var pageCount: Int?
    /// Pages taken into its text, from the first.
    var taken = 0
    /// Parts read ahead of `taken`, by their first page.
    var early: [Int: [SearchableText]] = [:]
    /// Parts that failed once (a second failure gives the rest of the file up).
    var failedOnce: Set<Int> = []
  }

  /// Pages matched in one job.
  static let chunkSize = 64
  /// Read jobs asked for at a time (files or parts), in order.
  static let readsAhead = 6

  let fileCount: Int
  let partSize: Int
  private(set) var readings: [Reading]
  /// Each file's pages' text known so far, in page order.
  private(set) var texts: [[SearchableText]]
  /// The files whose text came whole from the text cache.
  private(set) var fromCache: Set<Int> = []
  private(set) var generation = 0
  private(set) var query: TextQuery?
  private(set) var start = 0
  /// Pages of each file matched against the query in force.
  private var matched: [Int]
  /// The matches: file → page → ranges.
  private(set) var matches: [Int: [Int: [Range<Int>]]] = [:]
  /// Whether the results changed since they were last taken.
  private(set) var hasNews = false

  init(fileCount: Int, partSize: Int) {
    self.fileCount = fileCount
    self.partSize = max(1, partSize)
    readings = Array(repeating: .unread, count: fileCount)
    texts = Array(repeating: [], count: fileCount)
    matched = Array(repeating: 0, count: fileCount)
  }

  /// Files in the order they are read and matched: from `start` on, wrapping.
  var order: some Sequence<Int> {
    (0..<fileCount).lazy.map { (start + $0) % fileCount }
  }

  /// Makes `query` the search (nil: none), numbered `generation`, reading from file `start`.
  mutating func search(_ query: TextQuery?, generation: Int, start: Int) {
    self.query = query
    self.generation = generation
    self.start = fileCount == 0 ? 0 : min(max(0, start), fileCount - 1)
    matches = [:]
    matched = Array(repeating: 0, count: fileCount)
    hasNews = true
  }

  /// Reads `file` again if it could not be read (its password became known): it is unread,
  /// and the search in force, and every one after, reads and matches it.
  mutating func readAgain(_ file: Int) {
    guard readings.indices.contains(file), case .failed = readings[file] else { return }
    readings[file] = .unread
    texts[file] = []
    matched[file] = 0
    matches[file] = nil
    fromCache.remove(file)
    if query != nil { hasNews = true }
  }

  /// Whether a file is searched: all its text read (or given up) and matched.
  func isSearched(_ file: Int) -> Bool {
    switch readings[file] {
    case .done, .failed: return query == nil || matched[file] >= texts[file].count
    case .unread, .parts: return query == nil
    }
  }

  /// Files searched, and how many from `start` on (wrapping) are all searched.
  var searchedCounts: (all: Int, fromStart: Int) {
    var all = 0
    var fromStart = 0
    var unbroken = true
    for file in order {
      if isSearched(file) {
        all += 1
        if unbroken { fromStart += 1 }
      } else {
        unbroken = false
      }
    }
    return (all, fromStart)
  }

  /// The files that could not be read whole, and why.
  var failures: [(file: Int, reason: String)] {
    readings.enumerated().compactMap { file, reading in
      if case .failed(let reason) = reading { return (file, reason) }
      return nil
    }
  }

  /// A file's hits, all pages counted.
  func hitCount(of file: Int) -> Int {
    matches[file]?.values.reduce(0) { $0 + $1.count } ?? 0
  }

  /// The jobs wanted now, most urgent first: matching the text known, then reading on.
  func wantedJobs() -> [(LibraryTextJob, RenderPriority)] {
    guard let query else { return [] }
    var jobs: [(LibraryTextJob, RenderPriority)] = []
    var reads = 0
    for file in order {
      if matched[file] < texts[file].count {
        // The next chunk is wanted until its matches are taken.
        let pages = Array(matched[file]..<min(texts[file].count, matched[file] + Self.chunkSize))
        let chunk = MatchChunk(
          generation: generation, pages: pages, query: query, texts: pages.map { texts[file][$0] })
        jobs.append(
          (.match(chunk, file: file), RenderPriority(tier: .visible, distance: jobs.count)))
      }
      guard reads < Self.readsAhead else { continue }
      switch readings[file] {
      case .unread:
        jobs.append((.whole(file: file), RenderPriority(tier: .ahead, distance: reads)))
        reads += 1
      case .parts(let parts):
        let end = parts.pageCount ?? (parts.taken + 1)
        for first in stride(from: parts.taken, to: end, by: partSize)
        where parts.early[first] == nil && reads < Self.readsAhead {
          jobs.append(
            (
              .part(file: file, pages: first..<first + partSize, content: parts.content),
              RenderPriority(tier: .ahead, distance: reads)
            ))
          reads += 1
        }
      case .done, .failed: break
      }
    }
    return jobs
  }

  /// Takes a job's outcome.
  mutating func take(_ job: LibraryTextJob, _ result: Result<LibraryTextResult, any Error>) {
    switch (job, result) {
    case (.match(let chunk, let file), .success(.matched(let found))):
      guard chunk.generation == generation, chunk.pages.first == matched[file] else { return }
      for (page, ranges) in found where !ranges.isEmpty {
        matches[file, default: [:]][page] = ranges
      }
      matched[file] += chunk.pages.count
      hasNews = true
    case (.match(let chunk, let file), _):
      // Matching never fails but when no thread runs: the pages count as searched.
      guard chunk.generation == generation, chunk.pages.first == matched[file] else { return }
      matched[file] += chunk.pages.count
      hasNews = true
    case (.whole(let file), .success(.pages(let pages, let cached))):
      guard readings[file] == .unread else { return }
      texts[file] = pages
      if cached { fromCache.insert(file) }
      readings[file] = .done
      hasNews = true
    case (.whole(let file), .success(.needsParts(let content, let first))):
      guard readings[file] == .unread else { return }
      texts[file] = first
      hasNews = hasNews || !first.isEmpty
      readings[file] = .parts(PartsRead(content: content))
    case (.whole(let file), .success(.failed(let reason))):
      fail(file, reason)
    case (.whole(let file), _):
      fail(file, "could not be read")
    case (.part(let file, let pages, _), let result):
      takePart(file, pages, result)
    }
  }

  /// Takes taken results' news away: whether anything changed since the last call.
  mutating func takeNews() -> Bool {
    defer { hasNews = false }
    return hasNews
  }

  private mutating func takePart(
    _ file: Int, _ pages: Range<Int>, _ result: Result<LibraryTextResult, any Error>
  ) {
    guard case .parts(var parts) = readings[file], pages.lowerBound >= parts.taken,
      parts.early[pages.lowerBound] == nil
    else { return }
    guard case .success(.part(let read, let pageCount)) = result else {
      guard parts.failedOnce.insert(pages.lowerBound).inserted else {
        return fail(file, "could not be read past page \(pages.lowerBound)")
      }
      readings[file] = .parts(parts)
      return
    }
    parts.pageCount = parts.pageCount ?? pageCount
    parts.early[pages.lowerBound] = read
    var ended = false
    while let next = parts.early.removeValue(forKey: parts.taken) {
      // Pages known already (the first pages of a whole read) stay, matched as they are.
      let known = texts[file].count - parts.taken
      if known < next.count { texts[file] += next[max(0, known)...] }
      parts.taken += next.count
      hasNews = true
      // A short part is the file's last.
      if next.count < partSize {
        ended = true
        break
      }
    }
    if ended || parts.pageCount.map({ parts.taken >= $0 }) == true {
      readings[file] = .done
    } else {
      readings[file] = .parts(parts)
    }
  }

  private mutating func fail(_ file: Int, _ reason: String) {
    readings[file] = .failed(reason)
    hasNews = true
  }
}
