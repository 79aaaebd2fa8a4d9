import Foundation
import Testing

@testable import FolioStore

/// A place with every field set, distinct per `page`.
func samplePlace(page: Int) -> RememberedPlace {
  RememberedPlace(
    page: page, mode: page.isMultiple(of: 2) ? "grid" : "continuous", gridItems: 12 + page,
    continuousZoom: 1.25 + Double(page), spreadZoom: 0.5, spreads: "auto", isShifted: true,
    isRightToLeft: page.isMultiple(of: 3), symbols: "sextants", isInverted: false)
}

/// A fingerprint for a made-up document number `index`.
func sampleFingerprint(_ index: Int) -> DocumentFingerprint {
  let bytes = sampleBytes(count: 64, seed: UInt64(index))
  return DocumentFingerprint(size: 1_000 + index, head: bytes, tail: bytes, pageCount: 10)
}

/// Opens a store in `folder`, recording an issue if it could not be opened cleanly.
func openStore(
  _ folder: String, busyTimeout: Duration = .milliseconds(250), capacity: Int = 5_000,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> PlaceStore {
  let opening = PlaceStore.open(directory: folder, busyTimeout: busyTimeout, capacity: capacity)
  #expect(opening.problems == [], sourceLocation: sourceLocation)
  return try #require(opening.store, sourceLocation: sourceLocation)
}

/// Error lines gathered from several threads.
final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  func add(_ line: String) { lock.withLock { lines.append(line) } }
  var all: [String] { lock.withLock { lines } }
}

/// The stores two threads opened.
final class OpeningSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var stores: [Int: PlaceStore] = [:]
  private var problems: [Int: [StoreProblem]] = [:]

  func set(_ index: Int, _ opening: PlaceStoreOpening) {
    lock.withLock {
      stores[index] = opening.store
      problems[index] = opening.problems
    }
  }

  func get(_ index: Int) -> PlaceStore? {
    lock.withLock {
      #expect(problems[index] == [])
      return stores[index]
    }
  }
}
