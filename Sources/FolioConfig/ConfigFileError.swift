import Foundation

/// Why a config file could not be read at all (what is in it never makes one of these).
public enum ConfigFileError: Error, Equatable {
  /// No file there.
  case missing
  /// A directory there.
  case directory
  /// A device or a socket there: nothing a config is read from.
  case notAFile
  /// The file cannot be opened or read (the system's reason).
  case unreadable(String)
  /// Larger than `ConfigFile.largestSize`.
  case tooLarge

  /// The reason, as a phrase to follow the file's name.
  public var reason: String {
    switch self {
    case .missing: return "no such file"
    case .directory: return "is a directory, not a config file"
    case .notAFile: return "is not a file"
    case .unreadable(let reason): return "cannot be read (\(reason))"
    case .tooLarge: return "is larger than \(ConfigFile.largestSize >> 20) MiB: not a config file"
    }
  }

  /// The bytes of the file at `path`: a regular file or a pipe (`--config <(…)`), read up
  /// to one byte past the largest size, so a device or an endless pipe cannot hold it up.
  static func contents(of path: String) throws(ConfigFileError) -> [UInt8] {
    var status = stat()
    guard stat(path, &status) == 0 else {
      if errno == ENOENT || errno == ENOTDIR { throw .missing }
      throw .unreadable(String(cString: strerror(errno)))
    }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: throw .directory
    case S_IFREG, S_IFIFO: break
    default: throw .notAFile
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while bytes.count <= ConfigFile.largestSize {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(String(cString: strerror(errno)))
      }
      if count == 0 { return bytes }
      bytes += buffer[..<count]
    }
    throw .tooLarge
  }
}
