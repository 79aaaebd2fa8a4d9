import GRDB

/// The text cache's schema, versioned with GRDB's migrator: `document` (one row per cached
/// document and `CachedTextKind`, keyed by the kind's prefix and the fingerprint's text in the
/// column `fingerprint`, with when it was last used and how many blob bytes its pages take),
/// `searchable` (each page's searchable blob) and `page` (its text and boxes), the last two
/// keyed by document and page number and written together.
enum TextCacheSchema: StoreSchema {
  /// The migrations, oldest first. Later ones must keep older Folios working on the same
  /// file: add columns with defaults, never rename or drop.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      // The searchable blobs have a table of their own: a search reads all of a document's,
      // and rows of about 2 KB fit in the table's pages where a row with the other blobs
      // would spill into overflow pages (a 2,415-page document: 4-8 ms rather than 18-31 ms
      // in the sqlite3 shell here).
      try db.execute(
        sql: """
          CREATE TABLE IF NOT EXISTS document (
            id INTEGER PRIMARY KEY,
            fingerprint TEXT NOT NULL UNIQUE,
            usedAt DOUBLE NOT NULL,
            byteCount INTEGER NOT NULL
          );
          CREATE INDEX IF NOT EXISTS document_usedAt ON document(usedAt);
          CREATE TABLE IF NOT EXISTS searchable (
            document INTEGER NOT NULL REFERENCES document(id),
            number INTEGER NOT NULL,
            bytes BLOB NOT NULL,
            PRIMARY KEY (document, number)
          );
          CREATE TABLE IF NOT EXISTS page (
            document INTEGER NOT NULL REFERENCES document(id),
            number INTEGER NOT NULL,
            text BLOB NOT NULL,
            boxes BLOB NOT NULL,
            PRIMARY KEY (document, number)
          );
          """)
    }
    return migrator
  }

  /// The three tables with the columns the cache reads and writes.
  static var tables: [TableShape] {
    [
      TableShape(
        name: "document", columns: ["id", "fingerprint", "usedAt", "byteCount"],
        primaryKey: ["id"]),
      TableShape(
        name: "searchable", columns: ["document", "number", "bytes"],
        primaryKey: ["document", "number"]),
      TableShape(
        name: "page", columns: ["document", "number", "text", "boxes"],
        primaryKey: ["document", "number"]),
    ]
  }

  /// Only `document` is checked at each opening: checking `page` reads every blob. Damage
  /// met in use leaves a mark so that the next opening checks everything (`DamageMark`).
  static var routinelyCheckedTables: [String]? { ["document"] }
}
