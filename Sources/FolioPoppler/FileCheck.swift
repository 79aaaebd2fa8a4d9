import FolioCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Checks a path before Poppler sees it, so that each way a file can be unusable gets its own
/// clear reason: missing, a directory, unreadable, empty, or not a PDF at all.
///
/// A stream (a pipe such as `folio <(curl …)` or `… | folio -`, a socket, a character
/// device) can be read only once and only in order, while Poppler seeks and every render
/// thread opens the document again; its bytes are therefore copied into an anonymous file
/// first, and that file is what gets opened.
enum FileCheck {
  /// PDF readers accept the `%PDF-` header anywhere in the first 1024 bytes.
  static let headerWindow = 1024
  /// The most a stream is copied (a runaway stream must not fill the disk): 4 GiB.
  static let largestStream = 4 << 30

  /// Checks the file at `path` and returns the path to open it by: `path` itself, or for a
  /// stream the copy of everything it delivered.
  static func checkPDF(at path: String) throws(DocumentError) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw DocumentError.notFound }
      throw DocumentError.unreadable(reason: String(cString: strerror(code)))
    }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFDIR { throw DocumentError.isDirectory }
    let fd = Glibc.open(path, O_RDONLY)
    guard fd >= 0 else {
      throw DocumentError.unreadable(reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    let head = try readFully(fd, count: headerWindow)
    if head.isEmpty { throw DocumentError.empty }
    let header: [UInt8] = Array("%PDF-".utf8)
    let found = head.indices.contains { start in
      start + header.count <= head.count
        && head[start..<start + header.count].elementsEqual(header)
    }
    if !found { throw DocumentError.notPDF }
    if kind == S_IFREG || kind == S_IFBLK { return path }
    return try copyStream(fd, startingWith: head)
  }

  /// Up to `count` bytes from `fd`, fewer only at the end of its data (a pipe hands over what
  /// it has, so one read may return less).
  private static func readFully(_ fd: Int32, count: Int) throws(DocumentError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
      if got < 0 && errno == EINTR { continue }
      guard got >= 0 else {
        throw DocumentError.unreadable(reason: String(cString: strerror(errno)))
      }
      if got == 0 { break }
      filled += got
    }
    return Array(bytes[0..<filled])
  }

  /// Copies `head` and the rest of the stream `fd` into a temporary file that is unlinked at
  /// once and stays open for the life of the process (nothing is left behind, however the
  /// process ends); returns its `/proc/self/fd` path, which opens it again.
  private static func copyStream(_ fd: Int32, startingWith head: [UInt8]) throws(DocumentError)
    -> String
  {
    let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/tmp"
    var template = Array((directory + "/folio-stream-XXXXXX").utf8CString)
    let copy = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard copy >= 0 else {
      throw DocumentError.unreadable(
        reason: "cannot copy the stream to \(directory): " + String(cString: strerror(errno)))
    }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    func fail(_ reason: String) -> DocumentError {
      close(copy)
      return DocumentError.unreadable(reason: reason)
    }
    func write(_ bytes: ArraySlice<UInt8>) -> Bool {
      var done = bytes.startIndex
      while done < bytes.endIndex {
        let wrote = bytes[done...].withUnsafeBytes { Glibc.write(copy, $0.baseAddress, $0.count) }
        if wrote < 0 && errno == EINTR { continue }
        if wrote <= 0 { return false }
        done += wrote
      }
      return true
    }
    guard write(head[...]) else {
      throw fail("cannot copy the stream: " + String(cString: strerror(errno)))
    }
    var total = head.count
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if got < 0 && errno == EINTR { continue }
      guard got >= 0 else { throw fail(String(cString: strerror(errno))) }
      if got == 0 { break }
      total += got
      guard total <= largestStream else {
        throw fail("the stream is larger than \(largestStream >> 30) GiB")
      }
      guard write(chunk[0..<got]) else {
        throw fail("cannot copy the stream: " + String(cString: strerror(errno)))
      }
    }
    let reopened = "/proc/self/fd/\(copy)"
    guard access(reopened, R_OK) == 0 else {
      throw fail("cannot reopen the copy of the stream (is /proc mounted?)")
    }
    return reopened
  }
}
