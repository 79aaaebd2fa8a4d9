import GRDB

/// Why reading or saving a place failed. (A text cache call fails for the same reasons,
/// worded for the cache: `TextCacheError`.)
public enum StoreError: Error, Hashable, Sendable {
  /// Another connection held the database for longer than the busy timeout.
  case locked
  /// The database or its folder cannot be written.
  case readOnly
  /// The disk (or the database's size limit) is full.
  case full
  /// The database file is damaged.
  case damaged
  /// Anything else, with SQLite's or the system's message.
  case failed(String)

  /// A one-line description for the status line.
  public var message: String {
    switch self {
    case .locked: "cannot save places: another program holds the state file"
    case .readOnly: "cannot save places: the state folder is read-only"
    case .full: "cannot save places: the disk is full"
    case .damaged: "cannot use places: the state file is damaged"
    case .failed(let reason): "cannot use places: \(reason)"
    }
  }

  /// Classifies an error thrown by GRDB or SQLite.
  init(_ error: any Error) {
    guard let error = error as? DatabaseError else {
      self = .failed(String(describing: error))
      return
    }
    switch error.resultCode {
    case .SQLITE_BUSY, .SQLITE_LOCKED: self = .locked
    case .SQLITE_READONLY, .SQLITE_PERM: self = .readOnly
    case .SQLITE_FULL: self = .full
    case .SQLITE_CORRUPT, .SQLITE_NOTADB: self = .damaged
    default:
      let reason = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
      self = .failed(reason)
    }
  }
}
