import Dispatch
import Foundation
import GRDB
import Testing

@testable import FolioStore

@Suite struct TextCacheTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)

  @Test func pagesComeBackAfterReopening() throws {
    let folder = try TemporaryFolder()
    let directory = folder.file("cache/folio")
    let pages = [
      samplePage(0, seed: 1), samplePage(1, seed: 2),
      CachedPageText(page: 7, text: [], boxes: [], searchable: []),
    ]
    do {
      let cache = try openCache(directory)
      #expect(try cache.page(0, of: sampleFingerprint(1)) == nil)
      try cache.store(pages, of: sampleFingerprint(1))
    }
    let cache = try openCache(directory)
    #expect(cache.path == directory + "/text.sqlite")
    for page in pages {
      #expect(try cache.page(page.page, of: sampleFingerprint(1)) == page)
    }
    #expect(try cache.page(2, of: sampleFingerprint(1)) == nil)
    #expect(try cache.page(0, of: sampleFingerprint(2)) == nil)
    #expect(try cache.cachedPageCount(of: sampleFingerprint(1)) == 3)
    #expect(try cache.cachedPageCount(of: sampleFingerprint(2)) == 0)
    #expect(try cache.byteCount == pages.map(\.byteCount).reduce(0, +))
  }

  @Test func storingAPageAgainReplacesIt() throws {
    let folder = try TemporaryFolder()
    let cache = try openCache(folder.path)
    let document = sampleFingerprint(1)
    try cache.store([samplePage(3, seed: 1, size: 900), samplePage(4, seed: 2)], of: document)
    let smaller = samplePage(3, seed: 3, size: 100)
    try cache.store([smaller, samplePage(5, seed: 4)], of: document)
    #expect(try cache.page(3, of: document) == smaller)
    #expect(try cache.page(4, of: document) == samplePage(4, seed: 2))
    #expect(try cache.cachedPageCount(of: document) == 3)
    let sizes = [smaller, samplePage(4, seed: 2), samplePage(5, seed: 4)].map(\.byteCount)
    #expect(try cache.byteCount == sizes.reduce(0, +))
    // The same page twice in one store: the last one counts, and is counted once.
    try cache.store([samplePage(3, seed: 5), samplePage(3, seed: 6, size: 10)], of: document)
    #expect(try cache.page(3, of: document) == samplePage(3, seed: 6, size: 10))
    #expect(try cache.byteCount == sizes.dropFirst().reduce(30, +))
  }

  @Test func searchableTextsCoverEveryCachedPageInOrder() throws {
    let folder = try TemporaryFolder()
    let cache = try openCache(folder.path)
    let document = sampleFingerprint(1)
    #expect(try cache.searchableTexts(of: document).isEmpty)
    let pages = (0..<20).map { samplePage($0, seed: UInt64($0)) }
    try cache.store(Array(pages[10...].reversed()), of: document)
    try cache.store(Array(pages[..<10]), of: document)
    try cache.store([samplePage(0, seed: 9, size: 50)], of: sampleFingerprint(2))
    let texts = try cache.searchableTexts(of: document)
    #expect(texts.map(\.page) == Array(0..<20))
    #expect(texts.map(\.searchable) == pages.map(\.searchable))
    #expect(try cache.searchableTexts(of: sampleFingerprint(3)).isEmpty)
  }

  /// Three documents of 900 bytes fill a 2,700-byte cache; reading the oldest makes it
  /// recent, so a fourth pushes out the second; one over the limit alone stays, alone.
  @Test func theLeastRecentlyUsedDocumentGoes() throws {
    let folder = try TemporaryFolder()
    let cache = try openCache(folder.path, limit: 2_700)
    for index in 0..<3 {
      try cache.store(
        sampleDocument(seed: index), of: sampleFingerprint(index), usedAt: start + Double(index))
    }
    #expect(try cache.byteCount == 2_700)
    #expect(try cachedDocuments(cache, among: 0..<4) == [0, 1, 2])
    _ = try cache.searchableTexts(of: sampleFingerprint(0), usedAt: start + 10)
    try cache.store(sampleDocument(seed: 3), of: sampleFingerprint(3), usedAt: start + 11)
    #expect(try cachedDocuments(cache, among: 0..<4) == [0, 2, 3])
    #expect(try cache.byteCount == 2_700)
    // Reading a page is not a use; storing more of a document is.
    _ = try cache.page(0, of: sampleFingerprint(2))
    try cache.store([samplePage(9, seed: 1, size: 1)], of: sampleFingerprint(0), usedAt: start + 12)
    #expect(try cachedDocuments(cache, among: 0..<4) == [0, 3])
    #expect(try cache.byteCount == 1_803)
    // The document just stored stays even when it alone is over the limit.
    let large = [samplePage(0, seed: 8, size: 1_500), samplePage(1, seed: 9, size: 1_500)]
    try cache.store(large, of: sampleFingerprint(4), usedAt: start + 13)
    #expect(try cachedDocuments(cache, among: 0..<5) == [4])
    #expect(try cache.byteCount == 9_000)
  }

  @Test func twoCachesOnOneFileSeeEachOthersWrites() throws {
    let folder = try TemporaryFolder()
    let first = try openCache(folder.path, limit: 12_000)
    let second = try openCache(folder.path, limit: 12_000)
    for index in 0..<12 {
      let (writer, reader) = index.isMultiple(of: 2) ? (first, second) : (second, first)
      let page = samplePage(index, seed: UInt64(index), size: 300)
      try writer.store([page], of: sampleFingerprint(index % 3), usedAt: start + Double(index))
      #expect(try reader.page(index, of: sampleFingerprint(index % 3)) == page)
    }
    #expect(try first.byteCount == 12 * 900)
    #expect(try second.byteCount == 12 * 900)
    // One's trim is the other's: the least recently used document (0) goes.
    let large = (0..<3).map { samplePage($0, seed: 50 + UInt64($0), size: 500) }
    try second.store(large, of: sampleFingerprint(5), usedAt: start + 20)
    #expect(try cachedDocuments(first, among: 0..<6) == [1, 2, 5])
    #expect(try first.byteCount == 8 * 900 + 4_500)
  }

  @Test func storingFromTwoThreadsAndTwoConnectionsAtOnce() throws {
    let folder = try TemporaryFolder()
    let caches = [
      try openCache(folder.path, busyTimeout: .seconds(10)),
      try openCache(folder.path, busyTimeout: .seconds(10)),
    ]
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      let cache = caches[thread % 2]
      for step in 0..<25 {
        do throws(TextCacheError) {
          try cache.store([samplePage(step, seed: UInt64(step))], of: sampleFingerprint(thread))
          _ = try cache.searchableTexts(of: sampleFingerprint((thread + 1) % 4))
        } catch {
          failures.add("thread \(thread) step \(step): \(error.message)")
        }
      }
    }
    #expect(failures.all == [])
    for thread in 0..<4 {
      #expect(try caches[0].cachedPageCount(of: sampleFingerprint(thread)) == 25)
    }
    #expect(try caches[1].byteCount == 4 * 25 * 300)
  }

  @Test func theDefaultFolderFollowsXDG() {
    #expect(
      TextCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/c//", "HOME": "/h"])
        == "/c/folio")
    #expect(
      TextCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"])
        == "/h/.cache/folio")
    #expect(TextCache.defaultDirectory(environment: ["HOME": "/h/"]) == "/h/.cache/folio")
    #expect(TextCache.defaultDirectory(environment: [:]).hasSuffix("/.cache/folio"))
  }

  /// A 2,415-page manual's searchable text, 1.8 KB a page (4.3 MB, beside 7.2 KB of boxes
  /// and 1.8 KB of text a page), is read well within the 100 ms a search may take.
  @Test func theSearchableTextOfALargeDocumentIsQuickToRead() throws {
    let folder = try TemporaryFolder()
    let pool = sampleBytes(count: 65_536, seed: 77)
    func slice(_ page: Int, _ salt: Int, _ count: Int) -> [UInt8] {
      let offset = (page * 7_919 + salt * 104_729) % (pool.count - count)
      return Array(pool[offset..<offset + count])
    }
    let pages = (0..<2_415).map { page in
      CachedPageText(
        page: page, text: slice(page, 1, 1_800), boxes: slice(page, 2, 7_200),
        searchable: slice(page, 3, 1_800))
    }
    let document = sampleFingerprint(1)
    let clock = ContinuousClock()
    let stored = try clock.measure {
      try openCache(folder.path).store(pages, of: document)
    }
    var opened: TextCache?
    let opening = clock.measure { opened = TextCache.open(directory: folder.path).cache }
    let cache = try #require(opened)
    var texts: [(page: Int, searchable: [UInt8])] = []
    let reads = try (0..<3).map { _ in
      try clock.measure { texts = try cache.searchableTexts(of: document) }
    }
    #expect(texts.count == 2_415)
    #expect(texts.last?.searchable == pages.last?.searchable)
    #expect(texts.map(\.searchable.count).reduce(0, +) == 2_415 * 1_800)
    print(
      "TextCache, 2,415 pages (\(try cache.byteCount) bytes): stored in \(stored),",
      "opened in \(opening), searchable texts read in \(reads)")
    // Generous: a debug build on a shared machine.
    #expect(reads[0] < .seconds(1))
  }

  @Test func aLockedCacheFailsWithinTheBusyTimeoutAndStillReads() throws {
    let folder = try TemporaryFolder()
    let cache = try openCache(folder.path, busyTimeout: .milliseconds(250))
    try cache.store([samplePage(0, seed: 1)], of: sampleFingerprint(1))
    let lock = try #require(try WriteLockHolder(path: cache.path))

    let start = ContinuousClock.now
    #expect(throws: TextCacheError(.locked)) {
      try cache.store([samplePage(1, seed: 2)], of: sampleFingerprint(1))
    }
    let elapsed = ContinuousClock.now - start
    #expect(elapsed >= .milliseconds(200) && elapsed < .seconds(5))
    // Reading does not wait for the writer (WAL); marking the use is given up.
    #expect(try cache.searchableTexts(of: sampleFingerprint(1)).map(\.page) == [0])
    lock.releaseLock()
    try cache.store([samplePage(1, seed: 2)], of: sampleFingerprint(1))
    #expect(try cache.cachedPageCount(of: sampleFingerprint(1)) == 2)
  }

  /// The documents among `indexes` (made by `sampleFingerprint`) with any page cached.
  private func cachedDocuments(_ cache: TextCache, among indexes: Range<Int>) throws -> [Int] {
    try indexes.filter { try cache.cachedPageCount(of: sampleFingerprint($0)) > 0 }
  }
}

/// A page whose three blobs are `size` bytes each, distinct per `seed`.
func samplePage(_ page: Int, seed: UInt64, size: Int = 100) -> CachedPageText {
  CachedPageText(
    page: page, text: sampleBytes(count: size, seed: seed),
    boxes: sampleBytes(count: size, seed: seed &+ 1_000),
    searchable: sampleBytes(count: size, seed: seed &+ 2_000))
}

/// Three pages taking 900 bytes together, distinct per `seed`.
func sampleDocument(seed: Int) -> [CachedPageText] {
  (0..<3).map { samplePage($0, seed: UInt64(seed * 10 + $0)) }
}

/// Opens a cache in `folder`, recording an issue if it could not be opened cleanly.
func openCache(
  _ folder: String, limit: Int = TextCache.defaultLimit,
  busyTimeout: Duration = .milliseconds(250), sourceLocation: SourceLocation = #_sourceLocation
) throws -> TextCache {
  let opening = TextCache.open(directory: folder, limit: limit, busyTimeout: busyTimeout)
  #expect(opening.problems == [], sourceLocation: sourceLocation)
  return try #require(opening.cache, sourceLocation: sourceLocation)
}
