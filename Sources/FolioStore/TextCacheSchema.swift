import GRDB

/// The text cache's schema, versioned with GRDB's migrator: `document` (one row per cached
/// document, keyed by the fingerprint's text, with when it was last used and how many blob
/// bytes its pages take) and `page` (the blobs, keyed by document and page number).
enum TextCacheSchema: StoreSchema {
  /// The migrations, oldest first. Later ones must keep older Folios working on the same
  /// file: add columns with defaults, never rename or drop.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      // `searchable` comes first among the blobs: a search reads only it, and a column after
      // a long one would be reached only through that one's overflow pages.
      try db.execute(
        sql: """
          CREATE TABLE IF NOT EXISTS document (
            id INTEGER PRIMARY KEY,
            fingerprint TEXT NOT NULL UNIQUE,
            usedAt DOUBLE NOT NULL,
            byteCount INTEGER NOT NULL
          );
          CREATE INDEX IF NOT EXISTS document_usedAt ON document(usedAt);
          CREATE TABLE IF NOT EXISTS page (
            document INTEGER NOT NULL REFERENCES document(id),
            number INTEGER NOT NULL,
            searchable BLOB NOT NULL,
            text BLOB NOT NULL,
            boxes BLOB NOT NULL,
            PRIMARY KEY (document, number)
          );
          """)
    }
    return migrator
  }

  /// The two tables with the columns the cache reads and writes.
  static var tables: [TableShape] {
    [
      TableShape(
        name: "document", columns: ["id", "fingerprint", "usedAt", "byteCount"],
        primaryKey: ["id"]),
      TableShape(
        name: "page", columns: ["document", "number", "searchable", "text", "boxes"],
        primaryKey: ["document", "number"]),
    ]
  }

  /// Only `document` is checked at each opening: checking `page` reads every blob. Damage
  /// met in use leaves a mark so that the next opening checks everything (`DamageMark`).
  static var routinelyCheckedTables: [String]? { ["document"] }
}
