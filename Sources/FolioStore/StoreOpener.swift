import FolioCore
import Foundation
import GRDB

/// The steps of opening one store file (`PlaceStore.open`, `TextCache.open`): look at it
/// without writing, set it aside if it is damaged, open it for writing (creating and
/// migrating it), or else, where the store allows it, read-only.
struct StoreOpener {
  let path: String
  /// The kind of file: its migrations and the tables it must have.
  let schema: any StoreSchema.Type
  let busyTimeout: Duration
  /// Whether a file or folder that cannot be written is opened read-only; without it, such a
  /// file gives no database and the problem `.readOnly`.
  var allowsReadOnly = true
  /// Whether a `DamageMark` beside the file (damage met in use) has the whole file checked
  /// where the schema checks only some tables at each opening; the mark goes once the file
  /// passed or was set aside.
  var readsDamageMark = false
  /// What messages call the file and its folder: "the state file", "the cache folder".
  var noun = "state"

  private var folder: String { StateFolder.parentPath(of: path) }

  /// What a read-only look at the file found.
  enum Inspection {
    case fine
    case damaged
    case locked
  }

  /// The outcome of opening the file for writing.
  enum Attempt {
    case opened(DatabaseQueue)
    case damaged
    case readOnly
    case locked
    case failed(String)
  }

  /// What opening came to: a connection (nil when the file cannot be used at all), whether it
  /// is read-only, and the problems met on the way, in order.
  struct Outcome {
    var database: DatabaseQueue?
    var isReadOnly = false
    var problems: [StoreProblem]
  }

  func open() -> Outcome {
    let lock = FolderLock.acquire(folder, timeout: busyTimeout)
    if case .timedOut = lock { return Outcome(problems: [.locked]) }
    return withExtendedLifetime(lock) { openLocked() }
  }

  /// `open()` once no other process is opening the file.
  private func openLocked() -> Outcome {
    let thorough = readsDamageMark && DamageMark.isSet(on: path)
    let outcome = openChecking(thoroughly: thorough)
    if thorough, outcome.database != nil { DamageMark.clear(on: path) }
    return outcome
  }

  /// `openLocked()` with the whole file checked or only the tables the schema names.
  private func openChecking(thoroughly thorough: Bool) -> Outcome {
    var problems: [StoreProblem] = []
    switch inspect(thoroughly: thorough) {
    case .fine: break
    case .locked: return Outcome(problems: [.locked])
    case .damaged:
      guard StateFolder.isWritable(folder) else {
        return Outcome(problems: [.cannotSetAside("the \(noun) folder is read-only")])
      }
      switch StateFolder.setAside(path, now: Date().timeIntervalSince1970) {
      case .failure(let failure):
        return Outcome(problems: [.cannotSetAside(failure.reason)])
      case .success(let name):
        problems.append(.setAside(name))
      }
    }
    switch openWritable() {
    case .opened(let database):
      return Outcome(database: database, problems: problems)
    case .readOnly where problems.isEmpty && allowsReadOnly:
      return openReadOnly()
    case .readOnly:
      return Outcome(problems: problems + [.readOnly])
    case .damaged:
      return Outcome(problems: problems + [.cannotOpen("the \(noun) file is damaged")])
    case .locked:
      return Outcome(problems: problems + [.locked])
    case .failed(let reason):
      return Outcome(problems: problems + [.cannotOpen(reason)])
    }
  }

  /// Looks at the file through a read-only connection, so that a damaged file is set aside
  /// exactly as it was (a writing connection would migrate it, or checkpoint or delete its
  /// `-wal` file on closing). Anything inconclusive is left to the writable attempt.
  func inspect(thoroughly thorough: Bool) -> Inspection {
    guard let header = StateFolder.prefix(of: path, count: 16), !header.isEmpty else {
      return .fine
    }
    guard header == Array("SQLite format 3\0".utf8) else { return .damaged }
    do {
      let database = try openReadOnlyConnection()
      defer { try? database.close() }
      return try database.read { db in
        guard try schema.passesQuickCheck(db, thorough: thorough) else {
          return .damaged
        }
        return try schema.fitness(db) == .unusable ? .damaged : .fine
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
      try schema.migrate(database)
      guard try database.read(schema.fitness) == .usable else {
        try? database.close()
        return .damaged
      }
    } catch {
      try? database.close()
      return classify(error)
    }
    return .opened(database)
  }

  /// Opens the file read-only, so what it holds can still be read.
  func openReadOnly() -> Outcome {
    let database: DatabaseQueue
    do {
      database = try openReadOnlyConnection()
      guard try database.read(schema.fitness) == .usable else {
        try? database.close()
        return Outcome(problems: [.readOnly])
      }
    } catch {
      return Outcome(problems: [.readOnly])
    }
    return Outcome(database: database, isReadOnly: true, problems: [.readOnly])
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
    configuration.busyMode = .timeout(busyTimeout.inSeconds)
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
