import Dispatch
import Foundation
import GRDB
import Testing

@testable import FolioStore

@Suite struct PlaceStoreTests {
  @Test func aPlaceComesBackAfterReopening() throws {
    let folder = try TemporaryFolder()
    let directory = folder.file("state/folio")
    do {
      let store = try openStore(directory)
      #expect(try store.place(for: sampleFingerprint(1)) == nil)
      try store.save(samplePlace(page: 41), for: sampleFingerprint(1), pathHint: "/a.pdf")
      try store.save(samplePlace(page: 2), for: sampleFingerprint(2), pathHint: "/b.pdf")
      try store.save(samplePlace(page: 42), for: sampleFingerprint(1), pathHint: "/moved.pdf")
      #expect(try store.count() == 2)
    }
    let store = try openStore(directory)
    #expect(store.path == directory + "/places.sqlite")
    #expect(!store.isReadOnly)
    #expect(try store.place(for: sampleFingerprint(1)) == samplePlace(page: 42))
    #expect(try store.place(for: sampleFingerprint(2)) == samplePlace(page: 2))
    #expect(try store.place(for: sampleFingerprint(3)) == nil)
  }

  @Test func marksComeBackAndAStoreFromBeforeMarksGainsThem() throws {
    let folder = try TemporaryFolder()
    let directory = folder.file("state/folio")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    // The first schema, as a Folio without marks wrote it, with one place.
    do {
      let queue = try DatabaseQueue(path: directory + "/places.sqlite")
      var migrator = DatabaseMigrator()
      migrator.registerMigration("v1") { db in
        try db.execute(
          sql: """
            CREATE TABLE place (fingerprint TEXT NOT NULL PRIMARY KEY, pathHint TEXT NOT NULL,
              openedAt DATETIME NOT NULL, page INTEGER NOT NULL, mode TEXT NOT NULL,
              gridItems INTEGER NOT NULL, continuousZoom DOUBLE NOT NULL,
              spreadZoom DOUBLE NOT NULL, spreads TEXT NOT NULL, isShifted BOOLEAN NOT NULL,
              isRightToLeft BOOLEAN NOT NULL, symbols TEXT NOT NULL, isInverted BOOLEAN NOT NULL);
            CREATE INDEX place_openedAt ON place(openedAt);
            INSERT INTO place VALUES ('\(sampleFingerprint(1).text)', '/a.pdf',
              '2026-01-01 00:00:00.000', 7, 'grid', 10, 1, 1, 'single', 0, 0, 'half', 0);
            """)
      }
      try migrator.migrate(queue)
    }
    let store = try openStore(directory)
    let old = try #require(try store.place(for: sampleFingerprint(1)))
    #expect(old.page == 7 && old.marks == "")
    var marked = samplePlace(page: 3)
    marked.marks = "a 3 0.25\nB 9"
    try store.save(marked, for: sampleFingerprint(1), pathHint: "/a.pdf")
    #expect(try openStore(directory).place(for: sampleFingerprint(1)) == marked)
  }

  @Test func theFolderIsCreatedPrivate() throws {
    let folder = try TemporaryFolder()
    let directory = folder.file("a/b/folio")
    _ = try openStore(directory)
    let attributes = try FileManager.default.attributesOfItem(atPath: directory)
    #expect((attributes[.posixPermissions] as? Int) == 0o700)
    #expect(folder.names(in: directory).contains("places.sqlite"))
  }

  @Test func aFileWhereTheFolderShouldBeIsReported() throws {
    let folder = try TemporaryFolder()
    try write([1, 2, 3], to: folder.file("folio"))
    let opening = PlaceStore.open(directory: folder.file("folio"))
    #expect(opening.store == nil)
    #expect(opening.problems == [.folderUnusable("Not a directory")])
    #expect(opening.problems.first?.message == "cannot open the state folder: Not a directory")
  }

  @Test func theDefaultFolderFollowsXDG() {
    #expect(
      PlaceStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/s/", "HOME": "/h"])
        == "/s/folio")
    #expect(
      PlaceStore.defaultDirectory(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h"])
        == "/h/.local/state/folio")
    #expect(PlaceStore.defaultDirectory(environment: ["HOME": "/h"]) == "/h/.local/state/folio")
    #expect(PlaceStore.defaultDirectory(environment: [:]).hasSuffix("/.local/state/folio"))
  }

  @Test func pruningKeepsTheMostRecentlyOpened() throws {
    let folder = try TemporaryFolder()
    let store = try openStore(folder.path, capacity: 3)
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    for index in 0..<5 {
      try store.save(
        samplePlace(page: index), for: sampleFingerprint(index), pathHint: "/\(index).pdf",
        openedAt: start + Double(index))
    }
    #expect(try store.count() == 3)
    #expect(
      try (0..<5).map { try store.place(for: sampleFingerprint($0)) != nil }
        == [false, false, true, true, true])
    // Opening an old document again makes it recent.
    try store.save(
      samplePlace(page: 2), for: sampleFingerprint(2), pathHint: "/2.pdf", openedAt: start + 10)
    try store.save(
      samplePlace(page: 5), for: sampleFingerprint(5), pathHint: "/5.pdf", openedAt: start + 11)
    #expect(
      try (0..<6).map { try store.place(for: sampleFingerprint($0)) != nil }
        == [false, false, true, false, true, true])
  }

  @Test func twoStoresTakeTurns() throws {
    let folder = try TemporaryFolder()
    let first = try openStore(folder.path)
    let second = try openStore(folder.path)
    let shared = sampleFingerprint(99)
    for page in 0..<40 {
      let (writer, reader) = page.isMultiple(of: 2) ? (first, second) : (second, first)
      try writer.save(samplePlace(page: page), for: shared, pathHint: "/shared.pdf")
      #expect(try reader.place(for: shared) == samplePlace(page: page))
    }
  }

  @Test func twoStoresWriteAtOnce() throws {
    let folder = try TemporaryFolder()
    let perThread = 150
    let shared = sampleFingerprint(1_000)
    let failures = Failures()
    // Both open the new file at the same moment too (both run the migration).
    let openings = OpeningSlots()
    let directory = folder.path
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      openings.set(index, PlaceStore.open(directory: directory, busyTimeout: .seconds(10)))
    }
    let first = try #require(openings.get(0))
    let second = try #require(openings.get(1))
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      let store = thread == 0 ? first : second
      for step in 0..<perThread {
        do throws(StoreError) {
          try store.save(
            samplePlace(page: step), for: sampleFingerprint(thread * 10_000 + step),
            pathHint: "/\(thread)/\(step).pdf")
          try store.save(samplePlace(page: step), for: shared, pathHint: "/shared.pdf")
        } catch {
          failures.add("thread \(thread) step \(step): \(error.message)")
        }
      }
    }
    #expect(failures.all == [])
    for store in [first, second] {
      #expect(try store.count() == 2 * perThread + 1)
      for thread in 0..<2 {
        let last = sampleFingerprint(thread * 10_000 + perThread - 1)
        #expect(try store.place(for: last) == samplePlace(page: perThread - 1))
      }
      #expect(try store.place(for: shared) == samplePlace(page: perThread - 1))
    }
    // The file passes SQLite's check: a fresh opening reports nothing.
    let reopened = try openStore(folder.path)
    #expect(try reopened.count() == 2 * perThread + 1)
  }
}
