import FolioCore
import FolioSearch
import Testing

@testable import FolioRuntime

/// The search over a library's (document, page) pairs as the loop keeps it: files read in
/// order from the start, a long one in parts (out of order, a failure tried again), every page
/// matched once, counts by document, nothing lost.
@Suite struct LibrarySearchProgressTests {
  struct Failed: Error {}

  func pages(_ texts: [String]) -> [SearchableText] {
    texts.map { SearchableText(normalizing: $0) }
  }

  /// Runs every wanted match job at once, as the threads would.
  func matchAll(_ progress: inout LibrarySearchProgress) {
    while true {
      let matches = progress.wantedJobs().compactMap { job -> (LibraryTextJob, MatchChunk)? in
        if case .match(let chunk, _) = job.0 { return (job.0, chunk) }
        return nil
      }
      guard !matches.isEmpty else { return }
      for (job, chunk) in matches {
        var matcher = TextMatcher(chunk.query)
        let found = zip(chunk.pages, chunk.texts).map { page, text in
          (page, text.map { matcher.matches(in: $0) } ?? [])
        }
        progress.take(job, .success(.matched(found)))
      }
    }
  }

  @Test func everyPageOfEveryDocumentIsSearchedAndCountedByDocument() {
    var progress = LibrarySearchProgress(fileCount: 3, partSize: 2)
    progress.search(TextQuery("orbit"), generation: 1, start: 1)
    // Read from the cover the search starts at, in the shelf's order, wrapping.
    let reads = progress.wantedJobs().map(\.0)
    #expect(reads.prefix(3) == [.whole(file: 1), .whole(file: 2), .whole(file: 0)])
    progress.take(
      .whole(file: 1), .success(.pages(pages(["orbit", "none", "orbit orbit"]), fromCache: false)))
    progress.take(.whole(file: 2), .success(.failed("not a PDF")))
    progress.take(.whole(file: 0), .success(.needsParts(content: nil)))
    matchAll(&progress)
    #expect(progress.fromCache.isEmpty)
    #expect(progress.hitCount(of: 1) == 3)
    #expect(progress.searchedCounts.all == 2)
    #expect(progress.searchedCounts.fromStart == 2)
    // The long file: its first part, then (its page count known) the others at once.
    #expect(progress.wantedJobs().map(\.0) == [.part(file: 0, pages: 0..<2, content: nil)])
    progress.take(
      .part(file: 0, pages: 0..<2, content: nil),
      .success(.part(pages(["a", "orbit"]), pageCount: 7)))
    let parts = progress.wantedJobs().compactMap { job -> Range<Int>? in
      if case .part(_, let pages, _) = job.0 { return pages }
      return nil
    }
    #expect(parts == [2..<4, 4..<6, 6..<8])
    // Out of order; one fails once and is asked for again.
    progress.take(
      .part(file: 0, pages: 6..<8, content: nil), .success(.part(pages(["orbit"]), pageCount: 7)))
    progress.take(.part(file: 0, pages: 2..<4, content: nil), .failure(Failed()))
    progress.take(
      .part(file: 0, pages: 4..<6, content: nil),
      .success(.part(pages(["b", "orbit"]), pageCount: 7)))
    matchAll(&progress)
    #expect(progress.hitCount(of: 0) == 1)
    #expect(!progress.isSearched(0))
    progress.take(
      .part(file: 0, pages: 2..<4, content: nil),
      .success(.part(pages(["orbit", "c"]), pageCount: 7)))
    matchAll(&progress)
    #expect(progress.isSearched(0))
    #expect(progress.texts[0].count == 7)
    #expect(progress.matches[0]?.keys.sorted() == [1, 2, 5, 6])
    #expect(progress.hitCount(of: 0) == 4)
    #expect(progress.searchedCounts.all == 3)
    #expect(progress.failures.map(\.file) == [2])
    #expect(progress.wantedJobs().isEmpty)
  }

