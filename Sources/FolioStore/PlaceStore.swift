import Foundation
import GRDB

/// The remembered place per document, in an SQLite file (`places.sqlite`) in the state
/// folder. WAL mode, so several Folio processes can read and save at once; every write waits
/// at most the busy timeout for another. Open it with `PlaceStore.open(directory:)`.
public final class PlaceStore: Sendable {
  /// The name of the database file in the state folder.
  public static let fileName = "places.sqlite"
  /// How many documents are remembered by default; the least recently opened go first.
  public static let defaultCapacity = 5_000

  /// The database file.
  public let path: String
  /// Whether places are only read: `save` then throws `.readOnly`.
  public let isReadOnly: Bool
  /// How many documents are kept; a save beyond it drops the least recently opened.
  public let capacity: Int
  private let database: DatabaseQueue

  init(database: DatabaseQueue, path: String, isReadOnly: Bool, capacity: Int) {
    self.database = database
    self.path = path
    self.isReadOnly = isReadOnly
    self.capacity = max(1, capacity)
  }

  /// The state folder: `$XDG_STATE_HOME/folio` when that is set and absolute, else
  /// `$HOME/.local/state/folio` (the account's home directory when `HOME` is not set).
  public static func defaultDirectory(environment: [String: String]) -> String {
    FolioDirectory.resolve("XDG_STATE_HOME", orHome: ".local/state", environment: environment)
  }

  /// The place saved for the document, or nil if there is none.
  public func place(for fingerprint: DocumentFingerprint) throws(StoreError) -> RememberedPlace? {
    do {
      return try database.read { db in
        try PlaceRecord.fetchOne(db, key: fingerprint.text)?.place
      }
    } catch {
      throw StoreError(error)
    }
  }

  /// Saves the document's place, replacing the one saved before, with the path it was opened
  /// from (a hint for people reading the file; documents are found by fingerprint) and when.
  /// Then, if more than `capacity` documents are remembered, forgets the least recently
  /// opened ones.
  public func save(
    _ place: RememberedPlace, for fingerprint: DocumentFingerprint, pathHint: String,
    openedAt: Date = Date()
  ) throws(StoreError) {
    guard !isReadOnly else { throw .readOnly }
    let record = PlaceRecord(
      place, fingerprint: fingerprint.text, pathHint: pathHint, openedAt: openedAt)
    let capacity = self.capacity
    do {
      try database.write { db in
        try record.upsert(db)
        // Both walk the small openedAt index, the deletion only as far as the excess.
        let excess = try PlaceRecord.fetchCount(db) - capacity
        guard excess > 0 else { return }
        try db.execute(
          sql: """
            DELETE FROM place WHERE fingerprint IN (
              SELECT fingerprint FROM place ORDER BY openedAt LIMIT ?)
            """,
          arguments: [excess])
      }
    } catch {
      throw StoreError(error)
    }
  }

  /// The paths documents were last opened from, most recently opened first, at most `limit`
  /// (a path opened as several documents, one version after another, once).
  public func recentPaths(limit: Int) throws(StoreError) -> [String] {
    do {
      return try database.read { db in
        try String.fetchAll(
          db,
          sql: "SELECT pathHint FROM place GROUP BY pathHint ORDER BY MAX(openedAt) DESC LIMIT ?",
          arguments: [max(0, limit)])
      }
    } catch {
      throw StoreError(error)
    }
  }

  /// The page each of `paths` was last left at and when it was opened, by path (those with no
  /// place left out).
  public func places(of paths: Set<String>) throws(StoreError)
    -> [String: (page: Int, openedAt: Date)]
  {
    do {
      return try database.read { db in
        var places: [String: (page: Int, openedAt: Date)] = [:]
        let rows = try Row.fetchCursor(
          db, sql: "SELECT pathHint, page, openedAt FROM place ORDER BY openedAt")
        while let row = try rows.next() {
          let path: String = row["pathHint"]
          if paths.contains(path) { places[path] = (row["page"], row["openedAt"]) }
        }
        return places
      }
    } catch {
      throw StoreError(error)
    }
  }

  /// How many documents have a saved place.
  public func count() throws(StoreError) -> Int {
    do {
      return try database.read { try PlaceRecord.fetchCount($0) }
    } catch {
      throw StoreError(error)
    }
  }
}
