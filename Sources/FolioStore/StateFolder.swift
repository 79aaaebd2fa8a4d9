import Glibc

/// The folder a store's file lives in (the state folder for places, the cache folder for
/// text), and the file operations on it that are not SQLite's: creating the folder, checking
/// that it can be written, and renaming a damaged file aside.
enum StateFolder {
  /// Creates `path` and any missing parent with mode 0700; nil when it exists or was made,
  /// else the system's reason.
  static func prepare(_ path: String) -> String? {
    var status = stat()
    if stat(path, &status) == 0 {
      return (status.st_mode & S_IFMT) == S_IFDIR ? nil : String(cString: strerror(ENOTDIR))
    }
    let parent = parentPath(of: path)
    if parent != path, let reason = prepare(parent) { return reason }
    if mkdir(path, 0o700) == 0 || errno == EEXIST { return nil }
    return String(cString: strerror(errno))
  }

  /// Whether the process may write `path` (false for read-only mounts and, even for root,
  /// immutable files and folders).
  static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

  /// Whether anything exists at `path`.
  static func exists(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) == 0
  }

  /// The first `count` bytes of the file at `path` (fewer if it is shorter), or nil if it
  /// cannot be read.
  static func prefix(of path: String, count: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: count)
    let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
    return got < 0 ? nil : Array(bytes.prefix(got))
  }

  /// Renames the database file at `path` (and its `-wal` and `-shm` files, if present) aside
  /// in the same folder with a timestamp after its stem (`places.sqlite` as
  /// `places-<timestamp>.sqlite`), never replacing a file; returns the new file name, or the
  /// reason it could not be done.
  static func setAside(_ path: String, now: Double) -> Result<String, SetAsideFailure> {
    let folder = parentPath(of: path)
    let (stem, suffix) = splitExtension(lastComponent(of: path))
    let stamp = timestamp(now)
    for attempt in 1...100 {
      let name =
        attempt == 1 ? "\(stem)-\(stamp)\(suffix)" : "\(stem)-\(stamp)-\(attempt)\(suffix)"
      let target = folder + "/" + name
      guard !exists(target + "-wal"), !exists(target + "-shm") else { continue }
      switch move(path, to: target) {
      case .some(EEXIST): continue
      case .some(let code): return .failure(SetAsideFailure(code: code))
      case .none: break
      }
      // A journal left beside a new database would be replayed into it: move it or give up.
      for suffix in ["-wal", "-shm"] where exists(path + suffix) {
        if let code = move(path + suffix, to: target + suffix) {
          return .failure(SetAsideFailure(code: code))
        }
      }
      return .success(name)
    }
    return .failure(SetAsideFailure(code: EEXIST))
  }

  /// Moves `source` to `target` unless `target` exists: a hard link then an unlink (atomic
  /// about existing targets), or a checked rename where hard links are not supported.
  /// Returns nil on success, else the `errno` value.
  private static func move(_ source: String, to target: String) -> Int32? {
    if link(source, target) == 0 {
      return unlink(source) == 0 ? nil : errno
    }
    let code = errno
    guard [EPERM, EXDEV, EMLINK, ENOTSUP, EOPNOTSUPP].contains(code) else { return code }
    if exists(target) { return EEXIST }
    return rename(source, target) == 0 ? nil : errno
  }

  /// Local time as `YYYYMMDD-HHMMSS`.
  static func timestamp(_ secondsSince1970: Double) -> String {
    var time = time_t(secondsSince1970.rounded(.down))
    var parts = tm()
    localtime_r(&time, &parts)
    var buffer = [CChar](repeating: 0, count: 32)
    let count = strftime(&buffer, buffer.count, "%Y%m%d-%H%M%S", &parts)
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The last component of `path` (the whole of it when it has no slash).
  static func lastComponent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  /// A file name as its stem and its extension with the dot (`("text", ".sqlite")`; the
  /// extension is empty when the name has no dot after its first character).
  static func splitExtension(_ name: String) -> (stem: String, suffix: String) {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
    return (String(name[..<dot]), String(name[dot...]))
  }

  /// `path` without its last component ("/" for a top-level entry, "." for a bare name).
  static func parentPath(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let parent = trimmed[..<slash]
    return parent.isEmpty ? "/" : String(parent)
  }
}

/// Why a damaged file could not be renamed aside.
struct SetAsideFailure: Error {
  /// The `errno` value.
  let code: Int32

  var reason: String { String(cString: strerror(code)) }
}
