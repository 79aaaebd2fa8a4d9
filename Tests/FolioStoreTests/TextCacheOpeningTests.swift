import Foundation
import GRDB
import Testing

@testable import FolioStore

/// Opening the text cache: a damaged file is set aside, an unwritable folder gives no cache.
@Suite struct TextCacheOpeningTests {
  @Test func garbageIsSetAside() throws {
    let folder = try TemporaryFolder()
    let bytes = sampleBytes(count: 10_000, seed: 11)
    let walBytes = sampleBytes(count: 777, seed: 12)
    try write(bytes, to: folder.file("text.sqlite"))
    try write(walBytes, to: folder.file("text.sqlite-wal"))
    let opening = TextCache.open(directory: folder.path)
    try expectSetAside(opening, in: folder, bytes: bytes)
    let name = try #require(folder.names().first { $0.hasPrefix("text-") && $0.hasSuffix("-wal") })
    #expect(try readBytes(folder.file(name)) == walBytes)
  }

  @Test func aTruncatedCacheIsSetAside() throws {
    let folder = try TemporaryFolder()
    do {
      let cache = try openCache(folder.path)
      for index in 0..<40 {
        try cache.store(sampleDocument(seed: index), of: sampleFingerprint(index))
      }
    }
    #expect(!folder.names().contains("text.sqlite-wal"))
    let whole = try readBytes(folder.file("text.sqlite"))
    #expect(whole.count > 40_000)
    let truncated = Array(whole.prefix(whole.count / 2))
    try write(truncated, to: folder.file("text.sqlite"))
    try expectSetAside(TextCache.open(directory: folder.path), in: folder, bytes: truncated)
  }

  @Test func anotherProgramsDatabaseIsSetAside() throws {
    let folder = try TemporaryFolder()
    do {
      let foreign = try DatabaseQueue(path: folder.file("text.sqlite"))
      try foreign.write { db in
        try db.execute(sql: "CREATE TABLE page (name TEXT); INSERT INTO page VALUES ('x')")
      }
      try foreign.close()
    }
    let bytes = try readBytes(folder.file("text.sqlite"))
    try expectSetAside(TextCache.open(directory: folder.path), in: folder, bytes: bytes)
  }

  /// Damage among the pages passes the check at opening (which reads the small `document`
  /// table only); the call that meets it leaves a mark, and the next opening checks the whole
  /// file and sets it aside.
  @Test func damageMetInUseIsSetAsideAtTheNextOpening() throws {
    let folder = try TemporaryFolder()
    let pages = (0..<30).map { samplePage($0, seed: UInt64($0), size: 2_000) }
    try openCache(folder.path).store(pages, of: sampleFingerprint(1))
    #expect(!folder.names().contains("text.sqlite-wal"))
    var bytes = try readBytes(folder.file("text.sqlite"))
    #expect(bytes.count > 150_000)
    let damage = bytes.count * 2 / 5..<bytes.count * 3 / 5
    for index in damage { bytes[index] = 0 }
    try write(bytes, to: folder.file("text.sqlite"))

    do {
      let cache = try openCache(folder.path)
      let errors = (0..<30).compactMap { page -> TextCacheError? in
        do throws(TextCacheError) {
          _ = try cache.page(page, of: sampleFingerprint(1))
          return nil
        } catch {
          return error
        }
      }
      #expect(errors.contains(TextCacheError(.damaged)))
      #expect(TextCacheError(.damaged).message.hasSuffix("the cache file is damaged"))
    }
    #expect(folder.names().contains("text.sqlite-damaged"))
    // Opening the file for writing wrote to it (GRDB makes sure a WAL file exists by
    // creating and dropping a table): what is set aside is the file as it is now.
    let used = try readBytes(folder.file("text.sqlite"))
    #expect(used[damage] == bytes[damage])
    try expectSetAside(TextCache.open(directory: folder.path), in: folder, bytes: used)
    #expect(!folder.names().contains("text.sqlite-damaged"))
  }

  /// Checks that the opening set the damaged file aside as `text-<timestamp>.sqlite` with its
  /// bytes unchanged, and that the new cache works.
  private func expectSetAside(
    _ opening: TextCacheOpening, in folder: TemporaryFolder, bytes: [UInt8],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(opening.problems.count == 1, sourceLocation: sourceLocation)
    guard case .setAside(let name) = opening.problems.first?.kind else {
      Issue.record("expected a file set aside, got \(opening.problems)")
      return
    }
    #expect(name.wholeMatch(of: /text-[0-9]{8}-[0-9]{6}\.sqlite/) != nil)
    #expect(opening.problems.first?.message == "text cache was damaged; set aside as \(name)")
    #expect(try readBytes(folder.file(name)) == bytes, sourceLocation: sourceLocation)
    let cache = try #require(opening.cache, sourceLocation: sourceLocation)
    try cache.store([samplePage(2, seed: 3)], of: sampleFingerprint(5))
    #expect(try cache.page(2, of: sampleFingerprint(5)) == samplePage(2, seed: 3))
    #expect(try cache.byteCount == 300)
  }

  /// Without a cache file, with a good one, with a damaged one: no cache, the file untouched.
  @Test(arguments: [nil, "good", "damaged"])
  func anUnwritableFolderGivesNoCache(file: String?) throws {
    let folder = try TemporaryFolder()
    if file == "good" {
      try openCache(folder.path).store([samplePage(0, seed: 1)], of: sampleFingerprint(1))
    } else if file == "damaged" {
      try write(sampleBytes(count: 5_000, seed: 21), to: folder.file("text.sqlite"))
    }
    let namesBefore = folder.names()
    let bytesBefore = try file.map { _ in try readBytes(folder.file("text.sqlite")) }
    let protection = WriteProtection([folder.path], in: folder)
    defer { protection.remove() }
    try #require(protection.holds, "\(protection.method) did not stop writes")
    let opening = TextCache.open(directory: folder.path)
    #expect(opening.cache == nil)
    let expected: StoreProblem =
      file == "damaged" ? .cannotSetAside("the cache folder is read-only") : .readOnly
    #expect(opening.problems == [TextCacheProblem(expected)])
    #expect(folder.names() == namesBefore)
    #expect(try file.map { _ in try readBytes(folder.file("text.sqlite")) } == bytesBefore)
    #expect(
      TextCacheProblem(.readOnly).message
        == "cannot use the text cache: the cache folder is read-only")
  }

  @Test func aFileWhereTheFolderShouldBeIsReported() throws {
    let folder = try TemporaryFolder()
    try write([1, 2, 3], to: folder.file("folio"))
    let opening = TextCache.open(directory: folder.file("folio"))
    #expect(opening.cache == nil)
    #expect(opening.problems == [TextCacheProblem(.folderUnusable("Not a directory"))])
    #expect(opening.problems.first?.message == "cannot open the cache folder: Not a directory")
  }
}
