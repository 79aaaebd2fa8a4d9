import FolioCore
import FolioSearch
import FolioStore
import FolioUI

/// Searching a library's shelf for the loop: every page of every document, in the shelf's
/// order from the cover the search starts at. Text comes from the cache or is read by the
/// library's workers (`LibraryText`), and each page read is matched on the reading threads as
/// it comes, so hits stream in as a single document's search does. The shelf's results count
/// documents (a cover's hits are all its pages' hits); the hits panel names each hit's
/// document and its page inside it. Use from the loop's thread.
public final class LibrarySearcher: PageSearcher {
  private let text: LibraryText
  private let loopInbox: LoopInbox?
  private var inbox: LoopInbox?
  private var jobs: WorkQueue<LibraryTextJob, LibraryTextResult>?
  private var progress: LibrarySearchProgress
  private var pendingEvents: [Event] = []
  private var sendsLines = false
  /// The failures said on the status line already.
  private var failuresSaid = 0
  /// The hits panel's context of each page's hits (by file, then page), made once a search.
  private var contexts: [Int: [Int: [HitContext]]] = [:]
  private var contextsGeneration = 0

  /// Prepares to search `text`'s files, posting to `inbox` (a private one when nil); nothing
  /// is read before the first search.
  public init(_ text: LibraryText, inbox: LoopInbox? = nil) {
    self.text = text
    loopInbox = inbox
    progress = LibrarySearchProgress(fileCount: text.files.count, partSize: text.partSize)
  }

  deinit { jobs?.beginShutdown() }

  /// The descriptors to poll (its inbox's, once it has started).
  public var wakeDescriptors: [Int32] { inbox.map { [$0.wakeDescriptor] } ?? [] }

  public func search(_ request: SearchRequest) {
    let query = request.query.isEmpty ? nil : TextQuery(request.query)
    progress.search(query, generation: request.generation, start: request.near.rawValue)
    if query != nil && jobs == nil {
      inbox = loopInbox ?? (try? LoopInbox())
      let text = self.text
      let cache = SharedTextCache(text.openCache)
      jobs = try? WorkQueue<LibraryTextJob, LibraryTextResult>(
        workerCount: text.threads, name: "folio-library-text", inbox: inbox,
        makeWorker: { LibraryTextWorker(text, cache: cache.cache) },
        rest: { worker in worker.rest() }
      ) { worker, job in try worker.run(job) }
      if jobs == nil {
        pendingEvents += SearchResults.ending(
          request, pageCount: text.files.count, because: "cannot start searching")
        return
      }
    }
    schedule()
  }

  /// What happened since the last call, from its own inbox (a searcher used on its own).
  public func takeEvents() -> [Event] {
    receive(loopInbox == nil ? inbox?.takeAll() ?? [] : [])
  }

  public func receive(_ letters: [LoopInbox.Letter]) -> [Event] {
    var events = pendingEvents
    pendingEvents = []
    if let jobs {
      let outcomes = jobs.receive(letters).outcomes
      for outcome in outcomes { progress.take(outcome.request, outcome.result) }
      if !outcomes.isEmpty { schedule() }
    }
    guard progress.takeNews() else { return events }
    let (searched, fromStart) = progress.searchedCounts
    if sendsLines { events.append(.hitLines(lines())) }
    events.append(
      .searchResults(
        SearchResults(
          generation: progress.generation, searchedPages: searched, searchedFromStart: fromStart,
          pageCount: text.files.count,
          pages: progress.matches.keys.sorted().map {
            PageHits(page: PageIndex($0), count: progress.hitCount(of: $0))
          })))
    let failures = progress.failures
    if searched == text.files.count, failures.count > failuresSaid {
      failuresSaid = failures.count
      let names = failures.prefix(3).map { TerminalText.sanitized(Self.name(text.files[$0.file])) }
      events.append(
        .problem(
          (failures.count == 1 ? "1 document" : "\(failures.count) documents")
            + " could not be searched: " + names.joined(separator: ", ")
            + (failures.count > 3 ? "…" : "")))
    }
    return events
  }

  /// Hit boxes on the covers are not drawn: a cover's badge counts its document's hits.
  public func findRegions(_ request: HitRegionRequest) {}

  public func sendLines() {
    sendsLines = true
    pendingEvents.append(.hitLines(lines()))
  }

  public func stopLines() { sendsLines = false }

  /// Every hit's line, document by document in the shelf's order, page by page (at most
  /// `HitLines.limit`); each page's context made once.
  private func lines() -> HitLines {
    if contextsGeneration != progress.generation {
      contexts = [:]
      contextsGeneration = progress.generation
    }
    var lines: [HitLine] = []
    for file in progress.matches.keys.sorted() where lines.count < HitLines.limit {
      guard let pages = progress.matches[file] else { continue }
      var index = 0
      for page in pages.keys.sorted() where lines.count < HitLines.limit {
        for context in self.context(of: page, in: file, ranges: pages[page] ?? []) {
          lines.append(
            HitLine(
              position: HitPosition(page: PageIndex(file), index: index), before: context.before,
              match: context.match, after: context.after, innerPage: page))
          index += 1
        }
      }
    }
    return HitLines(generation: progress.generation, lines: Array(lines.prefix(HitLines.limit)))
  }

  /// The context of each hit on one page of a file.
  private func context(of page: Int, in file: Int, ranges: [Range<Int>]) -> [HitContext] {
    if let made = contexts[file]?[page] { return made }
    let texts = progress.texts[file]
    let body = RunningText.body(ofPage: page, pageCount: texts.count) {
      texts.indices.contains($0) ? texts[$0] : nil
    }
    let ownText = texts[page].ownTextEnd
    let made = ranges.map { range in
      var context = HitContext(of: range, in: texts[page], reach: 30, body: body)
      // In an annotation's note (`NotesPartition`), which the document's own search does
      // not read: said, so that the hit is not looked for in the page's text.
      if range.lowerBound >= ownText { context.before = Self.inNote + context.before }
      return context
    }
    // Kept once the pages its running head is told by are read.
    if page + 2 < texts.count || progress.readings[file] == .done {
      contexts[file, default: [:]][page] = made
    }
    return made
  }

  /// Reads the file at `path` again where it could not be read (its password became known),
  /// for the search in force and those after it.
  func readAgain(_ path: String) {
    for file in text.files.indices where text.files[file] == path { progress.readAgain(file) }
    schedule()
  }

  private func schedule() {
    jobs?.replaceWanted(progress.wantedJobs())
  }

  /// The files searched.
  var fileCount: Int { text.files.count }

  /// What was found in each file so far.
  var found: [LibraryFileFound] {
    let failures = Dictionary(progress.failures.map { ($0.file, $0.reason) }) { first, _ in first }
    return progress.texts.indices.map { file in
      LibraryFileFound(
        pages: progress.texts[file], matches: progress.matches[file] ?? [:],
        failure: failures[file],
        fromCache: progress.fromCache.contains(file) ? progress.texts[file].count : 0)
    }
  }

  /// What starts the line of a hit in an annotation's note.
  static let inNote = "note: "

  /// A file's name without its folders.
  static func name(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
