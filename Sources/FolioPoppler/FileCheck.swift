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
/// thread opens the document again; its bytes are therefore copied into an `AnonymousFile`
/// first, and that file is what gets opened.
enum FileCheck {
  /// PDF readers accept the `%PDF-` header anywhere in the first 1024 bytes.
  static let headerWindow = 1024
  /// The most a stream is copied (a runaway stream must not fill the disk): 4 GiB.
  static let largestStream = 4 << 30

  /// Whether the last 1024 bytes of the file at `path` hold `%%EOF`, the marker a PDF writer
  /// puts at the end: a file without it is most likely still being written.
  static func hasEndMarker(at path: String) -> Bool {
    let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return false }
    let count = Int(min(info.st_size, off_t(headerWindow)))
    guard count > 0 else { return false }
    var tail = [UInt8](repeating: 0, count: count)
    let read = tail.withUnsafeMutableBytes {
      pread(fd, $0.baseAddress, count, info.st_size - off_t(count))
    }
    guard read == count else { return false }
    let marker = Array("%%EOF".utf8)
    guard tail.count >= marker.count else { return false }
    return (0...(tail.count - marker.count)).contains { start in
      tail[start..<(start + marker.count)].elementsEqual(marker)
    }
  }

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
    let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw DocumentError.unreadable(reason: String(cString: strerror(errno)))
    }
    defer { close(fd) }
    let isFile = kind == S_IFREG || kind == S_IFBLK
    return try checkPDF(reading: fd, isFile: isFile) ?? path
  }

  /// Checks standard input (any kind: file, pipe, socket) and returns a path that opens what it
  /// holds for as long as the process runs: a duplicate of the descriptor for a file (its
  /// name may be unknown, and descriptor 0 may be replaced later), else a copy of the stream.
  static func checkStandardInput() throws(DocumentError) -> String {
    var info = stat()
    guard fstat(STDIN_FILENO, &info) == 0 else {
      throw DocumentError.unreadable(reason: String(cString: strerror(errno)))
    }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFDIR { throw DocumentError.isDirectory }
    let isFile = kind == S_IFREG || kind == S_IFBLK
    if let copy = try checkPDF(reading: STDIN_FILENO, isFile: isFile) { return copy }
    // A file: reopened through its own duplicate, from its start (a new open file description).
    let duplicate = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3)
    guard duplicate >= 0 else {
      throw DocumentError.unreadable(reason: String(cString: strerror(errno)))
    }
    return "/proc/self/fd/\(duplicate)"
  }

  /// Checks the header read from `fd`; for a stream (`isFile` false) returns the path of the
  /// copy of all it delivers, for a file nil (its path opens it).
  private static func checkPDF(reading fd: Int32, isFile: Bool) throws(DocumentError) -> String? {
    let head = try readFully(fd, count: headerWindow)
    if head.isEmpty { throw DocumentError.empty }
    let header: [UInt8] = Array("%PDF-".utf8)
    let found = head.indices.contains { start in
      start + header.count <= head.count
        && head[start..<start + header.count].elementsEqual(header)
    }
    if !found { throw DocumentError.notPDF }
    if isFile { return nil }
    return try copyStream(fd, startingWith: head)
  }

  /// Up to `count` bytes from `fd`, fewer only at the end of its data (a pipe hands over what
  /// it has, so one read may return less).
  private static func readFully(_ fd: Int32, count: Int) throws(DocumentError) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes {
        $0.baseAddress.map { read(fd, $0 + filled, count - filled) } ?? -1
      }
      if got < 0 && errno == EINTR { continue }
      guard got >= 0 else {
        throw DocumentError.unreadable(reason: String(cString: strerror(errno)))
      }
      if got == 0 { break }
      filled += got
    }
    return Array(bytes[0..<filled])
  }

  /// Copies `head` and the rest of the stream `fd` into an anonymous file and returns the
  /// path that opens it.
  private static func copyStream(_ fd: Int32, startingWith head: [UInt8]) throws(DocumentError)
    -> String
  {
    try AnonymousFile.make { (copy: Int32) throws(DocumentError) in
      func failure() -> DocumentError {
        DocumentError.unreadable(
          reason: "cannot copy the stream: " + String(cString: strerror(errno)))
      }
      guard head.withUnsafeBytes({ AnonymousFile.write(copy, $0) }) else { throw failure() }
      var total = head.count
      var chunk = [UInt8](repeating: 0, count: 1 << 20)
      while true {
        let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if got < 0 && errno == EINTR { continue }
        guard got >= 0 else {
          throw DocumentError.unreadable(reason: String(cString: strerror(errno)))
        }
        if got == 0 { return }
        total += got
        guard total <= largestStream else {
          throw DocumentError.unreadable(
            reason: "the stream is larger than \(largestStream >> 30) GiB")
        }
        let wrote = chunk.withUnsafeBytes { all in
          AnonymousFile.write(copy, UnsafeRawBufferPointer(rebasing: all[0..<got]))
        }
        guard wrote else { throw failure() }
      }
    }
  }
}
