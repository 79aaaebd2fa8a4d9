import FolioCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file with no name on disk that lasts as long as the process: what a stream or built-in
/// bytes become, so that Poppler, and every render thread after it, can open them by path.
/// It is unlinked the moment it is made, so nothing is left behind however the process ends.
enum AnonymousFile {
  /// Makes one in `$TMPDIR` (else /tmp), lets `fill` write its contents through the
  /// descriptor, and returns the path that opens it again (`/proc/self/fd/N`).
  static func make(fill: (Int32) throws(DocumentError) -> Void) throws(DocumentError) -> String {
    let directory =
      ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((directory + "/folio-XXXXXX").utf8CString)
    let file = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    guard file >= 0 else {
      throw DocumentError.unreadable(
        reason: "cannot make a temporary file in \(directory): " + String(cString: strerror(errno)))
    }
    template.withUnsafeBufferPointer { _ = $0.baseAddress.map { unlink($0) } }
    do {
      try fill(file)
    } catch {
      close(file)
      throw error
    }
    let reopened = "/proc/self/fd/\(file)"
    guard access(reopened, R_OK) == 0 else {
      close(file)
      throw DocumentError.unreadable(reason: "cannot reopen a temporary file (is /proc mounted?)")
    }
    return reopened
  }

  /// Writes all of `bytes` to `file`; false (with `errno` set) when the system refuses.
  static func write(_ file: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var done = 0
    while done < bytes.count {
      guard let base = bytes.baseAddress else { return false }
      let wrote = Glibc.write(file, base + done, bytes.count - done)
      if wrote < 0 && errno == EINTR { continue }
      if wrote <= 0 { return false }
      done += wrote
    }
    return true
  }
}
