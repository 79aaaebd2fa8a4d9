import FolioCore
import FolioRuntime
import FolioSearch
import FolioStore
import FolioTestSupport
import FolioUI
import Foundation
import Testing

/// The searcher the loop uses, with page work in this process: results as events, the first
/// pages from the start searched first, hit boxes, the hits panel's lines, and a second
/// searcher answered by the text cache without reading a page.
struct DocumentSearcherTests {
  static let pageCount = 30

  /// "needle" on pages 2 (twice, the second across a line break with a hyphen) and 25.
  static func document() -> SyntheticDocument {
    var texts: [Int: String] = [:]
    for page in 0..<pageCount { texts[page] = "page \(page + 1) of the haystack" }
    texts[1] = "a needle here\nand a nee-\ndle there"
    texts[24] = "the last needle"
    return SyntheticDocument(
      sizes: Array(repeating: PointSize(width: 612, height: 792), count: pageCount), texts: texts)
  }

  static func searcher(_ document: SyntheticDocument, cacheFolder: String) throws
    -> DocumentSearcher
  {
    let opening = DocumentOpening(open: { document })
    return DocumentSearcher(
      DocumentSearcher.Setup(pageCount: pageCount, opening: opening) {
        guard let cache = TextCache.open(directory: cacheFolder).cache else { return nil }
        return (cache, DocumentFingerprint(size: 1, head: [1], tail: [2], pageCount: pageCount))
      })
  }

