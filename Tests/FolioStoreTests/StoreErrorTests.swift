import GRDB
import Testing

@testable import FolioStore

@Suite struct StoreErrorTests {
  @Test func sqliteCodesAreSorted() {
    let cases: [(ResultCode, StoreError)] = [
      (.SQLITE_BUSY, .locked), (.SQLITE_LOCKED, .locked), (.SQLITE_BUSY_SNAPSHOT, .locked),
      (.SQLITE_READONLY, .readOnly), (.SQLITE_READONLY_DBMOVED, .readOnly),
      (.SQLITE_FULL, .full), (.SQLITE_CORRUPT, .damaged), (.SQLITE_NOTADB, .damaged),
      (.SQLITE_IOERR_WRITE, .failed("disk I/O error")),
    ]
    for (code, expected) in cases {
      let error = DatabaseError(resultCode: code, message: "disk I/O error")
      #expect(StoreError(error) == expected, "\(code)")
    }
    #expect(StoreError(DatabaseError(resultCode: .SQLITE_ERROR)) == .failed("SQL logic error"))
  }

  @Test func messagesAreOneLine() {
    let all: [StoreError] = [.locked, .readOnly, .full, .damaged, .failed("no such table: x")]
    #expect(all.map(\.message).allSatisfy { !$0.contains("\n") && $0.count < 80 })
    #expect(StoreError.full.message == "cannot save places: the disk is full")
    let problems: [StoreProblem] = [
      .setAside("places-20261124-181500.sqlite"), .readOnly, .folderUnusable("Permission denied"),
      .cannotSetAside("the state folder is read-only"), .locked, .cannotOpen("disk I/O error"),
    ]
    #expect(problems.map(\.message).allSatisfy { !$0.contains("\n") && $0.count < 80 })
  }
}
