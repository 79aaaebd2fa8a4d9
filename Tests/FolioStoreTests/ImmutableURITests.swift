import GRDB
import Testing

@testable import FolioStore

/// The read-only fallback for a folder that cannot be written opens an SQLite URI; it only
/// works where SQLite takes URI file names (Debian builds it with SQLITE_USE_URI).
@Suite struct ImmutableURITests {
  @Test func anOddPathOpensThroughTheImmutableURI() throws {
    let folder = try TemporaryFolder()
    let directory = folder.file("odd %20 ?x=1 #é")
    do {
      let store = try openStore(directory)
      try store.save(samplePlace(page: 3), for: sampleFingerprint(3), pathHint: "/3.pdf")
    }
    let uri = StoreOpener.immutableURI(directory + "/places.sqlite")
    #expect(uri.hasPrefix("file:/tmp/folio-store-test-"))
    #expect(uri.hasSuffix("/odd%20%2520%20%3Fx%3D1%20%23%C3%A9/places.sqlite?mode=ro&immutable=1"))
    var configuration = Configuration()
    configuration.readonly = true
    let database = try DatabaseQueue(path: uri, configuration: configuration)
    let count = try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM place") }
    #expect(count == 1)
    #expect(!folder.names().contains("file:"))
  }
}
