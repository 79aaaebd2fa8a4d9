import Foundation
import GRDB

/// Extracted page text kept on disk, so a document's text is extracted once: an SQLite file
/// (`text.sqlite`) in the cache folder, keyed by `DocumentFingerprint`, holding opaque blobs
/// per page. WAL mode, so several Folio processes share it; every write waits at most the
/// busy timeout for another. Bounded: after each store the least recently used documents go
/// until the blobs fit in `limit`. Safe to use from any thread (one connection, calls take
/// turns). Open it with `TextCache.open(directory:)`.
public final class TextCache: Sendable {
  /// The name of the database file in the cache folder.
  public static let fileName = "text.sqlite"
  /// How many blob bytes are kept by default: 512 MiB.
  public static let defaultLimit = 512 * 1024 * 1024

  /// The database file.
  public let path: String
  /// How many blob bytes are kept; a store beyond it drops the least recently used documents.
  public let limit: Int
  private let database: DatabaseQueue

  init(database: DatabaseQueue, path: String, limit: Int) {
    self.database = database
    self.path = path
    self.limit = max(0, limit)
  }

  /// Stores pages of the document (their text of `kind`) in one transaction, replacing the
  /// cached pages of the same numbers (the others stay), and marks the document used at
  /// `usedAt`. Then, while the cache holds more than `limit` blob bytes, drops the least
  /// recently used documents other than this one (which stays even when it alone is over the
  /// limit).
  public func store(
    _ pages: [CachedPageText], of document: DocumentFingerprint,
    kind: CachedTextKind = .pageText, usedAt: Date = Date()
  ) throws(TextCacheError) {
    let limit = self.limit
    let key = kind.key(of: document)
    try access {
      try database.write { db in
        let id = try Self.markUsed(key, at: usedAt, in: db)
        let added = try Self.replace(pages, of: id, in: db)
        try db.execute(
          sql: "UPDATE document SET byteCount = byteCount + ? WHERE id = ?",
          arguments: [added, id])
        try Self.trim(to: limit, keeping: id, in: db)
      }
    }
  }

  /// Every cached page's searchable blob, by page number, and marks the document used at
  /// `usedAt`. Empty when nothing of the document is cached. The mark is a second, small
  /// transaction; if another program holds the file for the whole busy timeout it is skipped
  /// (the document just looks older to the trim), and the texts are returned anyway.
  public func searchableTexts(
    of document: DocumentFingerprint, usedAt: Date = Date()
  ) throws(TextCacheError) -> [(page: Int, searchable: [UInt8])] {
    let texts = try access {
      try database.read { db -> [(page: Int, searchable: [UInt8])]? in
        guard let id = try Self.id(of: document, in: db) else { return nil }
        let rows = try Row.fetchCursor(
          db, sql: "SELECT number, bytes FROM searchable WHERE document = ? ORDER BY number",
          arguments: [id])
        var texts: [(page: Int, searchable: [UInt8])] = []
        while let row = try rows.next() {
          texts.append((try row.decode(Int.self, atIndex: 0), try Self.bytes(row, 1)))
        }
        return texts
      }
    }
    guard let texts else { return [] }
    try? database.write { db in
      try db.execute(
        sql: "UPDATE document SET usedAt = ? WHERE fingerprint = ?",
        arguments: [usedAt.timeIntervalSince1970, document.text])
    }
    return texts
  }

