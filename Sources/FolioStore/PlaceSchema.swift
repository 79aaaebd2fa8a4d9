import Foundation
import GRDB

/// The database schema: one table, `place`, keyed by the fingerprint's text, versioned with
/// GRDB's migrator.
enum PlaceSchema {
  static let table = "place"

  /// The migrations, oldest first. Each is idempotent (`IF NOT EXISTS`) so two processes
  /// creating the file at the same moment both succeed. Later ones must keep older Folios
  /// working on the same file: add columns with defaults, never rename or drop.
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
    return migrator
  }

  /// Brings the database up to date. A migration that fails because another process applied
  /// it first is fine.
  static func migrate(_ database: DatabaseQueue) throws {
    let migrator = self.migrator
    if try database.read({ try migrator.hasCompletedMigrations($0) }) { return }
    do {
      try migrator.migrate(database)
    } catch {
      guard try database.read({ try migrator.hasCompletedMigrations($0) }) else { throw error }
    }
  }

  /// What a database holds, as far as this code is concerned.
  enum Fitness {
    /// The table as this code needs it, every known migration applied.
    case usable
    /// Empty, or an older Folio's file: migrating makes it usable.
    case needsMigration
    /// Something else: another program's tables, a table of another shape, a migration
    /// recorded without its table.
    case unusable
  }

  /// Sorts a database without writing to it. A newer Folio's file (more migrations, more
  /// columns) is usable as long as the columns and key this code needs are there.
  static func fitness(_ db: Database) throws -> Fitness {
    let tables = try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    if tables.isEmpty { return .needsMigration }
    guard tables.contains("grdb_migrations") else { return .unusable }
    let hasTable = tables.contains(table)
    if hasTable, try !hasNeededShape(db) { return .unusable }
    guard try migrator.hasCompletedMigrations(db) else { return .needsMigration }
    return hasTable ? .usable : .unusable
  }

  /// Whether the table has every column this code reads and writes, keyed by fingerprint.
  private static func hasNeededShape(_ db: Database) throws -> Bool {
    let columns = Set(try db.columns(in: table).map(\.name))
    let needed = PlaceRecord.CodingKeys.allCases.map(\.rawValue)
    let key = try db.primaryKey(table).columns
    return needed.allSatisfy(columns.contains)
      && key == [PlaceRecord.CodingKeys.fingerprint.rawValue]
  }

  /// Whether SQLite's own consistency check passes.
  static func passesQuickCheck(_ db: Database) throws -> Bool {
    try String.fetchAll(db, sql: "PRAGMA quick_check") == ["ok"]
  }
}

/// One row of the `place` table.
struct PlaceRecord: Codable, FetchableRecord, PersistableRecord {
  static let databaseTableName = PlaceSchema.table

  enum CodingKeys: String, CodingKey, CaseIterable {
    case fingerprint, pathHint, openedAt, page, mode, gridItems, continuousZoom, spreadZoom
    case spreads, isShifted, isRightToLeft, symbols, isInverted
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
  }

  var place: RememberedPlace {
    RememberedPlace(
      page: page, mode: mode, gridItems: gridItems, continuousZoom: continuousZoom,
      spreadZoom: spreadZoom, spreads: spreads, isShifted: isShifted,
      isRightToLeft: isRightToLeft, symbols: symbols, isInverted: isInverted)
  }
}
