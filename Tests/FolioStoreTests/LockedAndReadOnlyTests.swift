import Dispatch
import Foundation
import GRDB
import Testing

@testable import FolioStore

@Suite struct LockedAndReadOnlyTests {
  @Test func aLockedFileMakesSavingFailWithinTheBusyTimeout() throws {
    let folder = try TemporaryFolder()
    let store = try openStore(folder.path, busyTimeout: .milliseconds(250))
    try store.save(samplePlace(page: 1), for: sampleFingerprint(1), pathHint: "/a.pdf")

    // Another connection takes the write lock and keeps it until released.
    let lock = try #require(try WriteLockHolder(path: store.path))

    // Save on another thread, and wait for it with a deadline: it must not hang.
    let outcome = Failures()
    let saved = DispatchSemaphore(value: 0)
    let start = ContinuousClock.now
    DispatchQueue.global().async {
      do throws(StoreError) {
        try store.save(samplePlace(page: 2), for: sampleFingerprint(1), pathHint: "/a.pdf")
        outcome.add("saved")
      } catch {
        outcome.add(error == .locked ? "locked" : error.message)
      }
      saved.signal()
    }
    let finishedInTime = saved.wait(timeout: .now() + 5) == .success
    let elapsed = ContinuousClock.now - start
    #expect(finishedInTime)
    #expect(outcome.all == ["locked"])
    #expect(elapsed >= .milliseconds(200))
    #expect(elapsed < .seconds(2))
    // Reading does not wait for the writer (WAL).
    #expect(try store.place(for: sampleFingerprint(1)) == samplePlace(page: 1))

    lock.releaseLock()
    try store.save(samplePlace(page: 3), for: sampleFingerprint(1), pathHint: "/a.pdf")
    #expect(try store.place(for: sampleFingerprint(1)) == samplePlace(page: 3))
  }

  enum Protected: String, CaseIterable {
    case file, folder, both
  }

  @Test(arguments: Protected.allCases)
  func anUnwritableStateFileIsReadOnly(_ protected: Protected) throws {
    let folder = try TemporaryFolder()
    do {
      let store = try openStore(folder.path)
      try store.save(samplePlace(page: 7), for: sampleFingerprint(7), pathHint: "/7.pdf")
    }
    let path = folder.file("places.sqlite")
    let namesBefore = folder.names()
    let bytesBefore = try readBytes(path)
    let paths: [Protected: [String]] = [
      .file: [path], .folder: [folder.path], .both: [path, folder.path],
    ]
    let protection = WriteProtection(paths[protected] ?? [], in: folder)
    defer { protection.remove() }
    try #require(protection.holds, "\(protection.method) did not stop writes")

    do {
      let opening = PlaceStore.open(directory: folder.path)
      #expect(opening.problems == [.readOnly])
      #expect(
        opening.problems.first?.message == "cannot save places: the state folder is read-only")
      let store = try #require(opening.store)
      #expect(store.isReadOnly)
      #expect(try store.place(for: sampleFingerprint(7)) == samplePlace(page: 7))
      #expect(throws: StoreError.readOnly) {
        try store.save(samplePlace(page: 8), for: sampleFingerprint(7), pathHint: "/7.pdf")
      }
    }
    #expect(try readBytes(path) == bytesBefore)
    if protected != .file { #expect(folder.names() == namesBefore) }
  }

  @Test func aDamagedFileInAnUnwritableFolderIsLeftAlone() throws {
    let folder = try TemporaryFolder()
    let bytes = sampleBytes(count: 5_000, seed: 21)
    try write(bytes, to: folder.file("places.sqlite"))
    let protection = WriteProtection([folder.path], in: folder)
    defer { protection.remove() }
    try #require(protection.holds, "\(protection.method) did not stop writes")
    let opening = PlaceStore.open(directory: folder.path)
    #expect(opening.store == nil)
    #expect(opening.problems == [.cannotSetAside("the state folder is read-only")])
    #expect(try readBytes(folder.file("places.sqlite")) == bytes)
    #expect(folder.names() == ["places.sqlite"])
  }

  @Test func noStateFileInAnUnwritableFolder() throws {
    let folder = try TemporaryFolder()
    let protection = WriteProtection([folder.path], in: folder)
    defer { protection.remove() }
    try #require(protection.holds, "\(protection.method) did not stop writes")
    let opening = PlaceStore.open(directory: folder.path)
    #expect(opening.store == nil)
    #expect(opening.problems == [.readOnly])
    #expect(folder.names().isEmpty)
  }
}