  @Test func aNewQueryMatchesTheTextKnownWithoutReadingItAgain() {
    var progress = LibrarySearchProgress(fileCount: 1, partSize: 4)
    progress.search(TextQuery("orbit"), generation: 1, start: 0)
    progress.take(.whole(file: 0), .success(.pages(pages(["orbit", "moon"]), fromCache: true)))
    // A file whose text came from the cache is known as one (for --verbose's counts).
    #expect(progress.fromCache == [0])
    matchAll(&progress)
    progress.search(TextQuery("moon"), generation: 2, start: 0)
    #expect(progress.wantedJobs().allSatisfy { if case .match = $0.0 { true } else { false } })
    matchAll(&progress)
    #expect(progress.matches[0]?.keys.sorted() == [1])
    #expect(progress.isSearched(0))
  }

  @Test func aPartFailingTwiceGivesUpTheRestButKeepsWhatWasRead() {
    var progress = LibrarySearchProgress(fileCount: 1, partSize: 2)
    progress.search(TextQuery("orbit"), generation: 1, start: 0)
    progress.take(.whole(file: 0), .success(.needsParts(content: nil)))
    progress.take(
      .part(file: 0, pages: 0..<2, content: nil),
      .success(.part(pages(["orbit", "x"]), pageCount: nil)))
    progress.take(.part(file: 0, pages: 2..<4, content: nil), .failure(Failed()))
    progress.take(.part(file: 0, pages: 2..<4, content: nil), .failure(Failed()))
    matchAll(&progress)
    #expect(progress.isSearched(0))
    #expect(progress.hitCount(of: 0) == 1)
    #expect(progress.failures.first?.reason == "could not be read past page 2")
  }

  @Test func aLongFilesFirstPagesAreMatchedAtOnceAndReadAgainWithoutDoubling() {
    var progress = LibrarySearchProgress(fileCount: 1, partSize: 2)
    progress.search(TextQuery("orbit"), generation: 1, start: 0)
    progress.take(
      .whole(file: 0), .success(.needsParts(content: nil, first: pages(["orbit", "x", "y"]))))
    matchAll(&progress)
    #expect(progress.hitCount(of: 0) == 1)
    #expect(!progress.isSearched(0))
    progress.take(
      .part(file: 0, pages: 0..<2, content: nil),
      .success(.part(pages(["orbit", "x"]), pageCount: 5)))
    progress.take(
      .part(file: 0, pages: 2..<4, content: nil),
      .success(.part(pages(["y", "orbit"]), pageCount: 5)))
    progress.take(
      .part(file: 0, pages: 4..<6, content: nil), .success(.part(pages(["z"]), pageCount: 5)))
    matchAll(&progress)
    #expect(progress.texts[0].count == 5)
    #expect(progress.matches[0]?.keys.sorted() == [0, 3])
    #expect(progress.isSearched(0))
  }

  /// A file that could not be read (encrypted) is read again once its password is known: the
  /// search in force reads and matches it, and it is no failure any more.
  @Test func aFileThatFailedIsReadAgainWhenAsked() {
    var progress = LibrarySearchProgress(fileCount: 2, partSize: 8)
    progress.search(TextQuery("orbit"), generation: 1, start: 0)
    progress.take(.whole(file: 0), .success(.pages(pages(["orbit"]), fromCache: false)))
    progress.take(.whole(file: 1), .success(.failed("encrypted")))
    matchAll(&progress)
    #expect(progress.failures.map(\.file) == [1])
    #expect(progress.wantedJobs().isEmpty)
    progress.readAgain(0)
    #expect(progress.wantedJobs().isEmpty, "a file read already is not read again")
    progress.readAgain(1)
    #expect(progress.failures.isEmpty)
    #expect(!progress.isSearched(1))
    #expect(progress.wantedJobs().map(\.0) == [.whole(file: 1)])
    progress.take(
      .whole(file: 1), .success(.pages(pages(["an orbit", "orbit"]), fromCache: false)))
    matchAll(&progress)
    #expect(progress.hitCount(of: 1) == 2)
    #expect(progress.searchedCounts.all == 2)
  }
}
