extension PlaceStore {
  /// Opens (creating if needed) the state file in `directory`, creating the folder with mode
  /// 0700 if missing. Never fails outright: the result carries the store, or nil when places
  /// cannot be read at all, and the problems met on the way.
  ///
  /// - A damaged file (not a database, failing `PRAGMA quick_check`, or of a schema this code
  ///   cannot use) is renamed aside as `places-<timestamp>.sqlite`, with its `-wal` and `-shm`
  ///   files, untouched, and a new one is created.
  /// - A file or folder that cannot be written is opened read-only: places are restored, and
  ///   `save` throws `.readOnly`.
  /// - `busyTimeout` is how long a read or save waits for another process's write;
  ///   `capacity` how many documents are remembered.
  public static func open(
    directory: String, busyTimeout: Duration = .milliseconds(250),
    capacity: Int = defaultCapacity
  ) -> PlaceStoreOpening {
    if let reason = StateFolder.prepare(directory) {
      return PlaceStoreOpening(store: nil, problems: [.folderUnusable(reason)])
    }
    let path = directory + "/" + fileName
    let opener = StoreOpener(path: path, schema: PlaceSchema.self, busyTimeout: busyTimeout)
    let outcome = opener.open()
    let store = outcome.database.map { database in
      PlaceStore(
        database: database, path: path, isReadOnly: outcome.isReadOnly, capacity: capacity)
    }
    return PlaceStoreOpening(store: store, problems: outcome.problems)
  }
}