  /// The cached text of one page of the document, or nil when it is not cached. Does not
  /// count as a use.
  public func page(
    _ page: Int, of document: DocumentFingerprint
  ) throws(TextCacheError) -> CachedPageText? {
    try access {
      try database.read { db in
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT page.text, page.boxes, searchable.bytes
            FROM page JOIN searchable USING (document, number)
            WHERE document = (SELECT id FROM document WHERE fingerprint = ?) AND number = ?
            """,
          arguments: [document.text, page])
        guard let row else { return nil }
        return CachedPageText(
          page: page, text: try Self.bytes(row, 0), boxes: try Self.bytes(row, 1),
          searchable: try Self.bytes(row, 2))
      }
    }
  }

  /// The cached document whose file has `size` and `hash` (any page count), with every one
  /// of its pages' searchable blobs, when all of them are cached; nil otherwise. Does not count
  /// as a use. For a library's search, which knows its files' contents but not their pages
  /// (and reads their text of `kind`).
  public func completeDocument(
    size: Int, hash: ContentHash, kind: CachedTextKind = .pageText
  ) throws(TextCacheError) -> (fingerprint: DocumentFingerprint, texts: [[UInt8]])? {
    let prefix = kind.keyPrefix + "v1-\(size)-\(hash.hex)-"
    return try access {
      try database.read { db -> (DocumentFingerprint, [[UInt8]])? in
        // A range on the unique index: the fingerprints that start with the prefix.
        let rows = try Row.fetchAll(
          db,
          sql: "SELECT id, fingerprint FROM document WHERE fingerprint >= ? AND fingerprint < ?",
          arguments: [prefix, prefix + "~"])
        for row in rows {
          let id: Int64 = row["id"]
          let text: String = row["fingerprint"]
          guard let pageCount = Int(text.dropFirst(prefix.count)), pageCount > 0 else { continue }
          let cursor = try Row.fetchCursor(
            db, sql: "SELECT number, bytes FROM searchable WHERE document = ? ORDER BY number",
            arguments: [id])
          var texts = [[UInt8]?](repeating: nil, count: pageCount)
          while let page = try cursor.next() {
            let number = try page.decode(Int.self, atIndex: 0)
            if (0..<pageCount).contains(number) { texts[number] = try Self.bytes(page, 1) }
          }
          guard texts.allSatisfy({ $0 != nil }) else { continue }
          let fingerprint = DocumentFingerprint(size: size, hash: hash, pageCount: pageCount)
          return (fingerprint, texts.map { $0 ?? [] })
        }
        return nil
      }
    }
  }

  /// How many pages of the document (their text of `kind`) are cached.
  public func cachedPageCount(
    of document: DocumentFingerprint, kind: CachedTextKind = .pageText
  ) throws(TextCacheError) -> Int {
    try access {
      try database.read { db in
        try Int.fetchOne(
          db,
          sql: """
            SELECT COUNT(*) FROM searchable
            WHERE document = (SELECT id FROM document WHERE fingerprint = ?)
            """,
          arguments: [kind.key(of: document)]) ?? 0
      }
    }
  }

  /// The blob bytes every cached document takes together (what `limit` bounds), from the
  /// per-document totals kept as pages are stored.
  public var byteCount: Int {
    get throws(TextCacheError) {
      try access {
        try database.read { db in
          try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(byteCount), 0) FROM document") ?? 0
        }
      }
    }
  }

  /// Runs a database call, sorting what it throws. Damage leaves a mark, so the next opening
  /// checks the whole file.
  private func access<Value>(_ body: () throws -> Value) throws(TextCacheError) -> Value {
    do {
      return try body()
    } catch {
      let kind = StoreError(error)
      if kind == .damaged { DamageMark.set(on: path) }
      throw TextCacheError(kind)
    }
  }

  /// The document's row id, or nil when it has none.
  private static func id(of document: DocumentFingerprint, in db: Database) throws -> Int64? {
    try Int64.fetchOne(
      db, sql: "SELECT id FROM document WHERE fingerprint = ?", arguments: [document.text])
  }

  /// Makes the row of the entry keyed `key` if it has none, sets when it was used, and
  /// returns its id.
  private static func markUsed(_ key: String, at time: Date, in db: Database) throws -> Int64 {
    try db.execute(
      sql: """
        INSERT INTO document (fingerprint, usedAt, byteCount) VALUES (?, ?, 0)
        ON CONFLICT (fingerprint) DO UPDATE SET usedAt = excluded.usedAt
        """,
      arguments: [key, time.timeIntervalSince1970])
    guard
      let id = try Int64.fetchOne(
        db, sql: "SELECT id FROM document WHERE fingerprint = ?", arguments: [key])
    else {
      throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "a new document row is missing")
    }
    return id
  }

  /// Writes the pages over any of the same numbers; returns how many blob bytes that added
  /// (negative when the new blobs are smaller), so the document's total stays exact without
  /// reading its other pages.
  private static func replace(
    _ pages: [CachedPageText], of id: Int64, in db: Database
  ) throws -> Int {
    // length() of a blob is read from the record header, not the blob.
    let sizeOf = try db.cachedStatement(
      sql: """
        SELECT length(searchable.bytes) + length(page.text) + length(page.boxes)
        FROM page JOIN searchable USING (document, number)
        WHERE document = ? AND number = ?
        """)
    // An empty blob binds as NULL (SQLite takes its missing buffer for no value).
    let insertSearchable = try db.cachedStatement(
      sql: """
        INSERT OR REPLACE INTO searchable (document, number, bytes)
        VALUES (?, ?, coalesce(?, x''))
        """)
    let insertPage = try db.cachedStatement(
      sql: """
        INSERT OR REPLACE INTO page (document, number, text, boxes)
        VALUES (?, ?, coalesce(?, x''), coalesce(?, x''))
        """)
    var added = 0
    for page in pages {
      added -= try Int.fetchOne(sizeOf, arguments: [id, page.page]) ?? 0
      try insertSearchable.execute(arguments: [id, page.page, Data(page.searchable)])
      try insertPage.execute(arguments: [id, page.page, Data(page.text), Data(page.boxes)])
      added += page.byteCount
    }
    return added
  }

  /// Drops the least recently used documents but `kept` while the blobs take more than
  /// `limit` bytes; the per-document totals say how much each frees.
  private static func trim(to limit: Int, keeping kept: Int64, in db: Database) throws {
    let total = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(byteCount), 0) FROM document")
    var excess = (total ?? 0) - limit
    guard excess > 0 else { return }
    let candidates = try Row.fetchCursor(
      db, sql: "SELECT id, byteCount FROM document WHERE id <> ? ORDER BY usedAt, id",
      arguments: [kept])
    var dropped: [Int64] = []
    while excess > 0, let row = try candidates.next() {
      dropped.append(try row.decode(Int64.self, atIndex: 0))
      excess -= try row.decode(Int.self, atIndex: 1)
    }
    for id in dropped {
      try db.execute(sql: "DELETE FROM searchable WHERE document = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM page WHERE document = ?", arguments: [id])
      try db.execute(sql: "DELETE FROM document WHERE id = ?", arguments: [id])
    }
  }

  /// A blob column's bytes (empty for an empty blob, which SQLite reads back as no buffer).
  private static func bytes(_ row: Row, _ index: Int) throws -> [UInt8] {
    try row.withUnsafeData(atIndex: index) { data in data.map { [UInt8]($0) } ?? [] }
  }
}
