extension TextCache {
  /// Opens (creating if needed) the cache file in `directory`, creating the folder with mode
  /// 0700 if missing. Never fails outright: the result carries the cache, or nil when there
  /// is none to use, and the problems met on the way.
  ///
  /// - A damaged file (not a database, shorter than its header says, failing `PRAGMA
  ///   quick_check` of its `document` table, or of a schema this code cannot use) is renamed
  ///   aside as `text-<timestamp>.sqlite`, with its `-wal` and `-shm` files, untouched, and a
  ///   new one is created. The whole file is checked only after a call met damage in it
  ///   (reading all of a full cache takes seconds from disk).
  /// - A file or folder that cannot be written gives no cache (a cache that cannot take new
  ///   text is not worth reading).
  /// - `limit` is how many blob bytes are kept; `busyTimeout` how long a read or write waits
  ///   for another process's write.
  public static func open(
    directory: String, limit: Int = defaultLimit, busyTimeout: Duration = .milliseconds(250)
  ) -> TextCacheOpening {
    if let reason = StateFolder.prepare(directory) {
      return TextCacheOpening(cache: nil, problems: [TextCacheProblem(.folderUnusable(reason))])
    }
    let path = directory + "/" + fileName
    var opener = StoreOpener(path: path, schema: TextCacheSchema.self, busyTimeout: busyTimeout)
    opener.allowsReadOnly = false
    opener.noun = "cache"
    opener.readsDamageMark = true
    let outcome = opener.open()
    let cache = outcome.database.map { TextCache(database: $0, path: path, limit: limit) }
    return TextCacheOpening(cache: cache, problems: outcome.problems.map(TextCacheProblem.init))
  }

  /// The cache folder: `$XDG_CACHE_HOME/folio` when that is set and absolute, else
  /// `$HOME/.cache/folio` (the account's home directory when `HOME` is not set).
  public static func defaultDirectory(environment: [String: String]) -> String {
    FolioDirectory.resolve("XDG_CACHE_HOME", orHome: ".cache", environment: environment)
  }
}
