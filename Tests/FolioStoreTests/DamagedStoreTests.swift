import Dispatch
import Foundation
import GRDB
import Testing

@testable import FolioStore

@Suite struct DamagedStoreTests {
  /// Checks that the opening set the damaged file aside under a timestamped name with its
  /// bytes unchanged (and its -wal file's, if given), and that the new store works.
  private func expectSetAside(
    _ opening: PlaceStoreOpening, in folder: TemporaryFolder, bytes: [UInt8],
    walBytes: [UInt8]? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    guard case .setAside(let name) = try #require(opening.problems.first) else {
      Issue.record("expected a file set aside, got \(opening.problems)")
      return
    }
    #expect(opening.problems.count == 1, sourceLocation: sourceLocation)
    #expect(
      name.wholeMatch(of: /places-[0-9]{8}-[0-9]{6}\.sqlite/) != nil,
      sourceLocation: sourceLocation)
    #expect(
      opening.problems.first?.message == "state file was damaged; set aside as \(name)",
      sourceLocation: sourceLocation)
    #expect(try readBytes(folder.file(name)) == bytes, sourceLocation: sourceLocation)
    if let walBytes {
      #expect(try readBytes(folder.file(name + "-wal")) == walBytes)
    }
    let store = try #require(opening.store, sourceLocation: sourceLocation)
    try store.save(samplePlace(page: 5), for: sampleFingerprint(5), pathHint: "/5.pdf")
    #expect(try store.place(for: sampleFingerprint(5)) == samplePlace(page: 5))
    #expect(try store.count() == 1)
  }

  @Test func garbageIsSetAside() throws {
    let folder = try TemporaryFolder()
    let bytes = sampleBytes(count: 10_000, seed: 11)
    let walBytes = sampleBytes(count: 777, seed: 12)
    try write(bytes, to: folder.file("places.sqlite"))
    try write(walBytes, to: folder.file("places.sqlite-wal"))
    let opening = PlaceStore.open(directory: folder.path)
    try expectSetAside(opening, in: folder, bytes: bytes, walBytes: walBytes)
  }

  @Test func aTruncatedDatabaseIsSetAside() throws {
    let folder = try TemporaryFolder()
    do {
      let store = try openStore(folder.path)
      for index in 0..<400 {
        let hint = "/documents/" + String(repeating: "long name ", count: 10) + "\(index).pdf"
        try store.save(samplePlace(page: index), for: sampleFingerprint(index), pathHint: hint)
      }
    }
    #expect(!folder.names().contains("places.sqlite-wal"))
    let whole = try readBytes(folder.file("places.sqlite"))
    #expect(whole.count > 40_000)
    let truncated = Array(whole.prefix(whole.count / 2))
    try write(truncated, to: folder.file("places.sqlite"))
    let opening = PlaceStore.open(directory: folder.path)
    try expectSetAside(opening, in: folder, bytes: truncated)
  }

  @Test func aDatabaseOfAnotherShapeIsSetAside() throws {
    let folder = try TemporaryFolder()
    do {
      let foreign = try DatabaseQueue(path: folder.file("places.sqlite"))
      try foreign.write { db in
        try db.execute(sql: "CREATE TABLE place (name TEXT); INSERT INTO place VALUES ('x')")
      }
      try foreign.close()
    }
    let bytes = try readBytes(folder.file("places.sqlite"))
    let opening = PlaceStore.open(directory: folder.path)
    try expectSetAside(opening, in: folder, bytes: bytes)
  }

  @Test func setAsideNeverReplacesAFile() throws {
    let folder = try TemporaryFolder()
    let now = 1_800_000_000.0
    let stamp = StateFolder.timestamp(now)
    #expect(stamp.wholeMatch(of: /[0-9]{8}-[0-9]{6}/) != nil)
    var names: [String] = []
    for seed in 0..<3 {
      try write(sampleBytes(count: 100, seed: UInt64(seed)), to: folder.file("places.sqlite"))
      names.append(try StateFolder.setAside(folder.file("places.sqlite"), now: now).get())
    }
    #expect(
      names == [
        "places-\(stamp).sqlite", "places-\(stamp)-2.sqlite", "places-\(stamp)-3.sqlite",
      ])
    for (seed, name) in names.enumerated() {
      #expect(try readBytes(folder.file(name)) == sampleBytes(count: 100, seed: UInt64(seed)))
    }
    #expect(!folder.names().contains("places.sqlite"))
  }

  /// Three Folios starting at once, 20 times over: a new file is created once, a damaged one
  /// set aside once, and every one of them gets a store.
  @Test(arguments: [false, true])
  func openingsAtOnce(damaged: Bool) throws {
    for round in 0..<20 {
      let folder = try TemporaryFolder()
      if damaged {
        try write(sampleBytes(count: 5_000, seed: UInt64(round)), to: folder.file("places.sqlite"))
      }
      let outcomes = Failures()
      let directory = folder.path
      DispatchQueue.concurrentPerform(iterations: 3) { _ in
        let opening = PlaceStore.open(directory: directory, busyTimeout: .seconds(10))
        for problem in opening.problems {
          if case .setAside = problem {
            outcomes.add("set aside")
          } else {
            outcomes.add("\(problem)")
          }
        }
        if opening.store == nil { outcomes.add("no store") }
      }
      #expect(outcomes.all == (damaged ? ["set aside"] : []), "round \(round)")
      #expect(folder.names().filter { $0.hasPrefix("places-") }.count == (damaged ? 1 : 0))
    }
  }
}
