import Foundation
import Testing

@testable import FolioStore

/// A document's own pages' text and the shelf's (its pages' and their annotations' notes) are
/// cached apart under the same fingerprint: neither is ever read for the other.
@Suite("Cached text kinds")
struct CachedTextKindTests {
  @Test func eachKindReadsOnlyItsOwnText() throws {
    let folder = try TemporaryFolder()
    let cache = try openCache(folder.path)
    let document = sampleFingerprint(1)
    let own = (0..<10).map { samplePage($0, seed: UInt64($0)) }
    try cache.store(own, of: document)
    // Text cached before notes were read (or by a document's search) is not the shelf's.
    #expect(
      try cache.completeDocument(
        size: document.size, hash: document.hash, kind: .pageTextAndNotes) == nil)
    #expect(try cache.cachedPageCount(of: document, kind: .pageTextAndNotes) == 0)
    let noted = (0..<10).map { samplePage($0, seed: 100 + UInt64($0)) }
    try cache.store(noted, of: document, kind: .pageTextAndNotes)
    let shelf = try #require(
      try cache.completeDocument(
        size: document.size, hash: document.hash, kind: .pageTextAndNotes))
    #expect(shelf.fingerprint == document)
    #expect(shelf.texts == noted.map(\.searchable))
    let pages = try #require(try cache.completeDocument(size: document.size, hash: document.hash))
    #expect(pages.texts == own.map(\.searchable))
    #expect(try cache.page(3, of: document) == own[3])
    #expect(try cache.byteCount == (own + noted).map(\.byteCount).reduce(0, +))
  }
}
