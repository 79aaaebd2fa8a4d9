import Foundation
import GRDB

/// The steps of `PlaceStore.open` for one file: look at it without writing, set it aside if
/// it is damaged, open it for writing (creating and migrating it), or else read-only.
struct StoreOpener {
  let path: String
  let busyTimeout: Duration
  let capacity: Int

  private var folder: String { StateFolder.parentPath(of: path) }

  /// What a read-only look at the file found.
  enum Inspection {
    case fine
    case damaged
    case locked
  }

  /// The outcome of opening the file for writing.
  enum Attempt {
    case opened(PlaceStore)
    case damaged
    case readOnly
    case locked
    case failed(String)
  }

  func open() -> PlaceStoreOpening {
    let lock = FolderLock.acquire(folder, timeout: busyTimeout)
    if case .timedOut = lock { return PlaceStoreOpening(store: nil, problems: [.locked]) }
    return withExtendedLifetime(lock) { openLocked() }
  }

  /// `open()` once no other process is opening the file.
  private func openLocked() -> PlaceStoreOpening {
    var problems: [StoreProblem] = []
    switch inspect() {
    case .fine: break
    case .locked: return PlaceStoreOpening(store: nil, problems: [.locked])
    case .damaged:
      guard StateFolder.isWritable(folder) else {
        return PlaceStoreOpening(
          store: nil, problems: [.cannotSetAside("the state folder is read-only")])
      }
      switch StateFolder.setAside(path, now: Date().timeIntervalSince1970) {
      case .failure(let failure):
        return PlaceStoreOpening(store: nil, problems: [.cannotSetAside(failure.reason)])
      case .success(let name):
        problems.append(.setAside(name))
      }
    }
    switch openWritable() {
    case .opened(let store):
      return PlaceStoreOpening(store: store, problems: problems)
    case .readOnly where problems.isEmpty:
      return openReadOnly()
    case .readOnly:
      return PlaceStoreOpening(store: nil, problems: problems + [.readOnly])
    case .damaged:
      return PlaceStoreOpening(
        store: nil, problems: problems + [.cannotOpen("the state file is damaged")])
    case .locked:
      return PlaceStoreOpening(store: nil, problems: problems + [.locked])
    case .failed(let reason):
      return PlaceStoreOpening(store: nil, problems: problems + [.cannotOpen(reason)])
    }
  }

  /// Looks at the file through a read-only connection, so that a damaged file is set aside
  /// exactly as it was (a writing connection would migrate it, or checkpoint or delete its
  /// `-wal` file on closing). Anything inconclusive is left to the writable attempt.
  func inspect() -> Inspection {
    guard let header = StateFolder.prefix(of: path, count: 16), !header.isEmpty else {
      return .fine
    }
    guard header == Array("SQLite format 3\0".utf8) else { return .damaged }
    do {
      let database = try openReadOnlyConnection()
      defer { try? database.close() }
      return try database.read { db in
        guard try PlaceSchema.passesQuickCheck(db) else { return .damaged }
        return try PlaceSchema.fitness(db) == .unusable ? .damaged : .fine
      }
    } catch {
      switch StoreError(error) {
      case .damaged: return .damaged
      case .locked: return .locked
      default: return .fine
      }
    }
  }

  /// Opens the file for reading and writing in WAL mode, creating and migrating it.
  func openWritable() -> Attempt {
    let database: DatabaseQueue
    do {
      database = try DatabaseQueue(path: path, configuration: configuration(readOnly: false))
    } catch {
      return classify(error)
    }
    do {
      try PlaceSchema.migrate(database)
      guard try database.read(PlaceSchema.fitness) == .usable else {
        try? database.close()
        return .damaged
      }
    } catch {
      try? database.close()
      return classify(error)
    }
    return .opened(
      PlaceStore(database: database, path: path, isReadOnly: false, capacity: capacity))
  }

  /// Opens the file read-only, so places are still restored.
  func openReadOnly() -> PlaceStoreOpening {
    let database: DatabaseQueue
    do {
      database = try openReadOnlyConnection()
      guard try database.read(PlaceSchema.fitness) == .usable else {
        try? database.close()
        return PlaceStoreOpening(store: nil, problems: [.readOnly])
      }
    } catch {
      return PlaceStoreOpening(store: nil, problems: [.readOnly])
    }
    let store = PlaceStore(database: database, path: path, isReadOnly: true, capacity: capacity)
    return PlaceStoreOpening(store: store, problems: [.readOnly])
  }

  /// A read-only connection. A WAL database in a folder that cannot be written cannot be read
  /// the ordinary way (SQLite needs to create its `-shm` file there), so that case is opened
  /// as immutable.
  private func openReadOnlyConnection() throws -> DatabaseQueue {
    let configuration = configuration(readOnly: true)
    do {
      let database = try DatabaseQueue(path: path, configuration: configuration)
      do {
        _ = try database.read { try Int.fetchOne($0, sql: "PRAGMA schema_version") }
        return database
      } catch {
        try? database.close()
        throw error
      }
    } catch {
      guard !StateFolder.isWritable(folder), case .failed = StoreError(error) else { throw error }
      return try DatabaseQueue(path: Self.immutableURI(path), configuration: configuration)
    }
  }

  private func configuration(readOnly: Bool) -> Configuration {
    var configuration = Configuration()
    configuration.label = "FolioStore"
    configuration.readonly = readOnly
    configuration.journalMode = readOnly ? .default : .wal
    let (seconds, attoseconds) = busyTimeout.components
    configuration.busyMode = .timeout(Double(seconds) + Double(attoseconds) * 1e-18)
    return configuration
  }

  /// Sorts an error from opening for writing: damage, a lock, no write access, or else.
  private func classify(_ error: any Error) -> Attempt {
    switch StoreError(error) {
    case .damaged: return .damaged
    case .locked: return .locked
    case .readOnly: return .readOnly
    case .full: return .failed("the disk is full")
    case .failed(let reason):
      // SQLite says "unable to open database file" when it cannot create the file or its
      // -wal and -shm files in a folder it may not write.
      let folderLocked = !StateFolder.isWritable(folder)
      let fileLocked = StateFolder.exists(path) && !StateFolder.isWritable(path)
      return folderLocked || fileLocked ? .readOnly : .failed(reason)
    }
  }

  /// An SQLite URI opening `path` read-only and immutable (no locks, no `-shm` file).
  static func immutableURI(_ path: String) -> String {
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8)
    var encoded = ""
    for byte in path.utf8 {
      if allowed.contains(byte) {
        encoded.unicodeScalars.append(UnicodeScalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return "file:" + encoded + "?mode=ro&immutable=1"
  }
}
