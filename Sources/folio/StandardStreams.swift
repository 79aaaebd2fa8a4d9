import FolioTerminal
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes folio's picture output and its messages. A full disk or a pipe closed early (with
/// SIGPIPE ignored, as some launchers leave it) becomes a one-line error and status 1, where
/// Foundation's `FileHandle.write` would crash with a backtrace.
enum StandardStreams {
  /// Writes `text` to standard output, or throws a `Failure` saying why it could not.
  static func writeOutput(_ text: String, to descriptor: Int32 = STDOUT_FILENO) throws {
    if let code = write(text, to: descriptor) {
      throw Failure(
        path: nil, reason: "cannot write to standard output: " + String(cString: strerror(code)))
    }
  }

  /// Writes `text` to standard error. A failure there has nowhere to be reported and is
  /// dropped.
  static func writeError(_ text: String) {
    _ = write(text, to: ErrorStream.real)
  }

  /// Writes all of `text` to `descriptor`, retrying interrupted and partial writes; the
  /// `errno` of the write that failed, or nil.
  private static func write(_ text: String, to descriptor: Int32) -> Int32? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { buffer -> Int32? in
      guard let base = buffer.baseAddress else { return nil }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return errno
        }
        offset += written
      }
      return nil
    }
  }
}
