import GRDB

/// What `StoreOpener` needs to know about one kind of store file: the migrations that make
/// its schema, and the tables this code reads and writes, to tell a usable file from a
/// damaged or foreign one.
protocol StoreSchema {
  /// The migrations, oldest first. Each must be idempotent (`IF NOT EXISTS`) so two processes
  /// creating the file at the same moment both succeed.
  static var migrator: DatabaseMigrator { get }
  /// The tables this code needs, with the columns and primary key it relies on.
  static var tables: [TableShape] { get }
  /// The tables `PRAGMA quick_check` covers at each opening, or nil for the whole file. A
  /// large file names its small tables: checking all of it reads every page (a 570 MB text
  /// cache took 0.35 s from memory, 20 s from disk here). SQLite itself refuses a file
  /// shorter than its header says at the first read, checked or not.
  static var routinelyCheckedTables: [String]? { get }
}

/// A table as far as the code using it is concerned: its name, the columns it reads and
/// writes (there may be more), and its primary key.
struct TableShape {
  let name: String
  let columns: [String]
  let primaryKey: [String]
  /// Columns a later migration adds: an older Folio's file lacks them until migrated.
  var addedLater: Set<String> = []
}

/// What a database holds, as far as a schema is concerned.
enum SchemaFitness {
  /// The tables as this code needs them, every known migration applied.
  case usable
  /// Empty, or an older Folio's file: migrating makes it usable.
  case needsMigration
  /// Something else: another program's tables, a table of another shape, a migration
  /// recorded without its table.
  case unusable
}

extension StoreSchema {
  static var routinelyCheckedTables: [String]? { nil }

  /// Brings the database up to date. A migration that fails because another process applied
  /// it first is fine.
  static func migrate(_ database: some DatabaseWriter) throws {
    let migrator = self.migrator
    if try database.read({ try migrator.hasCompletedMigrations($0) }) { return }
    do {
      try migrator.migrate(database)
    } catch {
      guard try database.read({ try migrator.hasCompletedMigrations($0) }) else { throw error }
    }
  }

  /// Sorts a database without writing to it. A newer Folio's file (more migrations, more
  /// columns) is usable as long as the columns and keys this code needs are there.
  static func fitness(_ db: Database) throws -> SchemaFitness {
    let names = try String.fetchAll(
      db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    if names.isEmpty { return .needsMigration }
    guard names.contains("grdb_migrations") else { return .unusable }
    let present = tables.filter { names.contains($0.name) }
    let isMigrated = try migrator.hasCompletedMigrations(db)
    for table in present where try !hasNeededShape(db, table, migrated: isMigrated) {
      return .unusable
    }
    guard isMigrated else { return .needsMigration }
    return present.count == tables.count ? .usable : .unusable
  }

  /// Whether the table has every column this code reads and writes (before the migrations
  /// are done, every column but those they add), and the key it expects.
  private static func hasNeededShape(_ db: Database, _ table: TableShape, migrated: Bool) throws
    -> Bool
  {
    let columns = Set(try db.columns(in: table.name).map(\.name))
    let key = try db.primaryKey(table.name).columns
    return table.columns.allSatisfy {
      columns.contains($0) || !migrated && table.addedLater.contains($0)
    }
      && key == table.primaryKey
  }

  /// Whether SQLite's own consistency check passes, over the whole file when `thorough`,
  /// else over `routinelyCheckedTables`. A table that is not there is left to `fitness`.
  static func passesQuickCheck(_ db: Database, thorough: Bool) throws -> Bool {
    guard !thorough, let names = routinelyCheckedTables else {
      return try String.fetchAll(db, sql: "PRAGMA quick_check") == ["ok"]
    }
    for name in names where try db.tableExists(name) {
      let quoted = name.quotedDatabaseIdentifier
      guard try String.fetchAll(db, sql: "PRAGMA quick_check(\(quoted))") == ["ok"] else {
        return false
      }
    }
    return true
  }
}
