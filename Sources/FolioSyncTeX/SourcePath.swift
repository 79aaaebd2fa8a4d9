import Glibc

/// Paths made absolute and normalized by their text alone (no symbolic link is followed, and
/// the file need not exist): the way source names are matched and reported.
enum SourcePath {
  /// `path` made absolute against `folder` when it is relative, then normalized: empty and `.`
  /// parts dropped, each `..` taking out the part before it (never above the root).
  static func absolute(_ path: String, in folder: String) -> String {
    let joined = path.hasPrefix("/") ? path : folder + "/" + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// The folder of the absolute, normalized `path` (`/` for a file at the root).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  /// The process's working directory, or `/` when it cannot be read.
  static var workingDirectory: String {
    guard let buffer = getcwd(nil, 0) else { return "/" }
    defer { free(buffer) }
    return String(cString: buffer)
  }
}
