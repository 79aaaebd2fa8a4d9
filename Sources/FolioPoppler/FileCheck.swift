import FolioCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Checks a path before Poppler sees it, so that each way a file can be unusable gets its own
/// clear reason: missing, a directory, unreadable, empty, or not a PDF at all.
enum FileCheck {
  /// PDF readers accept the `%PDF-` header anywhere in the first 1024 bytes.
  static let headerWindow = 1024

  static func checkPDF(at path: String) throws(DocumentError) {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw DocumentError.notFound }
      throw DocumentError.unreadable(reason: String(cString: strerror(code)))
    }
    if (info.st_mode & S_IFMT) == S_IFDIR { throw DocumentError.isDirectory }
    let fd = Glibc.open(path, O_RDONLY)
    guard fd >= 0 else {
      throw DocumentError.unreadable(reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: headerWindow)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, headerWindow) }
    guard count >= 0 else {
      throw DocumentError.unreadable(reason: String(cString: strerror(errno)))
    }
    if count == 0 { throw DocumentError.empty }
    let header: [UInt8] = Array("%PDF-".utf8)
    let head = buffer[0..<count]
    let found = head.indices.contains { start in
      start + header.count <= count && head[start..<start + header.count].elementsEqual(header)
    }
    if !found { throw DocumentError.notPDF }
  }
}
