import Glibc

/// A directory to watch and the name in it whose events count. Both are raw bytes, since file
/// names need not be UTF-8.
struct WatchedName: Hashable {
  /// The directory, absolute (it may hold `..` or symbolic links; the kernel resolves them).
  var directory: [UInt8]
  /// The last component of the path.
  var name: [UInt8]
}

/// Path arithmetic for `FileWatcher`, on bytes and without Foundation.
enum WatchedPath {
  private static let slash = UInt8(ascii: "/")
  /// How many symbolic links a chain may pass through, as the kernel allows (`SYMLOOP_MAX`).
  private static let maximumLinks = 40

  /// `path` made absolute against the current directory; nil when that cannot be read.
  static func absolute(_ path: [UInt8]) -> [UInt8]? {
    if path.first == slash { return path }
    guard let cwd = getcwd(nil, 0) else { return nil }
    defer { free(cwd) }
    let length = strlen(cwd)
    var result = cwd.withMemoryRebound(to: UInt8.self, capacity: length) {
      Array(UnsafeBufferPointer(start: $0, count: length))
    }
    if result.last != slash { result.append(slash) }
    return result + path
  }

  /// The directory and last component of an absolute path; nil when the last component cannot
  /// name a file (empty after a trailing `/`, `.` or `..`).
  static func split(_ path: [UInt8]) -> WatchedName? {
    guard let index = path.lastIndex(of: slash) else { return nil }
    let name = Array(path[(index + 1)...])
    guard !name.isEmpty, name != [UInt8(ascii: ".")],
      name != [UInt8(ascii: "."), UInt8(ascii: ".")]
    else { return nil }
    let directory = index == path.startIndex ? [slash] : Array(path[..<index])
    return WatchedName(directory: directory, name: name)
  }

  /// The names an absolute path leads through: its own, then that of each symbolic link's
  /// target in turn while the target is itself a link. Stops at a missing file, a loop or
  /// after `maximumLinks` links.
  static func chain(from path: [UInt8]) -> [WatchedName] {
    var names: [WatchedName] = []
    var current = path
    while names.count <= maximumLinks, let name = split(current), !names.contains(name) {
      names.append(name)
      guard let target = linkTarget(of: current), !target.isEmpty else { break }
      if target.first == slash {
        current = target
      } else {
        current = name.directory + (name.directory == [slash] ? [] : [slash]) + target
      }
    }
    return names
  }

  /// What the symbolic link at `path` points to; nil when it is not a link or cannot be read.
  static func linkTarget(of path: [UInt8]) -> [UInt8]? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(cString(path), &buffer, buffer.count)
    guard count >= 0, count < buffer.count else { return nil }
    return buffer[..<count].map { UInt8(bitPattern: $0) }
  }

  /// `bytes` NUL-terminated, to pass where C wants a path.
  static func cString(_ bytes: [UInt8]) -> [CChar] {
    bytes.map { CChar(bitPattern: $0) } + [0]
  }

  /// `bytes` for messages, invalid UTF-8 replaced.
  static func display(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
