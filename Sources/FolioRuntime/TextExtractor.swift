import FolioCore
import FolioSearch
import FolioStore
import Glibc

/// One page's text as extraction delivers it: the text and boxes for the disk cache and for
/// highlighting, and its normalized form for searching.
public struct ExtractedText: Sendable {
  /// The page.
  public var page: Int
  /// Its text layer.
  public var text: PageText
  /// Its text as searches read it.
  public var searchable: SearchableText
}

/// Reads the text of a document's pages in the background for searching, with page workers of
/// its own (worker processes at a lower priority than renders), pages near the reader's
/// first and then outward (`focus(on:)`), in batches. Each batch is normalized and written to
/// the disk cache on the thread that read it; the loop takes what was read (`take()`). Pages
/// the cache held are never read again. Use from one thread.
public final class TextExtractor {
  private let service: WorkQueue<Range<Int>, [ExtractedText]>
  /// The batches not yet read (a failed batch is split into single pages).
  private var unread: Set<Range<Int>>
  /// The searchable text of every page read so far (from the cache or a worker).
  public private(set) var pages: [SearchableText?]
  /// How many pages have text (read or failed).
  public private(set) var readCount = 0
  private let pageCount: Int
  private var focusPage = 0

  /// Pages per batch.
  static let batchSize = 8

  /// Prepares to read the `pageCount` pages not in `cached` (page → searchable text, from the
  /// disk cache) with `threads` workers from `opening`, writing what it reads to `cache` under
  /// `fingerprint` when both are given. Nothing is read before `focus(on:)`.
  public init(
    pageCount: Int, cached: [Int: SearchableText], opening: DocumentOpening, threads: Int,
    cache: TextCache?, fingerprint: DocumentFingerprint?, inbox: LoopInbox? = nil
  ) throws {
    self.pageCount = pageCount
    var pages = [SearchableText?](repeating: nil, count: pageCount)
    for (page, text) in cached where (0..<pageCount).contains(page) { pages[page] = text }
    self.pages = pages
    readCount = pages.lazy.filter { $0 != nil }.count
    unread = Set(
      stride(from: 0, to: pageCount, by: Self.batchSize).map { start in
        start..<min(pageCount, start + Self.batchSize)
      }.filter { batch in batch.contains { pages[$0] == nil } })
    service = try WorkQueue<Range<Int>, [ExtractedText]>(
      workerCount: max(1, threads), name: "folio-text", inbox: inbox,
      makeWorker: {
        lowerThreadPriority()
        return try opening.makeWorker()
      },
      // A worker idle after reading lets go of the pages it loaded (or ends, if it grew).
      rest: { worker in worker.rest() }
    ) { worker, range in
      let texts = try worker.texts(of: range)
      let extracted = zip(range, texts).map { page, text in
        ExtractedText(page: page, text: text, searchable: SearchableText(normalizing: text.text))
      }
      if let cache, let fingerprint {
        try? cache.store(
          extracted.map {
            CachedPageText(
              page: $0.page, text: Array($0.text.text.utf8), boxes: TextBox.encode($0.text.boxes),
              searchable: $0.searchable.utf8)
          }, of: fingerprint)
      }
      return extracted
    }
  }

  deinit { service.beginShutdown() }

  /// The descriptor that turns readable when a batch is read.
  public var wakeDescriptor: Int32 { service.wakeDescriptor }

  /// Where its batches are posted.
  public var address: LoopInbox.Address { service.address }

  /// Whether every page has text.
  public var isFinished: Bool { unread.isEmpty }

  /// Reads the pages nearest `page` first, then outward.
  public func focus(on page: Int) {
    focusPage = page
    service.replaceWanted(
      unread.sorted { $0.lowerBound < $1.lowerBound }.map { batch in
        let distance =
          batch.contains(page)
          ? 0 : min(abs(batch.lowerBound - page), abs(batch.upperBound - 1 - page))
        return (batch, RenderPriority(tier: .behind, distance: distance))
      })
  }

  /// Takes what was read since the last call and records it in `pages`. A batch that failed
  /// (a worker crashed or ran out of time on one of its pages) is read again a page at a time;
  /// a single page that fails is taken as a page without text.
  public func take() -> [ExtractedText] { receive(service.inbox.take(for: service.address)) }

  /// `take()` for the batches in `letters` (the loop's inbox); letters for others are ignored.
  public func receive(_ letters: [LoopInbox.Letter]) -> [ExtractedText] {
    let (outcomes, _) = service.receive(letters)
    var taken: [ExtractedText] = []
    var split = false
    for outcome in outcomes {
      let batch = outcome.request
      guard unread.remove(batch) != nil else { continue }
      switch outcome.result {
      case .success(let texts):
        for text in texts where pages[text.page] == nil {
          pages[text.page] = text.searchable
          readCount += 1
          taken.append(text)
        }
        // A reply short of pages leaves them without text rather than unsearched.
        for page in batch where pages[page] == nil { taken.append(takeWithoutText(page)) }
      case .failure where batch.count > 1:
        for page in batch where pages[page] == nil { unread.insert(page..<page + 1) }
        split = true
      case .failure:
        // A page no worker could read has no text (and is not cached: the next open tries
        // again); it counts as searched.
        if pages[batch.lowerBound] == nil { taken.append(takeWithoutText(batch.lowerBound)) }
      }
    }
    if split { focus(on: focusPage) }
    // Every page has text: the workers (and Poppler's objects for every page) go.
    if unread.isEmpty { service.beginShutdown() }
    return taken
  }

  /// Records `page` as read without text (not cached: the next open tries again).
  private func takeWithoutText(_ page: Int) -> ExtractedText {
    let empty = SearchableText(utf8: [])
    pages[page] = empty
    readCount += 1
    return ExtractedText(page: page, text: .empty, searchable: empty)
  }
}

extension TextExtractor {
  /// Reads every page (nearest `page` first), waiting until all have text: for scripts.
  public func readAll(startingAt page: Int = 0) -> [SearchableText?] {
    focus(on: page)
    _ = take()
    while !isFinished {
      var descriptor = pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, 1000)
      _ = take()
    }
    return pages
  }
}