  /// Takes events until `condition` holds for one (or ten seconds pass).
  static func events(
    from searcher: DocumentSearcher, until condition: (Event) -> Bool
  ) -> [Event] {
    var all: [Event] = []
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      let events = searcher.takeEvents()
      all += events
      if events.contains(where: condition) { return all }
      var descriptors = searcher.wakeDescriptors.map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      _ = poll(&descriptors, nfds_t(descriptors.count), 20)
    }
    Issue.record("no event came that the test waited for; got \(all.count)")
    return all
  }

  static func isComplete(_ event: Event) -> Bool {
    if case .searchResults(let results) = event { return results.searchedPages == pageCount }
    return false
  }

  @Test func findsEveryHitAndItsBoxesAndLines() throws {
    let folder = NSTemporaryDirectory() + "folio-searcher-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let document = Self.document()
    let searcher = try Self.searcher(document, cacheFolder: folder)
    searcher.search(
      SearchRequest(
        generation: 1, query: "needle", near: PageIndex(20), pageCount: Self.pageCount))
    let events = Self.events(from: searcher, until: Self.isComplete)
    guard case .searchResults(let results)? = events.last(where: Self.isComplete) else { return }
    #expect(
      results.pages == [
        PageHits(page: PageIndex(1), count: 2), PageHits(page: PageIndex(24), count: 1),
      ])
    #expect(results.searchedFromStart == Self.pageCount)
    // The hyphenated hit's boxes: "nee-" at the end of line 2 and "dle" at the start of line 3.
    // Found on the searcher's thread (text and boxes from memory or the cache, never on the
    // loop's thread): answered as an event.
    searcher.findRegions(HitRegionRequest(generation: 1, pages: [PageIndex(1)]))
    let found = Self.events(from: searcher) { if case .hitRegions = $0 { true } else { false } }
    let regions = found.compactMap { event -> HitRegions? in
      if case .hitRegions(let regions) = event { return regions }
      return nil
    }
    #expect(regions.count == 1)
    let boxes = regions.first?.hits ?? []
    #expect(boxes.count == 2)
    #expect(boxes.first?.count == 1)
    #expect(
      boxes.first?.first.map { abs($0.region.x - 2.0 / 80) < 0.001 && abs($0.region.y) < 0.001 }
        == true)
    #expect(boxes.last?.count == 2)
    #expect(
      boxes.last?.last.map { abs($0.region.y - 0.02) < 0.001 && abs($0.region.x) < 0.001 } == true)
    // Each box carries the hit's characters on its line.
    #expect(boxes.last?.map(\.text) == ["nee-", "dle"])
    // The panel's lines, in reading order.
    searcher.sendLines()
    let lines =
      searcher.takeEvents().compactMap { event -> HitLines? in
        if case .hitLines(let lines) = event { return lines }
        return nil
      }.last?.lines ?? []
    #expect(lines.map(\.position.page) == [PageIndex(1), PageIndex(1), PageIndex(24)])
    #expect(lines.first?.before == "a " && lines.first?.match == "needle")
  }

  @Test func aSecondSearcherReadsTheCacheAndNoPage() throws {
    let folder = NSTemporaryDirectory() + "folio-searcher-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let first = Self.document()
    let searcher = try Self.searcher(first, cacheFolder: folder)
    searcher.search(
      SearchRequest(
        generation: 1, query: "haystack", near: PageIndex(0), pageCount: Self.pageCount))
    _ = Self.events(from: searcher, until: Self.isComplete)
    #expect(first.textReads == Self.pageCount)
    let second = Self.document()
    let again = try Self.searcher(second, cacheFolder: folder)
    again.search(
      SearchRequest(
        generation: 1, query: "needle", near: PageIndex(0), pageCount: Self.pageCount))
    let events = Self.events(from: again, until: Self.isComplete)
    #expect(second.textReads == 0)
    guard case .searchResults(let results)? = events.last(where: Self.isComplete) else { return }
    #expect(results.pages.map(\.count) == [2, 1])
  }

  @Test func aNewQueryRestartsMatchingNotReading() throws {
    let folder = NSTemporaryDirectory() + "folio-searcher-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let document = Self.document()
    let searcher = try Self.searcher(document, cacheFolder: folder)
    searcher.search(
      SearchRequest(
        generation: 1, query: "needle", near: PageIndex(0), pageCount: Self.pageCount))
    _ = Self.events(from: searcher, until: Self.isComplete)
    searcher.search(
      SearchRequest(
        generation: 2, query: "page 7 of", near: PageIndex(0), pageCount: Self.pageCount))
    let events = Self.events(from: searcher) { event in
      if case .searchResults(let results) = event {
        return results.generation == 2 && results.searchedPages == Self.pageCount
      }
      return false
    }
    #expect(document.textReads == Self.pageCount)
    let last = events.compactMap { event -> SearchResults? in
      if case .searchResults(let results) = event { return results }
      return nil
    }.last
    #expect(last?.pages == [PageHits(page: PageIndex(6), count: 1)])
  }

  /// Page work whose text of page 6 always fails, as a page that crashes its worker would.
  final class TextFailingWorker: PageWorker, @unchecked Sendable {
    let local: LocalPageWorker
    init(_ document: SyntheticDocument) { local = LocalPageWorker(document) }
    func render(_ request: RenderRequest) throws -> RenderedPage { try local.render(request) }
    func facts(of pages: Range<Int>) throws -> [PageFact] { try local.facts(of: pages) }
    func texts(of pages: Range<Int>) throws -> [PageText] {
      if pages.contains(5) { throw WorkerFailure(.crashed(signal: 11)) }
      return try local.texts(of: pages)
    }
    func rest() {}
  }

  @Test func aPageWhoseTextFailsStillLetsTheSearchFinish() throws {
    let document = Self.document()
    let opening = DocumentOpening(keepsTimeLimit: false) { TextFailingWorker(document) }
    let searcher = DocumentSearcher(
      DocumentSearcher.Setup(pageCount: Self.pageCount, opening: opening) { nil })
    searcher.search(
      SearchRequest(
        generation: 1, query: "of the haystack", near: PageIndex(0), pageCount: Self.pageCount))
    let events = Self.events(from: searcher, until: Self.isComplete)
    guard case .searchResults(let results)? = events.last(where: Self.isComplete) else { return }
    // Every page but the failed one has the phrase; its batch's other pages were read alone.
    #expect(results.pages.count == Self.pageCount - 3)
    #expect(!results.pages.contains { $0.page == PageIndex(5) })
  }
}
