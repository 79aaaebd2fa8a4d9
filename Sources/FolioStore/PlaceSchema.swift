import Foundation
import GRDB

/// The place store's schema: one table, `place`, keyed by the fingerprint's text, versioned
/// with GRDB's migrator.
enum PlaceSchema: StoreSchema {
  static let table = "place"

  /// The migrations, oldest first. Later ones must keep older Folios working on the same
  /// file: add columns with defaults, never rename or drop.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1") { db in
      try db.execute(
        sql: """
          CREATE TABLE IF NOT EXISTS place (
            fingerprint TEXT NOT NULL PRIMARY KEY,
            pathHint TEXT NOT NULL,
            openedAt DATETIME NOT NULL,
            page INTEGER NOT NULL,
            mode TEXT NOT NULL,
            gridItems INTEGER NOT NULL,
            continuousZoom DOUBLE NOT NULL,
            spreadZoom DOUBLE NOT NULL,
            spreads TEXT NOT NULL,
            isShifted BOOLEAN NOT NULL,
            isRightToLeft BOOLEAN NOT NULL,
            symbols TEXT NOT NULL,
            isInverted BOOLEAN NOT NULL
          );
          CREATE INDEX IF NOT EXISTS place_openedAt ON place(openedAt);
          """)
    }
    migrator.registerMigration("v2 marks") { db in
      try db.execute(sql: "ALTER TABLE place ADD COLUMN marks TEXT NOT NULL DEFAULT ''")
    }
    migrator.registerMigration("v3 trims") { db in
      try db.execute(sql: "ALTER TABLE place ADD COLUMN trims BOOLEAN NOT NULL DEFAULT 0")
    }
    return migrator
  }

  /// The `place` table, keyed by the fingerprint's text.
  static var tables: [TableShape] {
    [
      TableShape(
        name: table, columns: PlaceRecord.CodingKeys.allCases.map(\.rawValue),
        primaryKey: [PlaceRecord.CodingKeys.fingerprint.rawValue],
        addedLater: [PlaceRecord.CodingKeys.marks.rawValue, PlaceRecord.CodingKeys.trims.rawValue])
    ]
  }
}

/// One row of the `place` table.
struct PlaceRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = PlaceSchema.table

  enum CodingKeys: String, CodingKey, CaseIterable {
    case fingerprint, pathHint, openedAt, page, mode, gridItems, continuousZoom, spreadZoom
    case spreads, isShifted, isRightToLeft, symbols, isInverted, marks, trims
  }

  var fingerprint: String
  var pathHint: String
  var openedAt: Date
  var page: Int
  var mode: String
  var gridItems: Int
  var continuousZoom: Double
  var spreadZoom: Double
  var spreads: String
  var isShifted: Bool
  var isRightToLeft: Bool
  var symbols: String
  var isInverted: Bool
  var marks: String
  var trims: Bool

  init(_ place: RememberedPlace, fingerprint: String, pathHint: String, openedAt: Date) {
    self.fingerprint = fingerprint
    self.pathHint = pathHint
    self.openedAt = openedAt
    page = place.page
    mode = place.mode
    gridItems = place.gridItems
    continuousZoom = place.continuousZoom
    spreadZoom = place.spreadZoom
    spreads = place.spreads
    isShifted = place.isShifted
    isRightToLeft = place.isRightToLeft
    symbols = place.symbols
    isInverted = place.isInverted
    marks = place.marks
    trims = place.trims
  }

  var place: RememberedPlace {
    RememberedPlace(
      page: page, mode: mode, gridItems: gridItems, continuousZoom: continuousZoom,
      spreadZoom: spreadZoom, spreads: spreads, isShifted: isShifted,
      isRightToLeft: isRightToLeft, symbols: symbols, isInverted: isInverted, marks: marks,
      trims: trims)
  }
}
